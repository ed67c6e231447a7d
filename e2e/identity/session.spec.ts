import { expect, test } from '@playwright/test';
import { apiSignIn, DEMO, graphql, signInWithEmailCode } from './support.ts';

test('a session ended elsewhere leads to reauth, and signing in again returns to the page', async ({ page, request }) => {
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.admin.firstName}` })).toBeVisible();

  // The same person signs in somewhere else and signs out every other session, this browser's included.
  const elsewhere = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  const { revokeOtherSessions } = await graphql<{ revokeOtherSessions: { message: string } }>(
    request,
    'mutation { revokeOtherSessions { success message } }',
    {},
    elsewhere,
  );
  expect(revokeOtherSessions.message).toMatch(/^Signed out of \d+ other sessions?\.$/);

  // The browser's next request is refused and so is its refresh: reauth, remembering the page.
  await page.getByRole('link', { name: 'Suppliers', exact: true }).first().click();
  await expect(page).toHaveURL(/\/auth\/reauth#prevPath=%2Fapp%2Fsuppliers$/);
  await expect(page.getByRole('heading', { name: 'Sign in again' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.admin.email);
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app\/suppliers$/);
});

test('the callback refuses a used or unknown hand-off token', async ({ page }) => {
  await page.goto('/auth/callback?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');
});
