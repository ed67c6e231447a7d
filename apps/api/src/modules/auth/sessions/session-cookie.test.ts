import { refreshTokens } from '@tidewise/db/schema/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../lib/crypto.ts';
import {
  CHROME_UA,
  clientFor,
  codeIn,
  errorOf,
  LOGIN,
  LOGIN_VALIDATE,
  type Mailbox,
  nextIp,
  outboxMailbox,
  REFRESH_TOKEN,
  type SessionData,
  seen,
  signUpOrganization,
  VIEWER,
  waitForNewMail,
} from '../../../test/auth-test-kit.ts';
import { type GraphQLResult, startTestServer, type TestServer } from '../../../test/harness.ts';

const FOURTEEN_DAYS = 14 * 24 * 60 * 60;
const UNAUTHENTICATED_BODY = { errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] };

type Cookie = { value: string; attributes: Map<string, string> };

/** The tidewise_refresh cookie a response sets, parsed; null when it sets none. */
const refreshCookieOf = (response: Response): Cookie | null => {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('tidewise_refresh='));
  if (!header) return null;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return {
    value: pair.slice('tidewise_refresh='.length),
    attributes: new Map(attributes.map((a) => [a.split('=')[0]?.toLowerCase() ?? '', a.split('=')[1] ?? ''])),
  };
};

