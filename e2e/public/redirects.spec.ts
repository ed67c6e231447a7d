import { expect, test } from '@playwright/test';

for (const legacy of ['/register', '/old-register']) {
  test(`${legacy} forwards to /auth/register and keeps the query string`, async ({ page }) => {
    await page.goto(`${legacy}?token=inv_123abc&lang=da`);
    await expect(page).toHaveURL(/\/auth\/register\?token=inv_123abc&lang=da$/);
  });

  test(`${legacy} without a query string forwards to /auth/register`, async ({ page }) => {
    await page.goto(legacy);
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
}
