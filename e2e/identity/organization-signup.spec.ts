import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { enterCode, expectNoHorizontalScroll, screenshotPath, totpCode, uniqueEmail } from './support.ts';

const PASSWORD = 'Bunker-Fuel-2025!';

const fillStepOne = async (page: Page, email: string) => {
  await page.getByLabel('Organisation name').fill('Kattegat Tankers');
  await page.getByLabel('First name').fill('Freja');
  await page.getByLabel('Last name').fill('Holm');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
};

test('organisation sign-up with an authenticator app ends signed in on the dashboard', async ({ page }, testInfo) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('freja');
  await page.goto('/auth/organization-signup');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await fillStepOne(page, email);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', /Strong/);
  await page.screenshot({ path: screenshotPath('signup-step1-dark.png', (n) => testInfo.outputPath(n)), fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/organization-signup\/details$/);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  const stored = await page.evaluate(() => sessionStorage.getItem('organization_signup_data') ?? '');
  expect(JSON.parse(stored)).toMatchObject({ organizationName: 'Kattegat Tankers', email });
  expect(stored).not.toContain(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();
  await page.getByLabel('Industry').selectOption('shipping');
  await page.getByLabel('Company size').selectOption('51-200');
  await page.getByLabel('Website (optional)').fill('https://kattegat-tankers.example');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/organization-signup\/mfa$/);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  await page.getByRole('radio', { name: /Authenticator App/ }).check();
  await page.screenshot({ path: screenshotPath('signup-step3-dark.png', (n) => testInfo.outputPath(n)), fullPage: true });
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await page.getByRole('button', { name: 'I have an app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: screenshotPath('signup-scan-dark.png', (n) => testInfo.outputPath(n)), fullPage: true });
  await page.getByRole('button', { name: "I've scanned the code" }).click();
  await enterCode(page, await totpCode(secret));

  await expect(page).toHaveURL(/\/auth\/organization-signup\/welcome$/);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('heading', { name: 'Welcome to Tidewise, Freja!' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Freja' })).toBeVisible();
  await expect(page.getByText('You are signed in to Kattegat Tankers.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('organization_signup_data'))).toBeNull();
  expect(errors).toEqual([]);
});

test('after a reload the sign-up asks for the password again instead of keeping it', async ({ page }) => {
  await page.goto('/auth/organization-signup');
  await fillStepOne(page, uniqueEmail('reload'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Industry').selectOption('logistics');
  await page.getByLabel('Company size').selectOption('1-10');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByText("we don't keep your password")).toBeVisible();
});

test('sign-up steps 2 to 4 without saved data go back to step 1', async ({ page }) => {
  for (const step of ['details', 'mfa', 'welcome']) {
    await page.goto(`/auth/organization-signup/${step}`);
    await expect(page).toHaveURL(/\/auth\/organization-signup$/);
  }
});

for (const width of [375, 768, 1440]) {
  test(`sign-up step 1 fits ${width} px in both themes`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth/organization-signup');
    await expectNoHorizontalScroll(page);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expectNoHorizontalScroll(page);
    if (width === 375)
      await page.screenshot({ path: screenshotPath('signup-step1-light-375.png', (n) => testInfo.outputPath(n)), fullPage: true });
  });
}
