import { users } from '@tidewise/db/schema/identity';
import { sessions } from '@tidewise/db/schema/sessions';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { errorOf, LOGIN, type Mailbox, outboxMailbox, seen, uniqueEmail, VIEWER } from '../../../test/auth-test-kit.ts';
import {
  addMember,
  auditRows,
  CREATE_USER,
  invitationToken,
  newOrganization,
  registerFromToken,
} from '../../../test/organization-test-kit.ts';

const USERS = `query($pagination: PaginationInput, $search: String) {
  organizationUsers(pagination: $pagination, search: $search) {
    data { id email firstName lastName jobPosition role registered }
    pageInfo { totalCount totalPages currentPage hasNextPage hasPreviousPage }
  }
}`;
const USER = `query($id: ID!) { organizationUser(id: $id) { id email firstName registered lockedAt lockReason } }`;
const UPDATE_USER = `mutation($id: ID!, $input: UpdateOrganizationUserInput!) {
  updateOrganizationUser(id: $id, input: $input) { id firstName lastName jobPosition }
}`;
const DELETE_USERS = `mutation($ids: [ID!]!) { deleteManyOrganizationUsers(ids: $ids) { deletedIds count } }`;
const LOCK = `mutation($id: ID!, $reason: String!) { lockOrganizationUser(id: $id, reason: $reason) { id lockedAt lockReason } }`;
const UNLOCK = `mutation($userId: ID!) { unlockAuthenticationUser(userId: $userId) { id lockedAt } }`;
const RESEND = `mutation($id: ID!) { resendOrganizationUserInvitation(id: $id) { success message } }`;

type UserPage = { organizationUsers: { data: { id: string; email: string; registered: boolean }[]; pageInfo: { totalCount: number } } };

