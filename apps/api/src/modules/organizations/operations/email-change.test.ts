import { users } from '@tidewise/db/schema/identity';
import { sessions } from '@tidewise/db/schema/sessions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { errorOf, LOGIN, type Mailbox, seen, smtpMailbox, STRONG_PASSWORD, uniqueEmail, VIEWER } from '../../../test/auth-test-kit.ts';
import { addMember, auditRows, invitationToken, newOrganization, registerFromToken } from '../../../test/organization-test-kit.ts';

const REQUEST = `mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { id status currentEmail newEmail } }`;
const MINE = `query { myEmailChangeRequest { id status newEmail } }`;
const LIST = `query($status: EmailChangeStatus) { emailChangeRequests(status: $status) { data { id status newEmail } pageInfo { totalCount } } }`;
const APPROVE = `mutation($id: ID!) { approveEmailChange(id: $id) { id status decidedAt } }`;
const REJECT = `mutation($id: ID!) { rejectEmailChange(id: $id) { id status } }`;
const CANCEL = `mutation($id: ID!) { cancelEmailChange(id: $id) { id status } }`;

/** Over a real SMTP server: the approval's invitation must leave the application. */
describe('email change requests', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailbox: Mailbox;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, APP_URL: 'https://app.tidewise.example' });
    mailbox = smtpMailbox(smtp.received);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('asks, shows as pending, and an administrator approves: new address, sessions ended, invitation to the new address', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const newEmail = uniqueEmail('moved');
    const requested = await admin.client.gql<{ requestEmailChange: { id: string } }>(REQUEST, { input: { newEmail } }, member.token);
    expect(requested.data?.requestEmailChange).toMatchObject({ status: 'pending', currentEmail: member.email, newEmail });
    const id = requested.data?.requestEmailChange.id ?? '';
    expect((await admin.client.gql(MINE, {}, member.token)).data).toEqual({ myEmailChangeRequest: { id, status: 'pending', newEmail } });
    expect((await admin.client.gql(MINE, {}, admin.token)).data).toEqual({ myEmailChangeRequest: null });
    const again = await admin.client.gql(REQUEST, { input: { newEmail: uniqueEmail('other') } }, member.token);
    expect(errorOf(again).code).toBe('CONFLICT');
    const listed = await admin.client.gql(LIST, { status: 'pending' }, admin.token);
    expect(listed.data).toEqual({ emailChangeRequests: { data: [{ id, status: 'pending', newEmail }], pageInfo: { totalCount: 1 } } });
    expect(errorOf(await admin.client.gql(LIST, {}, member.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await admin.client.gql(APPROVE, { id }, member.token)).code).toBe('FORBIDDEN');

    const before = await seen(mailbox, newEmail);
    const approved = await admin.client.gql(APPROVE, { id }, admin.token);
    expect(approved.data).toMatchObject({ approveEmailChange: { id, status: 'approved', decidedAt: expect.any(String) } });
    expect(errorOf(await admin.client.gql(VIEWER, {}, member.token)).code).toBe('UNAUTHENTICATED');
    const open = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const [account] = await server.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(account).toMatchObject({ email: newEmail, passwordHash: null });
    const oldLogin = await admin.client.gql(LOGIN, { input: { authKey: member.email, authSecret: STRONG_PASSWORD } });
    expect(oldLogin.errors).toBeDefined();

    const invitation = await invitationToken(mailbox, newEmail, before);
    expect(invitation.path).toBe('/auth/register');
    const session = await registerFromToken(admin.client, mailbox, newEmail, invitation.token);
    expect(session.user.id).toBe(member.userId);
    expect(session.user.email).toBe(newEmail);

    const twice = await admin.client.gql(REJECT, { id }, admin.token);
    expect(errorOf(twice)).toEqual({ code: 'CONFLICT', message: 'An email change request cannot change from approved to rejected.' });
    const audit = await auditRows(server, admin.organizationId, 'approveEmailChange');
    expect(audit.find((r) => r.status === 'success')?.changes).toMatchObject({ status: { before: 'pending', after: 'approved' } });
  });

  it('refuses a malformed, unchanged or taken address', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    expect(errorOf(await admin.client.gql(REQUEST, { input: { newEmail: 'not-an-address' } }, member.token))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Enter a valid email address, like name@company.com',
    });
    expect(errorOf(await admin.client.gql(REQUEST, { input: { newEmail: member.email.toUpperCase() } }, member.token)).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(errorOf(await admin.client.gql(REQUEST, { input: { newEmail: admin.email } }, member.token))).toEqual({
      code: 'CONFLICT',
      message: 'An account with this email address already exists.',
    });
    expect(errorOf(await admin.client.gql(REQUEST, { input: { newEmail: uniqueEmail('x') } })).code).toBe('UNAUTHENTICATED');
  });

  it('rejects and cancels by the rules, and keeps other organizations out', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const colleague = await addMember(mailbox, admin);
    const other = await newOrganization(server, mailbox);
    const ask = async () =>
      (await admin.client.gql<{ requestEmailChange: { id: string } }>(REQUEST, { input: { newEmail: uniqueEmail('n') } }, member.token))
        .data?.requestEmailChange.id ?? '';

    const first = await ask();
    expect(errorOf(await other.client.gql(APPROVE, { id: first }, other.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await other.client.gql(REJECT, { id: first }, other.token)).code).toBe('NOT_FOUND');
    expect((await other.client.gql(LIST, {}, other.token)).data).toEqual({
      emailChangeRequests: { data: [], pageInfo: { totalCount: 0 } },
    });
    expect(errorOf(await admin.client.gql(CANCEL, { id: first }, colleague.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await admin.client.gql(CANCEL, { id: first }, admin.token)).code).toBe('NOT_FOUND');
    expect((await admin.client.gql(REJECT, { id: first }, admin.token)).data).toEqual({
      rejectEmailChange: { id: first, status: 'rejected' },
    });
    expect(errorOf(await admin.client.gql(CANCEL, { id: first }, member.token))).toEqual({
      code: 'CONFLICT',
      message: 'An email change request cannot change from rejected to cancelled.',
    });

    const second = await ask();
    expect((await admin.client.gql(CANCEL, { id: second }, member.token)).data).toEqual({
      cancelEmailChange: { id: second, status: 'cancelled' },
    });
    expect(errorOf(await admin.client.gql(APPROVE, { id: second }, admin.token)).code).toBe('CONFLICT');
    expect((await admin.client.gql(MINE, {}, member.token)).data).toEqual({ myEmailChangeRequest: null });
    const [account] = await server.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(account?.email).toBe(member.email);
  });

  it('asks an administrator approving their own request for a recent sign-in', async () => {
    const admin = await newOrganization(server, mailbox);
    const newEmail = uniqueEmail('self');
    const requested = await admin.client.gql<{ requestEmailChange: { id: string } }>(REQUEST, { input: { newEmail } }, admin.token);
    const id = requested.data?.requestEmailChange.id ?? '';
    await server.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '30 minutes'` })
      .where(eq(sessions.userId, admin.userId));
    const stale = await admin.client.gql(APPROVE, { id }, admin.token);
    expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'recent-sign-in-required' } });
    await server.database.db.update(sessions).set({ createdAt: sql`now()` }).where(eq(sessions.userId, admin.userId));
    expect((await admin.client.gql(APPROVE, { id }, admin.token)).errors).toBeUndefined();
  });
});
