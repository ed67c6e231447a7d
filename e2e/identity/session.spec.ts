import { expect, type Request, test } from '@playwright/test';
import { DEMO, signInWithEmailCode } from './support.ts';

const unauthenticated = JSON.stringify({ data: null, errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
const operationName = (request: Request) => {
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '';
  } catch {
    return '';
  }
};
/** Requests that carry the access token: everything the signed-in application asks for. */
const isProtected = (request: Request) => Boolean(request.headers().authorization) && operationName(request) !== 'RefreshSession';

test('an expired access token is renewed silently and the request answered', async ({ page, request }) => {
  let spoiled = '';
  await page.route('**/graphql', async (route) => {
    const outgoing = route.request();
    if (!spoiled && isProtected(outgoing)) {
      spoiled = operationName(outgoing);
      // The server sees a token it no longer accepts, exactly as after the 15 minutes have passed.
      await route.continue({ headers: { ...outgoing.headers(), authorization: 'Bearer expired.access.token' } });
      return;
    }
    await route.continue();
  });
  const refresh = page.waitForRequest((r) => operationName(r) === 'RefreshSession');
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await refresh;
  const retried = await page.waitForResponse((r) => isProtected(r.request()) && operationName(r.request()) === spoiled);
  const body = (await retried.json()) as { errors?: unknown[] };
  expect(body.errors ?? []).toEqual([]);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.admin.firstName}` })).toBeVisible();
});

test('an UNAUTHENTICATED answer leads to reauth, and signing in again returns to the page', async ({ page, request }) => {
  let refused = false;
  await page.route('**/graphql', async (route) => {
    const outgoing = route.request();
    if (!refused && isProtected(outgoing)) {
      refused = true;
      await route.fulfill({ status: 200, contentType: 'application/json', body: unauthenticated });
      return;
    }
    if (operationName(outgoing) === 'RefreshSession') {
      await route.fulfill({ status: 200, contentType: 'application/json', body: unauthenticated });
      return;
    }
    await route.continue();
  });
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);

  await expect(page).toHaveURL(/\/auth\/reauth#prevPath=%2Fapp$/);
  await expect(page.getByRole('heading', { name: 'Sign in again' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.admin.email);
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.admin.firstName}` })).toBeVisible();
});

test('the callback refuses a used or unknown hand-off token', async ({ page }) => {
  await page.goto('/auth/callback?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');
});