describe('refresh token cookie', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One browser: its address, and raw requests so the test sees the headers. */
  const browser = () => {
    const ip = nextIp();
    const base = { 'x-forwarded-for': ip, 'user-agent': CHROME_UA };
    return {
      client: clientFor(server, ip),
      graphql: (query: string, variables: Record<string, unknown>, token?: string) =>
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            ...base,
            'content-type': 'application/json',
            accept: 'application/graphql-response+json, application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ query, variables }),
        }),
      post: (
        path: '/session/refresh' | '/session/end',
        options: { cookie?: string | null; contentType?: string | null; method?: string } = {},
      ) =>
        fetch(`${server.url}${path}`, {
          method: options.method ?? 'POST',
          headers: {
            ...base,
            ...(options.contentType === null ? {} : { 'content-type': options.contentType ?? 'application/json' }),
            ...(options.cookie ? { cookie: `other=1; tidewise_refresh=${options.cookie}` } : {}),
          },
          ...((options.method ?? 'POST') === 'POST' ? { body: options.contentType === undefined ? '{}' : 'token=x' } : {}),
        }),
    };
  };

  /** Signs in with password and emailed code; answers the hand-off exchange response as the callback page gets it. */
  const signIn = async () => {
    const b = browser();
    const account = await signUpOrganization(b.client, mailbox);
    const before = await seen(mailbox, account.email);
    const login = await b.client.gql<{ login: { token: string } }>(LOGIN, {
      input: { authKey: account.email, authSecret: account.password },
    });
    const code = codeIn(await waitForNewMail(mailbox, account.email, before));
    const validated = await b.client.gql<{ loginValidate: { token: string } }>(LOGIN_VALIDATE, {
      input: { token: `${login.data?.login.token}:${code}` },
    });
    const exchange = await b.graphql(REFRESH_TOKEN, { token: validated.data?.loginValidate.token });
    const body = (await exchange.json()) as GraphQLResult<{ refreshToken: SessionData }>;
    const session = body.data?.refreshToken;
    if (!session) throw new Error(`hand-off exchange failed: ${JSON.stringify(body.errors)}`);
    return { ...b, account, exchange, session };
  };

  const viewerOf = async (b: ReturnType<typeof browser>, token: string) => b.client.gql<{ viewer: { userId: string } }>(VIEWER, {}, token);

  it('is set by the hand-off exchange: HttpOnly, SameSite=Strict, Path=/session, for the refresh token lifetime', async () => {
    const { exchange, session } = await signIn();
    const cookie = refreshCookieOf(exchange);
    expect(cookie?.value).toBe(session.refreshToken);
    expect(cookie?.attributes.get('path')).toBe('/session');
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Strict');
    expect(cookie?.attributes.has('secure')).toBe(false);
    const maxAge = Number(cookie?.attributes.get('max-age'));
    expect(maxAge).toBeGreaterThan(FOURTEEN_DAYS - 60);
    expect(maxAge).toBeLessThanOrEqual(FOURTEEN_DAYS);
  });

  it('lets a reloaded page refresh with the cookie alone, and rotates it', async () => {
    const b = await signIn();
    const response = await b.post('/session/refresh', { cookie: b.session.refreshToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string; refreshToken: null; user: SessionData['user'] & Record<string, unknown> };
    expect(body.refreshToken).toBeNull();
    expect(body.user).toEqual({
      id: b.account.userId,
      email: b.account.email,
      role: 'organization_admin',
      language: 'en',
      organizationUser: {
        id: expect.any(String),
        userId: b.account.userId,
        organizationId: b.session.user.organizationUser?.organizationId,
        firstName: 'Freya',
        lastName: 'Lund',
        jobPosition: null,
        organization: {
          id: b.session.user.organizationUser?.organizationId,
          name: b.account.organizationName,
          organizationType: 'customer',
          organizationTypeLabel: 'Customer',
        },
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|totp/);
    expect((await viewerOf(b, body.token)).data?.viewer.userId).toBe(b.account.userId);
    const rotated = refreshCookieOf(response);
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(b.session.refreshToken);
    expect(rotated?.attributes.get('path')).toBe('/session');

    const again = await b.post('/session/refresh', { cookie: rotated?.value });
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)?.value).not.toBe(rotated?.value);
  });

  it('sets the cookie when the refreshToken mutation rotates a token', async () => {
    const b = await signIn();
    const response = await b.graphql(REFRESH_TOKEN, { token: b.session.refreshToken });
    const body = (await response.json()) as GraphQLResult<{ refreshToken: SessionData }>;
    expect(refreshCookieOf(response)?.value).toBe(body.data?.refreshToken.refreshToken);
  });

  it('treats a cookie used twice as stolen: the whole session ends', async () => {
    const b = await signIn();
    const first = await b.post('/session/refresh', { cookie: b.session.refreshToken });
    const { token } = (await first.json()) as { token: string };
    const current = refreshCookieOf(first)?.value;

    const reuse = await b.post('/session/refresh', { cookie: b.session.refreshToken });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toEqual(UNAUTHENTICATED_BODY);
    expect(refreshCookieOf(reuse)).toMatchObject({ value: '', attributes: expect.any(Map) });
    expect(refreshCookieOf(reuse)?.attributes.get('max-age')).toBe('0');

    const latest = await b.post('/session/refresh', { cookie: current });
    expect(latest.status).toBe(401);
    expect(errorOf(await viewerOf(b, token)).code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 and clears the cookie without one, with an unknown one, or with an expired one', async () => {
    const b = await signIn();
    const none = await b.post('/session/refresh');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual(UNAUTHENTICATED_BODY);
    expect(refreshCookieOf(none)?.attributes.get('max-age')).toBe('0');

    const unknown = await b.post('/session/refresh', { cookie: 'not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(UNAUTHENTICATED_BODY);

    await server.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(b.session.refreshToken)));
    const expired = await b.post('/session/refresh', { cookie: b.session.refreshToken });
    expect(expired.status).toBe(401);
    expect(refreshCookieOf(expired)?.value).toBe('');
  });

  it('refuses anything but a JSON POST, and leaves the cookie working', async () => {
    const b = await signIn();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
      const refused = await b.post('/session/refresh', { cookie: b.session.refreshToken, contentType });
      expect(refused.status).toBe(415);
      expect(refreshCookieOf(refused)).toBeNull();
      expect(((await refused.json()) as typeof UNAUTHENTICATED_BODY).errors[0]?.extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const ended = await b.post('/session/end', { cookie: b.session.refreshToken, contentType: 'text/plain' });
    expect(ended.status).toBe(415);
    const get = await b.post('/session/refresh', { cookie: b.session.refreshToken, method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');

    const accepted = await b.post('/session/refresh', { cookie: b.session.refreshToken, contentType: 'application/json; charset=utf-8' });
    expect(accepted.status).toBe(200);
  });

  it('ends the session named by the cookie and clears it', async () => {
    const b = await signIn();
    const ended = await b.post('/session/end', { cookie: b.session.refreshToken });
    expect(ended.status).toBe(204);
    expect(await ended.text()).toBe('');
    expect(refreshCookieOf(ended)).toMatchObject({ value: '' });
    expect(refreshCookieOf(ended)?.attributes.get('max-age')).toBe('0');
    expect((await b.post('/session/refresh', { cookie: b.session.refreshToken })).status).toBe(401);
    expect(errorOf(await viewerOf(b, b.session.token)).code).toBe('UNAUTHENTICATED');

    const withoutCookie = await b.post('/session/end');
    expect(withoutCookie.status).toBe(204);
    expect(refreshCookieOf(withoutCookie)?.attributes.get('max-age')).toBe('0');
  });

  it('is cleared by the logout mutation', async () => {
    const b = await signIn();
    const response = await b.graphql(`mutation { logout { success } }`, {}, b.session.token);
    expect(((await response.json()) as GraphQLResult<{ logout: { success: boolean } }>).data?.logout.success).toBe(true);
    const cleared = refreshCookieOf(response);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('max-age')).toBe('0');
    expect(cleared?.attributes.get('path')).toBe('/session');
    expect(errorOf(await viewerOf(b, b.session.token)).code).toBe('UNAUTHENTICATED');
  });
});
