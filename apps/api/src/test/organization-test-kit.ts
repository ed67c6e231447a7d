import { auditLogs } from '@tidewise/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import type { TestServer } from './harness.ts';
import {
  type Client,
  clientFor,
  exchangeHandoff,
  type Mailbox,
  REGISTER,
  type SessionData,
  seen,
  signUpOrganization,
  STRONG_PASSWORD,
  uniqueEmail,
  VERIFY_EMAIL_MFA,
  waitForNewMail,
} from './auth-test-kit.ts';

/** Shared by the organization and supplier integration tests. */

export const CREATE_USER = `mutation($input: CreateOrganizationUserInput!) {
  createOrganizationUser(input: $input) { id userId organizationId firstName lastName jobPosition email role registered lockedAt }
}`;

/** The token of the newest invitation link emailed to this address. */
export const invitationToken = async (mailbox: Mailbox, email: string, before = new Set<string>()) => {
  const mail = await waitForNewMail(mailbox, email, before);
  const link = mail.text.match(/https?:\/\/\S+\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation link in "${mail.subject}"`);
  const url = new URL(link);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '', mail };
};

/** Registers from an invitation token with the Email method and returns the signed-in session. */
export const registerFromToken = async (client: Client, mailbox: Mailbox, email: string, token: string): Promise<SessionData> => {
  const before = await seen(mailbox, email);
  const registered = await client.gql<{ register: { userId: string } }>(REGISTER, {
    input: { token, password: STRONG_PASSWORD, mfaMethod: 'Email' },
  });
  const userId = registered.data?.register.userId;
  if (!userId) throw new Error(`register failed: ${JSON.stringify(registered.errors)}`);
  const code = (await waitForNewMail(mailbox, email, before)).text.match(/code is: (\d{6})/)?.[1];
  const verified = await client.gql<{ verifyEmailMfa: { token: string } }>(VERIFY_EMAIL_MFA, { input: { userId, code } });
  if (!verified.data) throw new Error(`verifyEmailMfa failed: ${JSON.stringify(verified.errors)}`);
  return exchangeHandoff(client, verified.data.verifyEmailMfa.token);
};

export type Admin = Awaited<ReturnType<typeof signUpOrganization>> & { client: Client; organizationId: string; token: string };

/** A new customer organization with its signed-in administrator. */
export const newOrganization = async (server: TestServer, mailbox: Mailbox, organizationName?: string): Promise<Admin> => {
  const client = clientFor(server);
  const admin = await signUpOrganization(client, mailbox, organizationName ? { organizationName } : {});
  return { ...admin, client, organizationId: admin.session.user.organizationUser?.organizationId ?? '', token: admin.session.token };
};

export type Member = { email: string; organizationUserId: string; userId: string; token: string; session: SessionData };

/** A colleague created through createOrganizationUser, registered and signed in. */
export const addMember = async (mailbox: Mailbox, admin: Admin, roleKey = 'contributor'): Promise<Member> => {
  const email = uniqueEmail(roleKey.replace('_', '-'));
  const before = await seen(mailbox, email);
  const created = await admin.client.gql<{ createOrganizationUser: { id: string; userId: string } }>(
    CREATE_USER,
    { input: { email, firstName: 'Ingrid', lastName: 'Holm', jobPosition: 'Fleet analyst', roleKey } },
    admin.token,
  );
  if (!created.data) throw new Error(`createOrganizationUser failed: ${JSON.stringify(created.errors)}`);
  const { token } = await invitationToken(mailbox, email, before);
  const session = await registerFromToken(admin.client, mailbox, email, token);
  return {
    email,
    organizationUserId: created.data.createOrganizationUser.id,
    userId: created.data.createOrganizationUser.userId,
    token: session.token,
    session,
  };
};

/** Audit rows of an action in an organization's chain, oldest first. */
export const auditRows = (server: TestServer, organizationId: string, action: string) =>
  server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)))
    .orderBy(auditLogs.sequence);
