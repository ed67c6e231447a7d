import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';

test('the home page opens in the dark theme, switches theme and remembers it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/light/);
  const lightBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(lightBackground).not.toBe(background);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(errors).toEqual([]);
});

for (const width of [375, 768, 1440]) {
  test(`the public layout fits ${width} px without horizontal scrolling`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const desktopNav = page.getByRole('navigation', { name: 'Main' });
    if (width < 768) {
      await expect(desktopNav).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    } else {
      await expect(desktopNav).toBeVisible();
    }
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a reload on a client route serves the app, and an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/auth/login');
  expect(response?.status()).toBe(200);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the Login button leads to the sign-in page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