describe('organization users', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', APP_URL: 'https://app.tidewise.example' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a colleague, emails /auth/register?token= and lets them register with the chosen role', async () => {
    const admin = await newOrganization(server, mailbox);
    const email = uniqueEmail('Colleague');
    const before = await seen(mailbox, email.toLowerCase());
    const created = await admin.client.gql<{ createOrganizationUser: Record<string, unknown> }>(
      CREATE_USER,
      { input: { email, firstName: 'Ole', lastName: 'Berg', jobPosition: 'Chartering', roleKey: 'viewer' } },
      admin.token,
    );
    expect(created.data?.createOrganizationUser).toMatchObject({
      organizationId: admin.organizationId,
      email: email.toLowerCase(),
      firstName: 'Ole',
      jobPosition: 'Chartering',
      role: 'viewer',
      registered: false,
      lockedAt: null,
    });
    const invitation = await invitationToken(mailbox, email.toLowerCase(), before);
    expect(invitation.path).toBe('/auth/register');
    expect(invitation.mail.text).toContain(`https://app.tidewise.example/auth/register?token=`);
    const session = await registerFromToken(admin.client, mailbox, email.toLowerCase(), invitation.token);
    const viewer = await admin.client.gql<{ viewer: { permissions: string[] } }>(VIEWER, {}, session.token);
    expect(viewer.data?.viewer.permissions).not.toContain('users:invite');
    const [audit] = await auditRows(server, admin.organizationId, 'createOrganizationUser');
    expect(audit).toMatchObject({ status: 'success', resource: 'organizationUser', userId: admin.userId });
    expect(audit?.changes).toMatchObject({ email: { before: null, after: email.toLowerCase() }, role: { after: 'viewer' } });
  });

  it('refuses an email that already has an account, unknown roles, invalid input and callers without users:invite', async () => {
    const admin = await newOrganization(server, mailbox);
    const other = await newOrganization(server, mailbox);
    const taken = await admin.client.gql(CREATE_USER, { input: { email: other.email, firstName: 'A', lastName: 'B' } }, admin.token);
    expect(errorOf(taken)).toEqual({ code: 'CONFLICT', message: 'An account with this email address already exists.' });
    const contributor = await addMember(mailbox, admin, 'contributor');
    const denied = await admin.client.gql(
      CREATE_USER,
      { input: { email: uniqueEmail('x'), firstName: 'A', lastName: 'B' } },
      contributor.token,
    );
    expect(errorOf(denied).code).toBe('FORBIDDEN');
    const invalid = await admin.client.gql(CREATE_USER, { input: { email: 'nope', firstName: 'A', lastName: 'B' } }, admin.token);
    expect(errorOf(invalid).code).toBe('VALIDATION_FAILED');
    const badRole = await admin.client.gql(
      CREATE_USER,
      { input: { email: uniqueEmail('x'), firstName: 'A', lastName: 'B', roleKey: 'root' } },
      admin.token,
    );
    expect(errorOf(badRole).code).toBe('VALIDATION_FAILED');
    const foreignRole = await admin.client.gql(
      CREATE_USER,
      { input: { email: uniqueEmail('x'), firstName: 'A', lastName: 'B', authorizationRoleIds: ['00000000-0000-4000-8000-000000000000'] } },
      admin.token,
    );
    expect(errorOf(foreignRole).code).toBe('NOT_FOUND');
    const [refusedRow] = (await auditRows(server, admin.organizationId, 'createOrganizationUser')).filter((r) => r.status === 'failure');
    expect(refusedRow?.description).toContain('already exists');
  });

  it('lists, searches and reads users of the own organization only', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const other = await newOrganization(server, mailbox);
    const all = await admin.client.gql<UserPage>(USERS, { pagination: { page: 1, pageSize: 10 } }, admin.token);
    expect(all.data?.organizationUsers.pageInfo).toEqual({
      totalCount: 2,
      totalPages: 1,
      currentPage: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(all.data?.organizationUsers.data.map((u) => u.email).sort()).toEqual([admin.email, member.email].sort());
    for (const search of ['ingrid', 'HOLM', 'fleet', member.email.slice(0, 12)]) {
      const found = await admin.client.gql<UserPage>(USERS, { search }, admin.token);
      expect(found.data?.organizationUsers.data.map((u) => u.email)).toEqual([member.email]);
    }
    const none = await admin.client.gql<UserPage>(USERS, { search: '%' }, admin.token);
    expect(none.data?.organizationUsers.pageInfo.totalCount).toBe(0);
    const paged = await admin.client.gql<UserPage>(USERS, { pagination: { page: 2, pageSize: 1 } }, admin.token);
    expect(paged.data?.organizationUsers.data).toHaveLength(1);

    const one = await admin.client.gql(USER, { id: member.organizationUserId }, admin.token);
    expect(one.data).toMatchObject({ organizationUser: { id: member.organizationUserId, email: member.email, registered: true } });
    expect(errorOf(await other.client.gql(USER, { id: member.organizationUserId }, other.token))).toEqual({
      code: 'NOT_FOUND',
      message: 'Organization user not found',
    });
    const theirs = await other.client.gql<UserPage>(USERS, {}, other.token);
    expect(theirs.data?.organizationUsers.data.map((u) => u.email)).toEqual([other.email]);
    expect(errorOf(await admin.client.gql(USERS, { pagination: { pageSize: 1000 } }, admin.token)).code).toBe('VALIDATION_FAILED');
  });

  it('updates a colleague, but not one of another organization', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const other = await newOrganization(server, mailbox);
    const updated = await admin.client.gql(
      UPDATE_USER,
      { id: member.organizationUserId, input: { jobPosition: 'Head of ESG' } },
      admin.token,
    );
    expect(updated.data).toEqual({
      updateOrganizationUser: { id: member.organizationUserId, firstName: 'Ingrid', lastName: 'Holm', jobPosition: 'Head of ESG' },
    });
    const foreign = await other.client.gql(UPDATE_USER, { id: member.organizationUserId, input: { firstName: 'Hacked' } }, other.token);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    const still = await admin.client.gql<{ organizationUser: { firstName: string } }>(USER, { id: member.organizationUserId }, admin.token);
    expect(still.data?.organizationUser.firstName).toBe('Ingrid');
  });

  it('removes users all or none, never yourself, and ends their access', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const other = await newOrganization(server, mailbox);
    const [adminMembership] =
      (await admin.client.gql<UserPage>(USERS, { search: admin.email }, admin.token)).data?.organizationUsers.data ?? [];
    const adminId = adminMembership?.id ?? '';

    expect(errorOf(await admin.client.gql(DELETE_USERS, { ids: [adminId] }, admin.token))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'You cannot remove yourself.',
    });
    const crossOrg = await other.client.gql(DELETE_USERS, { ids: [member.organizationUserId] }, other.token);
    expect(errorOf(crossOrg).code).toBe('NOT_FOUND');
    const mixed = await admin.client.gql(DELETE_USERS, { ids: [member.organizationUserId, (await otherMembership()).id] }, admin.token);
    expect(errorOf(mixed).code).toBe('NOT_FOUND');
    expect((await admin.client.gql(USER, { id: member.organizationUserId }, admin.token)).errors).toBeUndefined();

    const second = await addMember(mailbox, admin, 'organization_admin');
    const both = await admin.client.gql(DELETE_USERS, { ids: [second.organizationUserId, member.organizationUserId] }, second.token);
    expect(errorOf(both).code).toBe('VALIDATION_FAILED');
    const firstAdmin = await admin.client.gql(DELETE_USERS, { ids: [adminId] }, second.token);
    expect(firstAdmin.data).toEqual({ deleteManyOrganizationUsers: { deletedIds: [adminId], count: 1 } });

    const removed = await admin.client.gql(DELETE_USERS, { ids: [member.organizationUserId] }, second.token);
    expect(removed.data).toEqual({ deleteManyOrganizationUsers: { deletedIds: [member.organizationUserId], count: 1 } });
    expect(errorOf(await admin.client.gql(VIEWER, {}, member.token)).code).toBe('UNAUTHENTICATED');
    expect(await server.database.db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    const audit = await auditRows(server, admin.organizationId, 'deleteManyOrganizationUsers');
    expect(audit.filter((r) => r.status === 'success').map((r) => r.resourceId)).toEqual([adminId, member.organizationUserId]);

    async function otherMembership() {
      const page = await other.client.gql<UserPage>(USERS, {}, other.token);
      return page.data?.organizationUsers.data[0] ?? { id: '' };
    }
  });

  it('never removes or locks the last active administrator, even for a user allowed to remove and lock', async () => {
    const admin = await newOrganization(server, mailbox);
    const db = server.database.db;
    const manager = await addMember(mailbox, admin, 'contributor');
    const [role] = await db
      .insert(authorizationRoles)
      .values({ organizationId: admin.organizationId, name: 'User manager', scope: 'organization' })
      .returning();
    const granted = await db
      .select({ id: authorizationPermissions.id })
      .from(authorizationPermissions)
      .where(and(eq(authorizationPermissions.resource, 'users'), inArray(authorizationPermissions.action, ['delete', 'lock', 'invite'])));
    expect(granted).toHaveLength(3);
    await db
      .insert(authorizationRolePermissions)
      .values(granted.map((p) => ({ authorizationRoleId: role?.id ?? '', authorizationPermissionId: p.id })));
    await db
      .insert(authorizationUserRoles)
      .values({ userId: manager.userId, organizationId: admin.organizationId, authorizationRoleId: role?.id ?? '' });
    const page = await admin.client.gql<UserPage>(USERS, { search: admin.email }, admin.token);
    const adminId = page.data?.organizationUsers.data[0]?.id ?? '';

    const removeLast = await admin.client.gql(DELETE_USERS, { ids: [adminId] }, manager.token);
    expect(errorOf(removeLast)).toEqual({ code: 'CONFLICT', message: 'The last administrator of the organization cannot be removed.' });
    const lockLast = await admin.client.gql(LOCK, { id: adminId, reason: 'x' }, manager.token);
    expect(errorOf(lockLast)).toEqual({ code: 'CONFLICT', message: 'The last administrator of the organization cannot be locked.' });
    expect((await admin.client.gql(VIEWER, {}, admin.token)).errors).toBeUndefined();

    const escalate = await admin.client.gql(
      CREATE_USER,
      { input: { email: uniqueEmail('boss'), firstName: 'A', lastName: 'B', roleKey: 'organization_admin' } },
      manager.token,
    );
    expect(errorOf(escalate)).toEqual({ code: 'FORBIDDEN', message: 'You cannot give a role with permissions you do not hold yourself.' });

    const second = await addMember(mailbox, admin, 'organization_admin');
    const bothAdmins = await admin.client.gql(DELETE_USERS, { ids: [adminId, second.organizationUserId] }, manager.token);
    expect(errorOf(bothAdmins).code).toBe('CONFLICT');
    await db.update(users).set({ lockedAt: new Date(), lockReason: 'away' }).where(eq(users.id, second.userId));
    expect(errorOf(await admin.client.gql(DELETE_USERS, { ids: [adminId] }, manager.token)).code).toBe('CONFLICT');
    await db.update(users).set({ lockedAt: null, lockReason: null }).where(eq(users.id, second.userId));
    const oneOfTwo = await admin.client.gql(DELETE_USERS, { ids: [adminId] }, manager.token);
    expect(oneOfTwo.errors).toBeUndefined();
    const refusals = (await auditRows(server, admin.organizationId, 'deleteManyOrganizationUsers')).filter((r) => r.status === 'failure');
    expect(refusals.map((r) => r.description)).toContain(
      'deleteManyOrganizationUsers refused: The last administrator of the organization cannot be removed.',
    );
  });

  it('locks a colleague and ends their sessions, never yourself, and an administrator unlocks', async () => {
    const admin = await newOrganization(server, mailbox);
    const member = await addMember(mailbox, admin);
    const other = await newOrganization(server, mailbox);
    const page = await admin.client.gql<UserPage>(USERS, { search: admin.email }, admin.token);
    const adminId = page.data?.organizationUsers.data[0]?.id ?? '';
    expect(errorOf(await admin.client.gql(LOCK, { id: adminId, reason: 'oops' }, admin.token))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'You cannot lock yourself out.',
    });
    expect(errorOf(await other.client.gql(LOCK, { id: member.organizationUserId, reason: 'x' }, other.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await admin.client.gql(LOCK, { id: member.organizationUserId, reason: ' ' }, admin.token)).code).toBe(
      'VALIDATION_FAILED',
    );

    const locked = await admin.client.gql<{ lockOrganizationUser: { lockedAt: string | null; lockReason: string } }>(
      LOCK,
      { id: member.organizationUserId, reason: 'Left the company' },
      admin.token,
    );
    expect(locked.data?.lockOrganizationUser).toMatchObject({ lockReason: 'Left the company', lockedAt: expect.any(String) });
    expect(errorOf(await admin.client.gql(VIEWER, {}, member.token)).code).toBe('UNAUTHENTICATED');
    const open = await server.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.userId), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    const login = await admin.client.gql(LOGIN, { input: { authKey: member.email, authSecret: 'Sturdy#Harbour-42' } });
    expect(errorOf(login).code).toBe('LOCKED');
    expect(errorOf(await admin.client.gql(LOCK, { id: member.organizationUserId, reason: 'again' }, admin.token)).code).toBe('CONFLICT');

    const unlocked = await admin.client.gql(UNLOCK, { userId: member.userId }, admin.token);
    expect(unlocked.data).toEqual({ unlockAuthenticationUser: { id: member.userId, lockedAt: null } });
  });

  it('resends an invitation to a colleague who has not registered; the old link stops working', async () => {
    const admin = await newOrganization(server, mailbox);
    const email = uniqueEmail('late');
    const created = await admin.client.gql<{ createOrganizationUser: { id: string } }>(
      CREATE_USER,
      { input: { email, firstName: 'Late', lastName: 'Comer' } },
      admin.token,
    );
    const id = created.data?.createOrganizationUser.id ?? '';
    const first = await invitationToken(mailbox, email);
    const before = await seen(mailbox, email);
    const resent = await admin.client.gql(RESEND, { id }, admin.token);
    expect(resent.data).toEqual({
      resendOrganizationUserInvitation: { success: true, message: `A new invitation has been sent to ${email}.` },
    });
    const second = await invitationToken(mailbox, email, before);
    expect(second.token).not.toBe(first.token);
    const stale = await admin.client.gql(`mutation($input: RegisterInput!) { register(input: $input) { userId } }`, {
      input: { token: first.token, password: 'Sturdy#Harbour-42', mfaMethod: 'Email' },
    });
    expect(stale.errors?.[0]?.message).toBe('Invalid or expired invitation token');
    await registerFromToken(admin.client, mailbox, email, second.token);
    expect(errorOf(await admin.client.gql(RESEND, { id }, admin.token))).toEqual({
      code: 'CONFLICT',
      message: 'This user has already registered.',
    });
    const other = await newOrganization(server, mailbox);
    expect(errorOf(await other.client.gql(RESEND, { id }, other.token)).code).toBe('NOT_FOUND');
  });
});
