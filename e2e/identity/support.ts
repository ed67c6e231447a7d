import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

type OutboxRow = { to: string; subject: string; text: string; metadata: Record<string, unknown> | null; createdAt: string };

/** Demo sign-ins of the seed (see the README); codes for them arrive in the development outbox. */
export const DEMO = {
  admin: { email: 'admin@nordwind-shipping.example', password: 'Harbour-Demo-2025!', firstName: 'Astrid' },
  supplier: { email: 'supplier@baltic-marine.example', password: 'Anchor-Demo-2025!', firstName: 'Jonas' },
};

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.example`;

const readOutbox = async (request: APIRequestContext) => (await (await request.get('/dev/outbox.json?limit=50')).json()) as OutboxRow[];

const newest = (rows: OutboxRow[], to: string, kind: string) =>
  rows.filter((row) => row.to === to && row.metadata?.kind === kind).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

/**
 * Remembers the newest email of a kind for an address, then waits for a newer one and answers the
 * 6-digit code in its plain-text part.
 */
export const outboxWatcher = async (request: APIRequestContext, to: string, kind: string) => {
  const before = newest(await readOutbox(request), to, kind)?.createdAt ?? '';
  return async () => {
    let code = '';
    await expect
      .poll(
        async () => {
          const row = newest(await readOutbox(request), to, kind);
          if (!row || row.createdAt === before) return '';
          code = row.text.match(/code is: (\d{6})/)?.[1] ?? '';
          return code;
        },
        { message: `a ${kind} email for ${to}`, timeout: 15_000 },
      )
      .not.toBe('');
    return code;
  };
};

/** A TOTP code as an authenticator app would show it (RFC 6238, SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string) => generate({ secret: secret.replace(/\s+/g, ''), algorithm: 'sha1', digits: 6, period: 30 });

/** Types a whole code into the 6-digit boxes (the screen submits it by itself). */
export const enterCode = async (page: Page, code: string) => {
  await page.getByLabel('Digit 1 of 6').fill(code);
};

/** Email + password on the sign-in form, submitted with Enter. */
export const submitCredentials = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
};

/** Signs in with the Email method, reading the code from the outbox; ends on the page after the callback. */
export const signInWithEmailCode = async (page: Page, request: APIRequestContext, email: string, password: string) => {
  const nextCode = await outboxWatcher(request, email, 'login-code');
  await submitCredentials(page, email, password);
  await expect(page).toHaveURL(/\/auth\/mfa\/email-verify\?/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await enterCode(page, await nextCode());
};

/** Fails the test on horizontal scrolling at the current viewport. */
export const expectNoHorizontalScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
};

/** Where design screenshots go: E2E_SCREENSHOT_DIR when set, else the test's own output folder. */
export const screenshotPath = (name: string, outputPath: (name: string) => string) =>
  process.env.E2E_SCREENSHOT_DIR ? `${process.env.E2E_SCREENSHOT_DIR.replace(/\/+$/, '')}/${name}` : outputPath(name);

/** The path and query of the newest invitation link of a kind (`user-invitation`, `supplier-invitation`) emailed to an address. */
export const invitationLink = async (request: APIRequestContext, to: string, kind: 'user-invitation' | 'supplier-invitation') => {
  let path = '';
  await expect
    .poll(
      async () => {
        const url = newest(await readOutbox(request), to, kind)?.text.match(/https?:\/\/\S+\?token=\S+/)?.[0];
        path = url ? `${new URL(url).pathname}${new URL(url).search}` : '';
        return path;
      },
      { message: `a ${kind} email for ${to}`, timeout: 15_000 },
    )
    .not.toBe('');
  return path;
};

type GraphQLAnswer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** One POST /graphql as any client sends it; fails the test on errors. */
export const graphql = async <T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string) => {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as GraphQLAnswer<T>;
  expect(body.errors ?? [], JSON.stringify(body.errors)).toEqual([]);
  if (!body.data) throw new Error('GraphQL answered no data');
  return body.data;
};

/**
 * The Email-method sign-in a client makes without a browser (password, emailed code, hand-off):
 * a session of its own, next to any the browser holds.
 */
export const apiSignIn = async (request: APIRequestContext, email: string, password: string) => {
  const nextCode = await outboxWatcher(request, email, 'login-code');
  const { login } = await graphql<{ login: { token: string } }>(
    request,
    'mutation($input: LoginInput!) { login(input: $input) { token } }',
    { input: { authKey: email, authSecret: password } },
  );
  const { loginValidate } = await graphql<{ loginValidate: { token: string } }>(
    request,
    'mutation($input: LoginValidateInput!) { loginValidate(input: $input) { token } }',
    { input: { token: `${login.token}:${await nextCode()}` } },
  );
  const { refreshToken } = await graphql<{ refreshToken: { token: string } }>(
    request,
    'mutation($token: String!) { refreshToken(token: $token) { token } }',
    { token: loginValidate.token },
  );
  return refreshToken.token;
};
