import { loginLogs } from '@tidewise/db/schema/login-logs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  clientFor,
  codeIn,
  errorOf,
  exchangeHandoff,
  GET_AUTHENTICATION_USER,
  LOGIN,
  LOGIN_VALIDATE,
  type Mailbox,
  outboxMailbox,
  seen,
  signUpOrganization,
  VIEWER,
  waitForNewMail,
  wrongCode,
} from '../../../../test/auth-test-kit.ts';

type LoginData = { login: { token: string; userId: string; mfaRequired: boolean; mfaMethod: string } };

describe('sign-in with the Email method', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs the password and the emailed code, then hands over a session with the spec shape', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const before = await seen(mailbox, account.email);
    const login = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email.toUpperCase(), authSecret: account.password } });
    expect(login.errors).toBeUndefined();
    expect(login.data?.login).toMatchObject({ userId: account.userId, mfaRequired: true, mfaMethod: 'Email' });
    const mail = await waitForNewMail(mailbox, account.email, before);
    expect(mail.text).toMatch(/Your verification code is: \d{6}/);
    const validated = await client.gql<{ loginValidate: { token: string } }>(LOGIN_VALIDATE, {
      input: { token: `${login.data?.login.token}:${codeIn(mail)}` },
    });
    expect(validated.errors).toBeUndefined();
    const session = await exchangeHandoff(client, validated.data?.loginValidate.token ?? '');
    expect(session.user).toEqual({
      id: account.userId,
      role: 'organization_admin',
      language: 'en',
      email: account.email,
      organizationUser: {
        id: expect.any(String),
        organizationId: expect.any(String),
        firstName: 'Freya',
        lastName: 'Lund',
        organization: {
          id: expect.any(String),
          name: account.organizationName,
          organizationType: 'customer',
          organizationTypeLabel: 'Customer',
        },
      },
    });
    const me = await client.gql<{ getAuthenticationUser: Record<string, unknown> }>(GET_AUTHENTICATION_USER, {}, session.token);
    expect(me.data?.getAuthenticationUser).toEqual({
      id: account.userId,
      email: account.email,
      mfaEnabled: true,
      mfaMethod: 'Email',
      role: 'organization_admin',
      lockedAt: null,
      lockReason: null,
    });
    const viewer = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER, {}, session.token);
    expect(viewer.data?.viewer.permissions).toContain('users:unlock');
  });

  it('refuses loginValidate without the second factor (MFA bypass) and keeps the login token single use', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const before = await seen(mailbox, account.email);
    const login = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    const loginToken = login.data?.login.token ?? '';
    const bypass = await client.gql(LOGIN_VALIDATE, { input: { token: loginToken } });
    expect(bypass.data).toBeNull();
    expect(errorOf(bypass)).toEqual({ code: 'FORBIDDEN', message: 'Two-factor verification has not been completed for this sign-in.' });
    const emptyCode = await client.gql(LOGIN_VALIDATE, { input: { token: `${loginToken}:` } });
    expect(emptyCode.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const code = codeIn(await waitForNewMail(mailbox, account.email, before));
    const ok = await client.gql<{ loginValidate: { token: string } }>(LOGIN_VALIDATE, { input: { token: `${loginToken}:${code}` } });
    expect(ok.errors).toBeUndefined();
    const again = await client.gql(LOGIN_VALIDATE, { input: { token: `${loginToken}:${code}` } });
    expect(errorOf(again)).toEqual({ code: 'EXPIRED', message: 'Your sign-in has expired. Please sign in again.' });
    const handoff = ok.data?.loginValidate.token ?? '';
    await exchangeHandoff(client, handoff);
    const reusedHandoff = await client.gql(`mutation($t: String!) { refreshToken(token: $t) { token } }`, { t: handoff });
    expect(errorOf(reusedHandoff)).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
  });

  it('binds a code to its own sign-in: the code of another sign-in is refused', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const before = await seen(mailbox, account.email);
    const first = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    const firstCode = codeIn(await waitForNewMail(mailbox, account.email, before));
    const second = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    const refused = await client.gql(LOGIN_VALIDATE, { input: { token: `${second.data?.login.token}:${firstCode}` } });
    expect(errorOf(refused)).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid verification code. Please try again.' });
    const accepted = await client.gql(LOGIN_VALIDATE, { input: { token: `${first.data?.login.token}:${firstCode}` } });
    expect(accepted.errors).toBeUndefined();
  });

  it('kills a code after 5 wrong tries and locks the account (5 consecutive second-factor failures)', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const before = await seen(mailbox, account.email);
    const login = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    const token = login.data?.login.token ?? '';
    const code = codeIn(await waitForNewMail(mailbox, account.email, before));
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(errorOf(await client.gql(LOGIN_VALIDATE, { input: { token: `${token}:${wrongCode(code)}` } })).code);
    expect(answers).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'LOCKED']);
    const right = await client.gql(LOGIN_VALIDATE, { input: { token: `${token}:${code}` } });
    expect(right.data).toBeNull();
    expect(right.errors?.[0]?.extensions?.code).toBe('LOCKED');
    const relogin = await client.gql(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    expect(errorOf(relogin).code).toBe('LOCKED');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const wrong = await client.gql(LOGIN, { input: { authKey: account.email, authSecret: 'Wrong#Password1' } });
    const unknown = await client.gql(LOGIN, { input: { authKey: 'nobody-here@tidewise-test.example', authSecret: 'Wrong#Password1' } });
    expect(wrong).toEqual(unknown);
    expect(errorOf(wrong)).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid email or password.' });
  });

  it('logs every attempt with the parsed user agent, address, method and outcome', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    await client.gql(LOGIN, { input: { authKey: account.email, authSecret: 'Wrong#Password1' } });
    const before = await seen(mailbox, account.email);
    const login = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    const code = codeIn(await waitForNewMail(mailbox, account.email, before));
    await client.gql(LOGIN_VALIDATE, { input: { token: `${login.data?.login.token}:${wrongCode(code)}` } });
    await client.gql(LOGIN_VALIDATE, { input: { token: `${login.data?.login.token}:${code}` } });
    const rows = await server.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, account.userId))
      .orderBy(desc(loginLogs.createdAt));
    const attempts = rows
      .slice(0, 4)
      .reverse()
      .map((r) => ({ method: r.method, status: r.status, failureReason: r.failureReason }));
    expect(attempts).toEqual([
      { method: 'password', status: 'failure', failureReason: 'wrong_password' },
      { method: 'password', status: 'mfa_required', failureReason: null },
      { method: 'Email', status: 'failure', failureReason: 'wrong_code' },
      { method: 'Email', status: 'success', failureReason: null },
    ]);
    for (const row of rows.slice(0, 4)) {
      expect(row).toMatchObject({
        browser: 'Chrome 126.0.0.0',
        os: 'Windows 10',
        ipAddress: client.ip,
        organizationId: account.session.user.organizationUser?.organizationId,
      });
      expect(row.userAgent).toContain('Chrome/126');
    }
    await client.gql(LOGIN, { input: { authKey: 'ghost@tidewise-test.example', authSecret: 'Wrong#Password1' } });
    const [unknown] = await server.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.ipAddress, client.ip))
      .orderBy(desc(loginLogs.createdAt))
      .limit(1);
    expect(unknown).toMatchObject({ userId: null, status: 'failure', failureReason: 'unknown_email' });
  });
});
