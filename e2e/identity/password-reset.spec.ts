import { type APIRequestContext, expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { DEMO, enterCode, outboxWatcher, signInWithEmailCode } from './support.ts';

const NEW_PASSWORD = 'Quay-Side-Reset-77!';

/** Resets a password through the API as the screens do, so later specs find the demo account as seeded. */
const resetPasswordThroughApi = async (request: APIRequestContext, email: string, password: string) => {
  const call = async (query: string, input: Record<string, string>) => {
    const response = await request.post('/graphql', { data: { query, variables: { input } } });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    expect(body.errors, query).toBeUndefined();
    return body.data ?? {};
  };
  const code = await outboxWatcher(request, email, 'reset-code');
  const requested = await call('mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) }', { authKey: email });
  const token = String(requested.passwordResetRequest);
  await call('mutation($input: PasswordResetValidateInput!) { passwordResetValidate(input: $input) { success } }', {
    token,
    code: await code(),
  });
  await call('mutation($input: PasswordResetInput!) { passwordReset(input: $input) { success } }', { token, password });
};

test('password reset end to end: code, resend, new password, success, then sign-in with it', async ({ page, request }) => {
  const errors = watchConsole(page);
  const { email } = DEMO.supplier;
  await page.goto('/auth/forgot-password');
  const sendButton = page.getByRole('button', { name: 'Send Reset Code' });
  await expect(sendButton).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  const firstCode = await outboxWatcher(request, email, 'reset-code');
  await sendButton.click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await firstCode();
  await page.getByRole('link', { name: 'Enter Verification Code' }).click();

  await expect(page).toHaveURL(/\/auth\/reset-password\/validate$/);
  const resentCode = await outboxWatcher(request, email, 'reset-code');
  await page.getByRole('button', { name: 'Resend' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'A new code is on its way' });
  await expect(notice).toBeVisible();
  const code = await resentCode();
  await expect(notice).toBeHidden({ timeout: 8_000 });

  await enterCode(page, code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert').filter({ hasText: /verification code/i })).toBeVisible();
  await enterCode(page, code);

  await expect(page).toHaveURL(/\/auth\/reset-password\/new$/);
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', /Weak/);
  await expect(reset).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', /Strong/);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(reset).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await reset.click();

  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 6_000 });
  await signInWithEmailCode(page, request, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.supplier.firstName}` })).toBeVisible();
  expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  await resetPasswordThroughApi(request, email, DEMO.supplier.password);
});

test('reset screens without a reset in progress go back to forgot password', async ({ page }) => {
  await page.goto('/auth/reset-password/validate');
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.goto('/auth/reset-password/new');
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test('Start over forgets the reset and Try again returns to the form', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill('nobody@e2e.example');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Send Reset Code' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await page.getByRole('link', { name: 'Enter Verification Code' }).click();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  expect(await page.evaluate(() => sessionStorage.getItem('reset_token'))).toBeNull();
});
