import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watchConsole } from '../support/console.ts';
import { DEMO, expectNoHorizontalScroll, screenshotPath, signInWithEmailCode, submitCredentials } from './support.ts';

test('sign-in with the Email method reads the code from the outbox and opens the dashboard', async ({ page, request }) => {
  const errors = watchConsole(page);
  await page.goto('/auth/login');
  await expect(page).toHaveTitle(/Sign in · Tidewise/);
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.admin.firstName}` })).toBeVisible();
  // The login token never shows in the address bar, and the MFA state is gone after the callback.
  expect(await page.evaluate(() => [sessionStorage.getItem('mfa_user_id'), sessionStorage.getItem('mfa_token')])).toEqual([null, null]);
  expect(errors).toEqual([]);
});

test('both fields are required, and a wrong password shows the server message in a red alert', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await submitCredentials(page, DEMO.admin.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the sign-in links lead to password reset and to the contact page', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Request access' })).toHaveAttribute('href', '/contact?reason=demo');
});

test('MFA screens without their state go back to sign-in', async ({ page }) => {
  await page.goto('/auth/mfa/verify?login=true');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/mfa/email-verify?userId=123&login=true');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the sign-in page is accessible and fits 375, 768 and 1440 px in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.goto('/auth/login');
    if (theme === 'light') await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalScroll(page);
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: screenshotPath(`login-${theme}-1440.png`, (n) => testInfo.outputPath(n)), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: screenshotPath(`login-${theme}-375.png`, (n) => testInfo.outputPath(n)), fullPage: true });
  });
}
