import { users } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { decryptSecret } from '../../../../lib/crypto.ts';
import {
  type Client,
  CREATE_ORGANIZATION_ACCOUNT,
  clientFor,
  errorOf,
  exchangeHandoff,
  GET_AUTHENTICATION_USER,
  LOGIN,
  LOGIN_VALIDATE,
  STRONG_PASSWORD,
  uniqueEmail,
  VALIDATE_MFA,
  VERIFY_AUTHENTICATOR_SETUP,
} from '../../../../test/auth-test-kit.ts';

type LoginData = { login: { token: string; userId: string; mfaMethod: string } };

describe('the Authenticator method', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The secret as the server keeps it (encrypted), to compare with what the client was given. */
  const storedSecretOf = async (userId: string) => {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    return decryptSecret(server.app.services.secrets.encryptionKey, row?.totpSecretEncrypted ?? '');
  };
  const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  const signUp = async (client: Client) => {
    const email = uniqueEmail('totp');
    const result = await client.gql<{ createOrganizationAccount: { userId: string; qrCodeDataURL: string; otpauthUri: string } }>(
      CREATE_ORGANIZATION_ACCOUNT,
      {
        input: {
          organizationName: 'Authenticator Lines',
          firstName: 'Oskar',
          lastName: 'Holm',
          email,
          password: STRONG_PASSWORD,
          industry: 'logistics',
          companySize: '11-50',
          website: 'https://authenticator-lines.example',
          mfaMethod: 'Authenticator',
        },
      },
    );
    expect(result.errors).toBeUndefined();
    const created = result.data?.createOrganizationAccount;
    if (!created) throw new Error('sign-up failed');
    // An app scans the QR code or takes the key typed in by hand: the `secret` of the otpauth URI.
    const secret = new URL(created.otpauthUri).searchParams.get('secret') ?? '';
    return { email, userId: created.userId, qrCodeDataURL: created.qrCodeDataURL, otpauthUri: created.otpauthUri, secret };
  };

  it('sets up with a QR code, keeps the secret encrypted, and confirms with a code', async () => {
    const client = clientFor(server);
    const account = await signUp(client);
    expect(account.qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
    expect(account.otpauthUri).toMatch(/^otpauth:\/\/totp\/Tidewise:[^?]+\?(.+&)?secret=[A-Z2-7]{16,}/);
    expect(account.secret).toBe(await storedSecretOf(account.userId));
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(row?.totpSecretEncrypted).not.toContain(account.secret);
    expect(row?.mfaEnabled).toBe(false);
    const wrong = await client.gql(VERIFY_AUTHENTICATOR_SETUP, { input: { userId: account.userId, token: '12345' } });
    expect(errorOf(wrong)).toEqual({ code: 'VALIDATION_FAILED', message: 'Enter the 6-digit code' });
    const verified = await client.gql<{ verifyAuthenticatorSetup: { token: string } }>(VERIFY_AUTHENTICATOR_SETUP, {
      input: { userId: account.userId, token: await codeAt(account.secret) },
    });
    expect(verified.errors).toBeUndefined();
    const session = await exchangeHandoff(client, verified.data?.verifyAuthenticatorSetup.token ?? '');
    const me = await client.gql<{ getAuthenticationUser: { mfaEnabled: boolean; mfaMethod: string } }>(
      GET_AUTHENTICATION_USER,
      {},
      session.token,
    );
    expect(me.data?.getAuthenticationUser).toMatchObject({ mfaEnabled: true, mfaMethod: 'Authenticator' });
    const again = await client.gql(VERIFY_AUTHENTICATOR_SETUP, {
      input: { userId: account.userId, token: await codeAt(account.secret, 30) },
    });
    expect(errorOf(again).message).toBe('There is no authenticator setup waiting for verification.');
  });

  it('signs in with validateMfa then loginValidate, refuses a replayed code, and refuses a bypass', async () => {
    const client = clientFor(server);
    const account = await signUp(client);
    const setupCode = await codeAt(account.secret);
    const setup = await client.gql(VERIFY_AUTHENTICATOR_SETUP, { input: { userId: account.userId, token: setupCode } });
    expect(setup.errors).toBeUndefined();

    const login = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: STRONG_PASSWORD } });
    expect(login.data?.login).toMatchObject({ userId: account.userId, mfaMethod: 'Authenticator' });
    const loginToken = login.data?.login.token ?? '';

    const bypass = await client.gql(LOGIN_VALIDATE, { input: { token: loginToken } });
    expect(errorOf(bypass).code).toBe('FORBIDDEN');

    const replay = await client.gql(VALIDATE_MFA, { input: { token: setupCode, userId: account.userId } });
    expect(errorOf(replay)).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid verification code. Please try again.' });

    const nextCode = await codeAt(account.secret, 30);
    const ok = await client.gql(VALIDATE_MFA, { input: { token: nextCode, userId: account.userId } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data).toEqual({ validateMfa: { success: true, message: 'Code verified.' } });

    const validated = await client.gql<{ loginValidate: { token: string } }>(LOGIN_VALIDATE, { input: { token: loginToken } });
    expect(validated.errors).toBeUndefined();
    const session = await exchangeHandoff(client, validated.data?.loginValidate.token ?? '');
    expect(session.user.id).toBe(account.userId);

    const second = await client.gql<LoginData>(LOGIN, { input: { authKey: account.email, authSecret: STRONG_PASSWORD } });
    const replayed = await client.gql(VALIDATE_MFA, { input: { token: nextCode, userId: account.userId } });
    expect(errorOf(replayed).code).toBe('VALIDATION_FAILED');
    const stillClosed = await client.gql(LOGIN_VALIDATE, { input: { token: second.data?.login.token } });
    expect(errorOf(stillClosed).code).toBe('FORBIDDEN');
  });

  it('refuses codes outside one step of drift and validateMfa without a pending sign-in', async () => {
    const client = clientFor(server);
    const account = await signUp(client);
    await client.gql(VERIFY_AUTHENTICATOR_SETUP, { input: { userId: account.userId, token: await codeAt(account.secret, -30) } });
    const noSignIn = await client.gql(VALIDATE_MFA, { input: { token: await codeAt(account.secret, 30), userId: account.userId } });
    expect(errorOf(noSignIn)).toEqual({ code: 'EXPIRED', message: 'No sign-in is waiting for a verification code. Please sign in again.' });
    await client.gql(LOGIN, { input: { authKey: account.email, authSecret: STRONG_PASSWORD } });
    const current = new Set([await codeAt(account.secret, -30), await codeAt(account.secret), await codeAt(account.secret, 30)]);
    const farCode = await codeAt(account.secret, 120);
    if (!current.has(farCode)) {
      const far = await client.gql(VALIDATE_MFA, { input: { token: farCode, userId: account.userId } });
      expect(errorOf(far).code).toBe('VALIDATION_FAILED');
    }
    const near = await client.gql(VALIDATE_MFA, { input: { token: await codeAt(account.secret, 30), userId: account.userId } });
    expect(near.errors).toBeUndefined();
  });

  it('locks the account after 5 wrong authenticator codes', async () => {
    const client = clientFor(server);
    const account = await signUp(client);
    await client.gql(VERIFY_AUTHENTICATOR_SETUP, { input: { userId: account.userId, token: await codeAt(account.secret) } });
    await client.gql(LOGIN, { input: { authKey: account.email, authSecret: STRONG_PASSWORD } });
    const valid = new Set([await codeAt(account.secret, -30), await codeAt(account.secret), await codeAt(account.secret, 30)]);
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => !valid.has(c)).slice(0, 5);
    const codes = [];
    for (const code of wrong) codes.push(errorOf(await client.gql(VALIDATE_MFA, { input: { token: code, userId: account.userId } })).code);
    expect(codes).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'LOCKED']);
    const right = await client.gql(VALIDATE_MFA, { input: { token: await codeAt(account.secret, 30), userId: account.userId } });
    expect(errorOf(right).code).toBe('LOCKED');
  });
});
