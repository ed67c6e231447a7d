import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { openFromMenu } from '../admin/support.ts';
import { DEMO, signInWithEmailCode } from './support.ts';

const COOKIE = 'tidewise_refresh';

const refreshCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === COOKIE);

/** Every address the page shows from now on, client-side navigations included. */
const watchUrls = (page: Page) => {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
  });
  return urls;
};

const signInToUsers = async (page: Page, request: Parameters<typeof signInWithEmailCode>[1]) => {
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await openFromMenu(page, 'Users');
  await expect(page).toHaveURL(/\/app\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
};

test('a reload keeps the user signed in on the same page, and a copied refresh cookie ends the session', async ({
  page,
  context,
  request,
}) => {
  const errors = watchConsole(page);
  await signInToUsers(page, request);

  // The refresh token lives in a cookie scripts cannot read, sent to the session routes only.
  const first = await refreshCookie(context);
  expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/session', secure: false });
  expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(first?.value);

  const urls = watchUrls(page);
  const restored = page.waitForResponse((response) => response.url().endsWith('/session/refresh'));
  await page.reload();
  expect((await restored).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/users$/);
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
  expect(urls.filter((url) => url.startsWith('/auth'))).toEqual([]);

  // Every refresh rotates the cookie; presenting the old one again is refused as reuse and revokes the session.
  const second = await refreshCookie(context);
  expect(second?.value).toBeTruthy();
  expect(second?.value).not.toBe(first?.value);
  const reuse = await request.post('/session/refresh', {
    headers: { 'content-type': 'application/json', cookie: `${COOKIE}=${first?.value}` },
    data: {},
  });
  expect(reuse.status()).toBe(401);
  expect((await reuse.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');

  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fusers$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Tidewise' })).toBeVisible();
  expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
});

test('sign-out ends the session on the server: a reload asks to sign in, and the old cookie restores nothing', async ({
  page,
  context,
  request,
}) => {
  await signInToUsers(page, request);
  const cookie = await refreshCookie(context);
  expect(cookie).toBeDefined();

  const ended = page.waitForResponse((response) => response.url().endsWith('/session/end'));
  const loggedOut = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && !!response.request().postData()?.includes('logout'),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await ended).status()).toBe(204);
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await refreshCookie(context)).toBeUndefined();

  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/app/users');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fusers$/);

  // Put the signed-out cookie back, as someone who copied it would: the server refuses it.
  await context.addCookies([cookie as NonNullable<typeof cookie>]);
  const refused = page.waitForResponse((response) => response.url().endsWith('/session/refresh'));
  await page.goto('/app/users');
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fusers$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Tidewise' })).toBeVisible();
});

test('a new tab opened on an application page gets the session of the first', async ({ page, context, request }) => {
  await signInToUsers(page, request);
  const second = await context.newPage();
  await second.goto('/app/account');
  await expect(second.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  // Both tabs keep working afterwards: the first renews from the rotated cookie when it needs to.
  await openFromMenu(page, 'Suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
  await second.close();
});
