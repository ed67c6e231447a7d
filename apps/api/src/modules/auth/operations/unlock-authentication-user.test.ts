import { users } from '@tidewise/db/schema/identity';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  clientFor,
  errorOf,
  GET_AUTHENTICATION_USER,
  LOGIN,
  type Mailbox,
  outboxMailbox,
  signInWithEmailCode,
  signUpOrganization,
  STRONG_PASSWORD,
  UNLOCK,
  uniqueEmail,
  VIEWER,
} from '../../../test/auth-test-kit.ts';
import { createInvitation } from '../../../lib/identity/invitations.ts';

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { userId } }`;
const VERIFY_EMAIL = `mutation($input: VerifyEmailMfaInput!) { verifyEmailMfa(input: $input) { token } }`;

describe('lockout and unlock', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An administrator and a contributor of the same organization, the contributor invited and registered. */
  const team = async () => {
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const email = uniqueEmail('member');
    const invitation = await createInvitation(
      { db: server.database.db, mailer: server.app.services.mailer, env: server.env },
      {
        kind: 'organization_user',
        email,
        organizationId: admin.session.user.organizationUser?.organizationId ?? '',
        invitedByUserId: admin.userId,
      },
    );
    const registered = await client.gql<{ register: { userId: string } }>(REGISTER, {
      input: { token: invitation.token, password: STRONG_PASSWORD, mfaMethod: 'Email' },
    });
    expect(registered.errors).toBeUndefined();
    const setupMail = (await mailbox.list(email)).find((m) => m.subject.includes('verification code'));
    const code = setupMail?.text.match(/code is: (\d{6})/)?.[1];
    const verified = await client.gql(VERIFY_EMAIL, { input: { userId: invitation.userId, code } });
    expect(verified.errors).toBeUndefined();
    return { client, admin, member: { email, userId: invitation.userId } };
  };

  const failFiveTimes = async (client: ReturnType<typeof clientFor>, email: string) => {
    const codes = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(errorOf(await client.gql(LOGIN, { input: { authKey: email, authSecret: `Wrong#Pass${i}` } })).code);
    return codes;
  };

  it('locks after 5 consecutive wrong passwords, refuses the right one, and an administrator unlocks', async () => {
    const { client, admin, member } = await team();
    const memberSession = await signInWithEmailCode(client, mailbox, member.email, STRONG_PASSWORD);
    expect(await failFiveTimes(client, member.email)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'LOCKED',
    ]);
    const refused = await client.gql(LOGIN, { input: { authKey: member.email, authSecret: STRONG_PASSWORD } });
    expect(errorOf(refused)).toEqual({
      code: 'LOCKED',
      message: 'Your account is locked after too many failed attempts. Try again in 15 minutes or ask an administrator to unlock it.',
    });
    expect(errorOf(await client.gql(VIEWER, {}, memberSession.token)).code).toBe('UNAUTHENTICATED');

    const lockedOut = await client.gql(UNLOCK, { userId: admin.userId }, memberSession.token);
    expect(errorOf(lockedOut).code).toBe('UNAUTHENTICATED');

    const unlocked = await client.gql<{ unlockAuthenticationUser: { id: string; lockedAt: string | null; lockReason: string | null } }>(
      UNLOCK,
      { userId: member.userId },
      admin.session.token,
    );
    expect(unlocked.errors).toBeUndefined();
    expect(unlocked.data?.unlockAuthenticationUser).toEqual({ id: member.userId, lockedAt: null, lockReason: null });
    const session = await signInWithEmailCode(client, mailbox, member.email, STRONG_PASSWORD);
    expect(session.user.id).toBe(member.userId);
  });

  it('shows the lock to the account and lifts it after 15 minutes', async () => {
    const { client, member } = await team();
    const [locked] = await server.database.db.update(users).set({ failedAttempts: 4 }).where(eq(users.id, member.userId)).returning();
    expect(locked?.lockedAt).toBeNull();
    await client.gql(LOGIN, { input: { authKey: member.email, authSecret: 'Wrong#Pass9' } });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(row?.lockReason).toBe('Too many failed sign-in attempts');
    expect((row?.lockedUntil?.getTime() ?? 0) - (row?.lockedAt?.getTime() ?? 0)).toBe(15 * 60 * 1000);
    await server.database.db
      .update(users)
      .set({ lockedAt: sql`now() - interval '16 minutes'`, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, member.userId));
    const session = await signInWithEmailCode(client, mailbox, member.email, STRONG_PASSWORD);
    const me = await client.gql<{ getAuthenticationUser: { lockedAt: string | null } }>(GET_AUTHENTICATION_USER, {}, session.token);
    expect(me.data?.getAuthenticationUser.lockedAt).toBeNull();
  });

  it('lets only administrators unlock, and only in their own organization', async () => {
    const { client, admin, member } = await team();
    await failFiveTimes(client, member.email);
    const other = await signUpOrganization(clientFor(server), mailbox);
    const foreign = await client.gql(UNLOCK, { userId: member.userId }, other.session.token);
    expect(errorOf(foreign)).toEqual({ code: 'NOT_FOUND', message: 'User not found' });

    const colleague = await team();
    const colleagueSession = await signInWithEmailCode(colleague.client, mailbox, colleague.member.email, STRONG_PASSWORD);
    const notAdmin = await colleague.client.gql(UNLOCK, { userId: colleague.admin.userId }, colleagueSession.token);
    expect(errorOf(notAdmin)).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });

    const anonymous = await client.gql(UNLOCK, { userId: member.userId });
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    const ok = await client.gql(UNLOCK, { userId: member.userId }, admin.session.token);
    expect(ok.errors).toBeUndefined();
  });
});
