import { expect, type Route, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { enterCode } from './support.ts';

test('a supplier link without a token says the link is invalid', async ({ page }) => {
  await page.goto('/supplier/register');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Invalid Link');
  await expect(alert).toContainText('Invalid or missing invitation token. Please use the link from your invitation email.');
  await expect(alert).toContainText('contact the person who sent you the invitation');
});

test('an unknown or used invitation token is refused by the server', async ({ page }) => {
  await page.goto('/supplier/register?token=no-such-invitation');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Invalid or Expired Token');
  await expect(alert).toContainText('Invalid or expired invitation token');
  await expect(page.getByRole('button', { name: 'Start Registration' })).toHaveCount(0);
});

test('the email change notice explains what happens next', async ({ page }) => {
  await page.goto('/supplier/email-change-pending');
  await expect(page.getByRole('heading', { name: 'Email change pending' })).toBeVisible();
  await expect(page.getByText('you will receive an email confirmation with a new invitation link')).toBeVisible();
});

/**
 * The whole invited flow against a stand-in API: the server offers no way yet to create an
 * invitation from outside (see the report), so the answers below follow its contract verbatim.
 */
test('invited supplier registration: welcome, password rules, email code, then the app', async ({ page }) => {
  const errors = watchConsole(page);
  const calls: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  const answer = (route: Route, data: unknown) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName: string; variables: Record<string, unknown> };
    calls.push(body);
    switch (body.operationName) {
      case 'ValidateAuthenticationToken':
        return answer(route, {
          validateAuthenticationToken: {
            id: 'u-1',
            email: 'ops@baltic-bunkering.example',
            organizationUser: {
              id: 'ou-1',
              firstName: 'Lina',
              lastName: 'Berg',
              organization: { id: 'o-2', name: 'Baltic Bunkering', createdByOrganization: { id: 'o-1', name: 'Nordwind Shipping' } },
            },
          },
        });
      case 'Register':
        return answer(route, { register: { userId: 'u-1', qrCodeDataURL: null } });
      case 'VerifyEmailMfa':
        return answer(route, { verifyEmailMfa: { token: 'handoff-1' } });
      case 'RefreshToken':
        return answer(route, {
          refreshToken: {
            token: 'access-1',
            refreshToken: 'refresh-1',
            user: {
              id: 'u-1',
              role: 'supplier_contributor',
              language: 'en',
              email: 'ops@baltic-bunkering.example',
              organizationUser: {
                id: 'ou-1',
                organizationId: 'o-2',
                firstName: 'Lina',
                lastName: 'Berg',
                organization: { id: 'o-2', name: 'Baltic Bunkering', organizationType: 'supplier', organizationTypeLabel: 'Supplier' },
              },
            },
          },
        });
      default:
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ data: null, errors: [{ message: 'Not available', extensions: { code: 'FORBIDDEN' } }] }),
        });
    }
  });

  await page.goto('/supplier/register?token=invite-123');
  await expect(page.getByText('NORDWIND SHIPPING')).toBeVisible();
  await expect(page.getByText('ops@baltic-bunkering.example')).toBeVisible();
  await page.getByRole('button', { name: 'Start Registration' }).click();

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('other');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Bunker-Line-42!');
  await page.getByLabel('Confirm password').fill('Bunker-Line-42!');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await enterCode(page, '246810');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Lina' })).toBeVisible();

  const register = calls.find((c) => c.operationName === 'Register');
  expect(register?.variables).toEqual({ input: { token: 'invite-123', password: 'Bunker-Line-42!', mfaMethod: 'Email' } });
  expect(calls.find((c) => c.operationName === 'VerifyEmailMfa')?.variables).toEqual({ input: { userId: 'u-1', code: '246810' } });
  expect(calls.find((c) => c.operationName === 'RefreshToken')?.variables).toEqual({ token: 'handoff-1' });
  expect(errors).toEqual([]);
});
