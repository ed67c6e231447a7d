import { emailCodes, passwordResets } from '@tidewise/db/schema/identity';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { hashToken } from '../../../../lib/crypto.ts';
import {
  clientFor,
  codeIn,
  errorOf,
  LOGIN,
  type Mailbox,
  outboxMailbox,
  seen,
  signInWithEmailCode,
  signUpOrganization,
  VIEWER,
  waitForNewMail,
  wrongCode,
} from '../../../../test/auth-test-kit.ts';

const REQUEST = `mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) }`;
const RESEND = `mutation($input: ResendPasswordResetRequestInput!) { resendPasswordResetRequest(input: $input) }`;
const VALIDATE = `mutation($input: PasswordResetValidateInput!) { passwordResetValidate(input: $input) { success message } }`;
const RESET = `mutation($input: PasswordResetInput!) { passwordReset(input: $input) { success message } }`;
const NEW_PASSWORD = 'Fresh#Tide-2026';

describe('password reset', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const requestReset = async (client: ReturnType<typeof clientFor>, email: string) => {
    const before = await seen(mailbox, email);
    const result = await client.gql<{ passwordResetRequest: string }>(REQUEST, { input: { authKey: email } });
    expect(result.errors).toBeUndefined();
    const token = result.data?.passwordResetRequest ?? '';
    return { token, code: codeIn(await waitForNewMail(mailbox, email, before)) };
  };

  it('resets end to end: code, new password, old password refused, sessions ended', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const { token, code } = await requestReset(client, account.email);
    const validated = await client.gql(VALIDATE, { input: { token, code } });
    expect(validated.data).toEqual({ passwordResetValidate: { success: true, message: 'Code verified.' } });
    const reset = await client.gql(RESET, { input: { token, password: NEW_PASSWORD } });
    expect(reset.data).toEqual({ passwordReset: { success: true, message: 'Your password has been reset. You can now sign in.' } });
    const again = await client.gql(RESET, { input: { token, password: 'Another#Tide-2027' } });
    expect(errorOf(again).code).toBe('EXPIRED');
    const old = await client.gql(LOGIN, { input: { authKey: account.email, authSecret: account.password } });
    expect(errorOf(old).message).toBe('Invalid email or password.');
    const oldSession = await client.gql(VIEWER, {}, account.session.token);
    expect(errorOf(oldSession)).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
    const session = await signInWithEmailCode(client, mailbox, account.email, NEW_PASSWORD);
    expect(session.user.email).toBe(account.email);
  });

  it('answers known and unknown emails identically and emails only the account', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const unknownEmail = 'nobody-at-all@tidewise-test.example';
    const before = await seen(mailbox, unknownEmail);
    const known = await client.gql<{ passwordResetRequest: string }>(REQUEST, { input: { authKey: account.email } });
    const unknown = await client.gql<{ passwordResetRequest: string }>(REQUEST, { input: { authKey: unknownEmail } });
    expect(known.errors).toBeUndefined();
    expect(unknown.errors).toBeUndefined();
    const shape = (token: string | undefined) => ({ length: token?.length, alphabet: /^[A-Za-z0-9_-]+$/.test(token ?? '') });
    expect(shape(unknown.data?.passwordResetRequest)).toEqual(shape(known.data?.passwordResetRequest));
    const unknownValidate = await client.gql(VALIDATE, { input: { token: unknown.data?.passwordResetRequest, code: '123456' } });
    const knownValidate = await client.gql(VALIDATE, { input: { token: known.data?.passwordResetRequest, code: '123456' } });
    expect(unknownValidate).toEqual(knownValidate);
    expect(errorOf(unknownValidate)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid or expired verification code. Please try again.',
    });
    const resendKnown = await client.gql<{ resendPasswordResetRequest: string }>(RESEND, { input: { authKey: account.email } });
    const resendUnknown = await client.gql<{ resendPasswordResetRequest: string }>(RESEND, { input: { authKey: unknownEmail } });
    expect(shape(resendUnknown.data?.resendPasswordResetRequest)).toEqual(shape(resendKnown.data?.resendPasswordResetRequest));
    await new Promise((r) => setTimeout(r, 200));
    expect(await seen(mailbox, unknownEmail)).toEqual(before);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const { token, code } = await requestReset(client, account.email);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(errorOf(await client.gql(VALIDATE, { input: { token, code: wrongCode(code) } })).code);
    expect(answers).toEqual(Array(5).fill('VALIDATION_FAILED'));
    const right = await client.gql(VALIDATE, { input: { token, code } });
    expect(errorOf(right)).toEqual({ code: 'EXPIRED', message: 'Invalid or expired verification code. Please try again.' });
    const reset = await client.gql(RESET, { input: { token, password: NEW_PASSWORD } });
    expect(errorOf(reset)).toEqual({ code: 'FORBIDDEN', message: 'Verify the code from your email before choosing a new password.' });
  });

  it('refuses an expired code', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const { token, code } = await requestReset(client, account.email);
    const [reset] = await server.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const [issued] = await server.database.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.passwordResetId, reset?.id ?? ''));
    const lifetimeMs = (issued?.expiresAt.getTime() ?? 0) - (issued?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetimeMs - 15 * 60 * 1000)).toBeLessThan(5000);
    await server.database.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailCodes.passwordResetId, reset?.id ?? ''));
    const expired = await client.gql(VALIDATE, { input: { token, code } });
    expect(errorOf(expired)).toEqual({ code: 'EXPIRED', message: 'Invalid or expired verification code. Please try again.' });
  });

  it('resend gives a new token and code; the old ones die', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const first = await requestReset(client, account.email);
    const before = await seen(mailbox, account.email);
    const resent = await client.gql<{ resendPasswordResetRequest: string }>(RESEND, { input: { authKey: account.email } });
    const token = resent.data?.resendPasswordResetRequest ?? '';
    expect(token).not.toBe(first.token);
    const code = codeIn(await waitForNewMail(mailbox, account.email, before));
    const old = await client.gql(VALIDATE, { input: { token: first.token, code: first.code } });
    expect(errorOf(old).code).toBe('EXPIRED');
    const crossed = await client.gql(VALIDATE, { input: { token, code: first.code === code ? wrongCode(code) : first.code } });
    expect(errorOf(crossed).code).toBe('VALIDATION_FAILED');
    const ok = await client.gql(VALIDATE, { input: { token, code } });
    expect(ok.errors).toBeUndefined();
  });

  it('holds the new password to the registration rules', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    const { token, code } = await requestReset(client, account.email);
    await client.gql(VALIDATE, { input: { token, code } });
    const weak = await client.gql(RESET, { input: { token, password: 'password1' } });
    expect(errorOf(weak)).toEqual({ code: 'VALIDATION_FAILED', message: 'Password must contain an uppercase letter' });
    expect(weak.errors?.[0]?.extensions?.field).toBe('input.password');
  });
});
