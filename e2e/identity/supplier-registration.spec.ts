import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import {
  apiSignIn,
  DEMO,
  enterCode,
  graphql,
  invitationLink,
  outboxWatcher,
  signInWithEmailCode,
  totpCode,
  uniqueEmail,
} from './support.ts';

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

const PASSWORD = 'Bunker-Line-42!';

/**
 * The whole invited flow on the real server: the demo customer administrator invites a supplier on
 * the suppliers screen, and the contact registers from the emailed link (Welcome, password, email
 * code) and ends signed in to the supplier organisation.
 */
test('invited supplier registration: welcome, password rules, email code, then the app', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const adminErrors = watchConsole(page);
  const contact = uniqueEmail('supplier');
  const supplierName = `Baltic Bunkering ${Date.now().toString(36)}`;

  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  // The session lives in memory, so the app is navigated rather than reloaded.
  await page.getByRole('link', { name: 'Suppliers', exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/suppliers$/);
  await page.getByRole('button', { name: 'Invite supplier' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a supplier' });
  await dialog.getByLabel('Supplier organisation').fill(supplierName);
  await dialog.getByLabel('Contact first name').fill('Lina');
  await dialog.getByLabel('Contact last name').fill('Berg');
  await dialog.getByLabel('Contact email').fill(contact);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${contact}`)).toBeVisible();
  expect(adminErrors).toEqual([]);

  const link = await invitationLink(request, contact, 'supplier-invitation');
  expect(link).toMatch(/^\/supplier\/register\?token=/);
  const supplierContext = await browser.newContext();
  const supplier = await supplierContext.newPage();
  const errors = watchConsole(supplier);
  await supplier.goto(link);
  await expect(supplier.getByText('NORDWIND SHIPPING')).toBeVisible();
  await expect(supplier.getByText(contact)).toBeVisible();
  await supplier.getByRole('button', { name: 'Start Registration' }).click();

  await expect(supplier.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await supplier.getByLabel('Password', { exact: true }).fill('short');
  await supplier.getByLabel('Confirm password').fill('other');
  await supplier.getByRole('button', { name: 'Create Account' }).click();
  await expect(supplier.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(supplier.getByText('Passwords do not match')).toBeVisible();
  await supplier.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await supplier.getByLabel('Confirm password').fill(PASSWORD);
  const nextCode = await outboxWatcher(request, contact, 'setup-code');
  await supplier.getByRole('button', { name: 'Create Account' }).click();

  await expect(supplier.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await enterCode(supplier, await nextCode());
  await expect(supplier).toHaveURL(/\/app$/);
  await expect(supplier.getByRole('heading', { name: 'Welcome, Lina' })).toBeVisible();
  await expect(supplier.getByText(`You are signed in to ${supplierName}.`)).toBeVisible();
  expect(errors).toEqual([]);

  // The link has done its work: opening it again is refused by the server.
  await supplier.goto(link);
  await expect(supplier.getByRole('alert')).toContainText('Invalid or Expired Token');
  await supplierContext.close();
});

/**
 * An organisation user created by the administrator (createOrganizationUser) registers through
 * /auth/register?token= with an authenticator app, typing the setup key shown under the QR code.
 */
test('an invited organisation user registers with an authenticator app from the setup key', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const email = uniqueEmail('colleague');
  const adminToken = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  await graphql(
    request,
    'mutation($input: CreateOrganizationUserInput!) { createOrganizationUser(input: $input) { id } }',
    { input: { email, firstName: 'Mads', lastName: 'Lund', roleKey: 'contributor' } },
    adminToken,
  );
  const link = await invitationLink(request, email, 'user-invitation');
  expect(link).toMatch(/^\/auth\/register\?token=/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('You have been invited to join Nordwind Shipping on Tidewise.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('radio', { name: /Authenticator App/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/auth\/register\/mfa$/);
  await page.getByRole('button', { name: 'I have an app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('button', { name: "I've scanned the code" }).click();
  await enterCode(page, await totpCode(key));

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Mads' })).toBeVisible();
  await expect(page.getByText('You are signed in to Nordwind Shipping.')).toBeVisible();
  expect(errors).toEqual([]);
});
