import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { DEMO, enterCode, signInWithEmailCode, uniqueEmail } from '../identity/support.ts';
import { administrationMenu, invitationPath, openFromMenu, registrationCode } from './support.ts';

const PASSWORD = 'Quay-Side-2025!';

/**
 * The administration story end to end, on the real server: the demo administrator invites a
 * colleague as a viewer, the colleague registers from the emailed link and sees no administration
 * menu; the administrator invites a supplier, the supplier registers, the relationship is active on
 * both sides, and the audit log records each step with its chain verified.
 */
test('an administrator invites a viewer and a supplier; both register; the audit log shows each step', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const colleague = uniqueEmail('colleague');
  const supplierContact = uniqueEmail('supplier');
  const supplierName = `Skagerrak Bunkers ${Date.now().toString(36)}`;

  // The administrator signs in and sees the administration menu.
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(administrationMenu(page).getByRole('link', { name: 'Users' })).toBeVisible();

  // Invite a colleague with the viewer role.
  await openFromMenu(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByLabel('First name').fill('Mette');
  await invite.getByLabel('Last name').fill('Lund');
  await invite.getByLabel('Email').fill(colleague);
  await invite.getByLabel('Role').selectOption({ label: 'Viewer' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}.`)).toBeVisible();
  const invitedRow = page.getByRole('row').filter({ hasText: 'Mette Lund' });
  await expect(invitedRow.getByText('Invited', { exact: true })).toBeVisible();
  await expect(invitedRow.getByRole('cell', { name: 'Viewer', exact: true })).toBeVisible();

  // The colleague registers from the emailed link (Email code) and lands in the app without administration.
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  const colleagueErrors = watchConsole(colleaguePage);
  await colleaguePage.goto(await invitationPath(request, colleague, 'user-invitation'));
  await expect(colleaguePage.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await colleaguePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await colleaguePage.getByLabel('Confirm password').fill(PASSWORD);
  await colleaguePage.getByText('Email Code').click();
  const colleagueCode = await registrationCode(request, colleague);
  await colleaguePage.getByRole('button', { name: 'Create Account' }).click();
  await expect(colleaguePage).toHaveURL(/\/auth\/mfa\/email-verify/);
  await enterCode(colleaguePage, await colleagueCode());
  await expect(colleaguePage).toHaveURL(/\/app$/);
  await expect(colleaguePage.getByRole('heading', { name: 'Welcome, Mette' })).toBeVisible();
  await expect(colleaguePage.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'Suppliers' })).toBeVisible();
  await expect(administrationMenu(colleaguePage)).toHaveCount(0);
  await expect(colleaguePage.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(colleaguePage.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  expect(colleagueErrors).toEqual([]);
  await colleagueContext.close();

  // Back with the administrator (the session lives in memory, so no reload): the colleague is active now.
  await openFromMenu(page, 'Dashboard');
  await openFromMenu(page, 'Users');
  await expect(page.getByRole('row').filter({ hasText: 'Mette Lund' }).getByText('Active', { exact: true })).toBeVisible();

  // Invite a supplier; the relationship starts pending.
  await openFromMenu(page, 'Suppliers');
  await page.getByRole('button', { name: 'Invite supplier' }).first().click();
  const supplierDialog = page.getByRole('dialog', { name: 'Invite a supplier' });
  await supplierDialog.getByLabel('Supplier organisation').fill(supplierName);
  await supplierDialog.getByLabel('Contact first name').fill('Nils');
  await supplierDialog.getByLabel('Contact last name').fill('Holm');
  await supplierDialog.getByLabel('Contact email').fill(supplierContact);
  await supplierDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${supplierContact}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: supplierName }).getByText('Pending', { exact: true })).toBeVisible();

  // The supplier registers through /supplier/register?token= and sees the customer as active.
  const supplierContext = await browser.newContext();
  const supplierPage = await supplierContext.newPage();
  await supplierPage.goto(await invitationPath(request, supplierContact, 'supplier-invitation'));
  await supplierPage.getByRole('button', { name: 'Start Registration' }).click();
  await supplierPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await supplierPage.getByLabel('Confirm password').fill(PASSWORD);
  const supplierCode = await registrationCode(request, supplierContact);
  await supplierPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(supplierPage.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await enterCode(supplierPage, await supplierCode());
  await expect(supplierPage).toHaveURL(/\/app$/);
  await supplierPage.getByRole('button', { name: 'Accept invitations' }).click();
  const accepted = supplierPage
    .getByRole('list', { name: 'Accepted customer invitations' })
    .getByRole('listitem')
    .filter({ hasText: 'Nordwind Shipping' });
  await expect(accepted.getByText('Active', { exact: true })).toBeVisible();
  await expect(administrationMenu(supplierPage)).toHaveCount(0);
  await supplierContext.close();

  // The administrator sees the relationship active too.
  await openFromMenu(page, 'Dashboard');
  await openFromMenu(page, 'Suppliers');
  await expect(page.getByRole('row').filter({ hasText: supplierName }).getByText('Active', { exact: true })).toBeVisible();

  // The audit log shows each step, and the chain verifies.
  await openFromMenu(page, 'Audit log');
  await expect(page.getByText('Audit trail verified')).toBeVisible();
  const entries = page.getByRole('table', { name: /Audit log entries/ });
  await expect(entries.getByText(colleague).first()).toBeVisible();
  await expect(entries.getByText(new RegExp(`Invited ${supplierContact}`)).first()).toBeVisible();
  await expect(entries.getByText(`${colleague} accepted the invitation and registered`).first()).toBeVisible();
  await expect(entries.getByText(`${supplierName} accepted the supplier relationship`).first()).toBeVisible();
  await page.getByLabel('Action').fill('createOrganizationUser');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // Only the header row lacks the action once the filtered page has replaced the unfiltered one.
  await expect(entries.getByRole('row').filter({ hasNotText: 'createOrganizationUser' })).toHaveCount(1);
  const created = entries.getByRole('row').filter({ hasText: `Invited ${colleague}` });
  await expect(created).toBeVisible();
  await created.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('table', { name: 'Values before and after the change' })).toBeVisible();
  await expect(detail.getByText(colleague).first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
