import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  codeIn,
  errorOf,
  LOGIN,
  outboxMailbox,
  seen,
  signInWithEmailCode,
  signUpOrganization,
  VIEWER,
  waitForNewMail,
  wrongCode,
} from '../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const MY_SESSIONS = `query { mySessions { id current browser os ipAddress lastUsedAt } }`;
const REVOKE_OTHERS = `mutation { revokeOtherSessions { success message } }`;
const UPDATE_PROFILE = `mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { firstName lastName jobPosition } }`;
const START_CHANGE = `mutation($input: StartMfaMethodChangeInput!) { startMfaMethodChange(input: $input) { method qrCodeDataURL otpauthUri } }`;
const CONFIRM_CHANGE = `mutation($input: ConfirmMfaMethodChangeInput!) { confirmMfaMethodChange(input: $input) { success message } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

const secretOf = (otpauthUri: string) => new URL(otpauthUri).searchParams.get('secret') ?? '';
const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

describe('my account', () => {
  it('lists my sessions with the current one marked, and signs out the others', async () => {
    const mailbox = outboxMailbox(server);
    const laptop = clientFor(server);
    const admin = await signUpOrganization(laptop, mailbox);
    const phone = clientFor(
      server,
      undefined,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const phoneSession = await signInWithEmailCode(phone, mailbox, admin.email, admin.password);

    const listed = await laptop.gql<{ mySessions: { current: boolean; os: string | null }[] }>(MY_SESSIONS, {}, admin.session.token);
    expect(listed.data?.mySessions).toHaveLength(2);
    expect(listed.data?.mySessions.filter((s) => s.current)).toHaveLength(1);
    expect(listed.data?.mySessions.map((s) => s.os)).toContain('iOS 17.0');

    const revoked = await laptop.gql(REVOKE_OTHERS, {}, admin.session.token);
    expect(revoked.data).toEqual({ revokeOtherSessions: { success: true, message: 'Signed out of 1 other session.' } });
    expect(errorOf(await phone.gql(VIEWER, {}, phoneSession.token)).code).toBe('UNAUTHENTICATED');
    expect((await laptop.gql(VIEWER, {}, admin.session.token)).data).toBeTruthy();
  });

  it('updates my profile and says which field is wrong', async () => {
    const client = clientFor(server);
    const admin = await signUpOrganization(client, outboxMailbox(server));
    const updated = await client.gql(
      UPDATE_PROFILE,
      { input: { firstName: 'Freya', lastName: 'Holm', jobPosition: 'ESG lead' } },
      admin.session.token,
    );
    expect(updated.data).toEqual({ updateMyProfile: { firstName: 'Freya', lastName: 'Holm', jobPosition: 'ESG lead' } });
    const renamed = await client.gql(UPDATE_PROFILE, { input: { firstName: 'Freya', lastName: 'Holm-Berg' } }, admin.session.token);
    expect(renamed.data).toEqual({ updateMyProfile: { firstName: 'Freya', lastName: 'Holm-Berg', jobPosition: 'ESG lead' } });
    const mine = await client.gql(`query { myOrganizationUser { firstName lastName jobPosition } }`, {}, admin.session.token);
    expect(mine.data).toEqual({ myOrganizationUser: { firstName: 'Freya', lastName: 'Holm-Berg', jobPosition: 'ESG lead' } });
    const invalid = await client.gql(UPDATE_PROFILE, { input: { firstName: ' ', lastName: 'Holm' } }, admin.session.token);
    expect(errorOf(invalid)).toEqual({ code: 'VALIDATION_FAILED', message: 'Enter your first name' });
    expect(invalid.errors?.[0]?.extensions?.field).toBe('input.firstName');
  });

  it('switches Email → Authenticator only after re-authentication and a code from the new app', async () => {
    const mailbox = outboxMailbox(server);
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const other = await signInWithEmailCode(clientFor(server), mailbox, admin.email, admin.password);
    const token = admin.session.token;

    const wrongPassword = await client.gql(START_CHANGE, { input: { password: 'Not-the-password1!', method: 'Authenticator' } }, token);
    expect(errorOf(wrongPassword)).toEqual({ code: 'VALIDATION_FAILED', message: 'The password is not correct.' });

    const started = await client.gql<{ startMfaMethodChange: { method: string; qrCodeDataURL: string; otpauthUri: string } }>(
      START_CHANGE,
      { input: { password: admin.password, method: 'Authenticator' } },
      token,
    );
    const change = started.data?.startMfaMethodChange;
    expect(change?.qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
    expect(change?.otpauthUri).toMatch(/^otpauth:\/\/totp\/Tidewise:/);

    // Until confirmed, signing in still asks for an email code.
    const pendingLogin = await clientFor(server).gql<{ login: { mfaMethod: string } }>(LOGIN, {
      input: { authKey: admin.email, authSecret: admin.password },
    });
    expect(pendingLogin.data?.login.mfaMethod).toBe('Email');

    const secret = secretOf(change?.otpauthUri ?? '');
    expect(errorOf(await client.gql(CONFIRM_CHANGE, { input: { code: wrongCode(await totpNow(secret)) } }, token)).code).toBe(
      'VALIDATION_FAILED',
    );
    const confirmed = await client.gql(CONFIRM_CHANGE, { input: { code: await totpNow(secret) } }, token);
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data).toEqual({
      confirmMfaMethodChange: { success: true, message: 'Your second factor is now your authenticator app.' },
    });

    const login = await clientFor(server).gql<{ login: { mfaMethod: string } }>(LOGIN, {
      input: { authKey: admin.email, authSecret: admin.password },
    });
    expect(login.data?.login.mfaMethod).toBe('Authenticator');
    expect(errorOf(await client.gql(VIEWER, {}, other.token)).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await client.gql(CONFIRM_CHANGE, { input: { code: await totpNow(secret) } }, token)).code).toBe('EXPIRED');
  });

  it('switches Authenticator → Email with the code sent to the mailbox', async () => {
    const mailbox = outboxMailbox(server);
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const token = admin.session.token;
    const started = await client.gql<{ startMfaMethodChange: { otpauthUri: string } }>(
      START_CHANGE,
      { input: { password: admin.password, method: 'Authenticator' } },
      token,
    );
    const secret = secretOf(started.data?.startMfaMethodChange.otpauthUri ?? '');
    await client.gql(CONFIRM_CHANGE, { input: { code: await totpNow(secret) } }, token);

    expect(errorOf(await client.gql(START_CHANGE, { input: { password: admin.password, method: 'Email' } }, 'bad-token')).code).toBe(
      'UNAUTHENTICATED',
    );
    const before = await seen(mailbox, admin.email);
    const toEmail = await client.gql<{ startMfaMethodChange: { method: string; qrCodeDataURL: string | null } }>(
      START_CHANGE,
      { input: { password: admin.password, method: 'Email' } },
      token,
    );
    expect(toEmail.data?.startMfaMethodChange).toMatchObject({ method: 'Email', qrCodeDataURL: null });
    const code = codeIn(await waitForNewMail(mailbox, admin.email, before));
    const confirmed = await client.gql(CONFIRM_CHANGE, { input: { code } }, token);
    expect(confirmed.data).toEqual({ confirmMfaMethodChange: { success: true, message: 'Your second factor is now email codes.' } });
    const login = await clientFor(server).gql<{ login: { mfaMethod: string } }>(LOGIN, {
      input: { authKey: admin.email, authSecret: admin.password },
    });
    expect(login.data?.login.mfaMethod).toBe('Email');
  });

  it('refuses everything without a signed-in user', async () => {
    const client = clientFor(server);
    for (const [query, variables] of [
      [MY_SESSIONS, {}],
      [REVOKE_OTHERS, {}],
      [UPDATE_PROFILE, { input: { firstName: 'A', lastName: 'B' } }],
      [CONFIRM_CHANGE, { input: { code: '123456' } }],
    ] as const) {
      expect(errorOf(await client.gql(query, variables)).code).toBe('UNAUTHENTICATED');
    }
  });
});
