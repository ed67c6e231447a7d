import { auditLogs } from '@tidewise/db/schema/audit';
import { users } from '@tidewise/db/schema/identity';
import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Client, clientFor, errorOf, GET_AUTHENTICATION_USER, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import {
  addMember,
  CREATE_ROLE,
  CREATE_USER_ROLES,
  DELETE_USER_ROLES,
  MY_USER_ROLES_QUERY,
  type Organization,
  PERMISSIONS_QUERY,
  ROLES_QUERY,
  signUp,
  USER_ROLES_QUERY,
  VIEWER_PERMISSIONS,
} from '../../../test/roles-test-kit.ts';

type UserRole = {
  id: string;
  userId: string;
  email: string;
  organizationId: string;
  authorizationRoleId: string;
  role: { id: string; key: string | null; name: string };
};

let server: TestServer;
let mailbox: Mailbox;
let client: Client;
let ours: Organization;
let theirs: Organization;
let systemRoleId: Record<string, string>;
let allPermissionIds: string[];

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mailbox = outboxMailbox(server);
  client = clientFor(server);
  [ours, theirs] = [await signUp(client, mailbox), await signUp(client, mailbox)];
  const roles = await client.gql<{ authorizationRoles: { data: { id: string; key: string | null }[] } }>(ROLES_QUERY, {}, ours.admin.token);
  systemRoleId = Object.fromEntries((roles.data?.authorizationRoles.data ?? []).flatMap((r) => (r.key ? [[r.key, r.id]] : [])));
  const catalogue = await client.gql<{ authorizationPermissions: { id: string }[] }>(PERMISSIONS_QUERY, {}, ours.admin.token);
  allPermissionIds = (catalogue.data?.authorizationPermissions ?? []).map((p) => p.id);
});
afterAll(async () => {
  await server?.close();
});

const give = (token: string, pairs: { userId: string; authorizationRoleId: string }[]) =>
  client.gql<{ createManyAuthorizationUserRoles: UserRole[] }>(CREATE_USER_ROLES, { input: pairs }, token);

const userRolesOf = async (token: string, userId: string) => {
  const result = await client.gql<{ authorizationUserRoles: { data: UserRole[] } }>(USER_ROLES_QUERY, { userId }, token);
  return result.data?.authorizationUserRoles.data ?? [];
};

const primaryRole = async (userId: string) =>
  (await server.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;

describe('authorization user roles', () => {
  it('gives every signed-up or invited user their system role as a user role', async () => {
    const contributor = await addMember(server, client, mailbox, ours, 'contributor');
    expect((await userRolesOf(ours.admin.token, ours.admin.userId)).map((r) => r.role.key)).toEqual(['organization_admin']);
    expect((await userRolesOf(ours.admin.token, contributor.userId)).map((r) => r.role.key)).toEqual(['contributor']);
    const mine = await client.gql<{ myAuthorizationUserRoles: UserRole[] }>(MY_USER_ROLES_QUERY, {}, contributor.token);
    expect(mine.data?.myAuthorizationUserRoles).toEqual([
      expect.objectContaining({
        userId: contributor.userId,
        email: contributor.email,
        organizationId: ours.organizationId,
        role: expect.objectContaining({ key: 'contributor' }),
      }),
    ]);
  });

  it('lists the organization’s user roles only, and refuses another organization’s user', async () => {
    const list = await client.gql<{ authorizationUserRoles: { data: UserRole[]; pageInfo: { totalCount: number } } }>(
      USER_ROLES_QUERY,
      { pagination: { page: 1, pageSize: 100 } },
      ours.admin.token,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data?.authorizationUserRoles.data.every((r) => r.organizationId === ours.organizationId)).toBe(true);
    expect(list.data?.authorizationUserRoles.data.map((r) => r.userId)).not.toContain(theirs.admin.userId);
    expect(list.data?.authorizationUserRoles.pageInfo.totalCount).toBe(list.data?.authorizationUserRoles.data.length);
    expect(errorOf(await client.gql(USER_ROLES_QUERY, { userId: theirs.admin.userId }, ours.admin.token)).code).toBe('NOT_FOUND');
    const viewer = await addMember(server, client, mailbox, ours, 'viewer');
    expect(errorOf(await client.gql(USER_ROLES_QUERY, {}, viewer.token)).code).toBe('FORBIDDEN');
  });

  it('gives roles (idempotently), keeps users.role on the most privileged system role, and audits each new link', async () => {
    const member = await addMember(server, client, mailbox, ours, 'viewer');
    expect(await primaryRole(member.userId)).toBe('viewer');
    const given = await give(ours.admin.token, [
      { userId: member.userId, authorizationRoleId: systemRoleId.contributor ?? '' },
      { userId: member.userId, authorizationRoleId: systemRoleId.viewer ?? '' },
    ]);
    expect(given.errors).toBeUndefined();
    expect(given.data?.createManyAuthorizationUserRoles.map((r) => r.role.key).sort()).toEqual(['contributor', 'viewer']);
    expect(await primaryRole(member.userId)).toBe('contributor');
    const account = await client.gql<{ getAuthenticationUser: { role: string } }>(GET_AUTHENTICATION_USER, {}, member.token);
    expect(account.data?.getAuthenticationUser.role).toBe('contributor');
    const permissions = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER_PERMISSIONS, {}, member.token);
    expect(permissions.data?.viewer.permissions).toContain('uploads:create');

    const audits = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'createManyAuthorizationUserRoles'), eq(auditLogs.organizationId, ours.organizationId)));
    const contributorLink = given.data?.createManyAuthorizationUserRoles.find((r) => r.role.key === 'contributor');
    expect(audits.filter((a) => a.resourceId === contributorLink?.id)).toEqual([
      expect.objectContaining({
        status: 'success',
        resource: 'authorizationUserRole',
        description: `Gave role "Contributor" to ${member.email}`,
      }),
    ]);
  });

  it("answers NOT_FOUND for another organization's user or custom role and creates nothing", async () => {
    const member = await addMember(server, client, mailbox, ours, 'viewer');
    const foreignRole = await client.gql<{ createAuthorizationRole: { id: string } }>(
      CREATE_ROLE,
      { input: { name: 'Foreign' } },
      theirs.admin.token,
    );
    const foreignRoleId = foreignRole.data?.createAuthorizationRole.id ?? '';
    const attempts = [
      await give(ours.admin.token, [{ userId: theirs.admin.userId, authorizationRoleId: systemRoleId.viewer ?? '' }]),
      await give(ours.admin.token, [{ userId: member.userId, authorizationRoleId: foreignRoleId }]),
      await give(ours.admin.token, [
        { userId: member.userId, authorizationRoleId: systemRoleId.contributor ?? '' },
        { userId: theirs.admin.userId, authorizationRoleId: systemRoleId.contributor ?? '' },
      ]),
      await give(ours.admin.token, [{ userId: 'nobody', authorizationRoleId: systemRoleId.viewer ?? '' }]),
    ];
    for (const attempt of attempts) expect(errorOf(attempt).code).toBe('NOT_FOUND');
    expect((await userRolesOf(ours.admin.token, member.userId)).map((r) => r.role.key)).toEqual(['viewer']);
    expect((await userRolesOf(theirs.admin.token, theirs.admin.userId)).map((r) => r.role.key)).toEqual(['organization_admin']);
  });

  it('refuses giving a role more powerful than the caller', async () => {
    const keepers = await client.gql<{ createAuthorizationRole: { id: string } }>(
      CREATE_ROLE,
      { input: { name: 'Door keepers', permissionIds: [] } },
      ours.admin.token,
    );
    const member = await addMember(server, client, mailbox, ours, 'contributor');
    const permissions = await client.gql<{ authorizationPermissions: { id: string; name: string }[] }>(
      PERMISSIONS_QUERY,
      {},
      ours.admin.token,
    );
    const id = (name: string) => permissions.data?.authorizationPermissions.find((p) => p.name === name)?.id;
    await client.gql(
      `mutation($roleId: ID!, $ids: [ID!]!) { assignAuthorizationPermissions(roleId: $roleId, permissionIds: $ids) { id } }`,
      { roleId: keepers.data?.createAuthorizationRole.id, ids: [id('user-roles:create'), id('user-roles:read')] },
      ours.admin.token,
    );
    await give(ours.admin.token, [{ userId: member.userId, authorizationRoleId: keepers.data?.createAuthorizationRole.id ?? '' }]);
    const escalation = await give(member.token, [{ userId: member.userId, authorizationRoleId: systemRoleId.organization_admin ?? '' }]);
    expect(errorOf(escalation).code).toBe('FORBIDDEN');
    expect(errorOf(escalation).message).toMatch(/^You cannot grant permissions you do not hold yourself: .*users:delete/);
    expect((await userRolesOf(ours.admin.token, member.userId)).map((r) => r.role.key)).not.toContain('organization_admin');
  });

  it('takes roles away, audits it and updates users.role; refuses another organization’s link', async () => {
    const member = await addMember(server, client, mailbox, ours, 'contributor');
    await give(ours.admin.token, [{ userId: member.userId, authorizationRoleId: systemRoleId.viewer ?? '' }]);
    const contributorLink = (await userRolesOf(ours.admin.token, member.userId)).find((r) => r.role.key === 'contributor');
    const theirLink = (await userRolesOf(theirs.admin.token, theirs.admin.userId))[0];
    expect(errorOf(await client.gql(DELETE_USER_ROLES, { ids: [contributorLink?.id, theirLink?.id] }, ours.admin.token)).code).toBe(
      'NOT_FOUND',
    );
    expect(await userRolesOf(theirs.admin.token, theirs.admin.userId)).toHaveLength(1);
    expect(await userRolesOf(ours.admin.token, member.userId)).toHaveLength(2);

    const removed = await client.gql<{ deleteManyAuthorizationUserRoles: number }>(
      DELETE_USER_ROLES,
      { ids: [contributorLink?.id] },
      ours.admin.token,
    );
    expect(removed.data?.deleteManyAuthorizationUserRoles).toBe(1);
    expect((await userRolesOf(ours.admin.token, member.userId)).map((r) => r.role.key)).toEqual(['viewer']);
    expect(await primaryRole(member.userId)).toBe('viewer');
    const permissions = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER_PERMISSIONS, {}, member.token);
    expect(permissions.data?.viewer.permissions).not.toContain('uploads:create');
    const [audit] = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, contributorLink?.id ?? ''));
    expect(audit).toMatchObject({
      action: 'deleteManyAuthorizationUserRoles',
      status: 'success',
      description: `Took role "Contributor" from ${member.email}`,
    });

    const viewerLink = (await userRolesOf(ours.admin.token, member.userId))[0];
    await client.gql(DELETE_USER_ROLES, { ids: [viewerLink?.id] }, ours.admin.token);
    expect(await primaryRole(member.userId)).toBe('none');
    const nothing = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER_PERMISSIONS, {}, member.token);
    expect(nothing.data?.viewer.permissions).toEqual([]);
  });
});

describe('administrators', () => {
  it('cannot remove their own administrator role', async () => {
    const organization = await signUp(client, mailbox);
    const second = await addMember(server, client, mailbox, organization, 'organization_admin');
    const ownLink = (await userRolesOf(organization.admin.token, organization.admin.userId))[0];
    const refused = await client.gql(DELETE_USER_ROLES, { ids: [ownLink?.id] }, organization.admin.token);
    expect(errorOf(refused)).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot remove your own administrator role; ask another administrator to do it.',
    });
    expect(await userRolesOf(organization.admin.token, organization.admin.userId)).toHaveLength(1);
    const [audit] = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, organization.admin.userId), eq(auditLogs.action, 'deleteManyAuthorizationUserRoles')));
    expect(audit).toMatchObject({ status: 'denied' });

    const secondLink = (await userRolesOf(organization.admin.token, second.userId))[0];
    const removed = await client.gql<{ deleteManyAuthorizationUserRoles: number }>(
      DELETE_USER_ROLES,
      { ids: [secondLink?.id] },
      organization.admin.token,
    );
    expect(removed.data?.deleteManyAuthorizationUserRoles).toBe(1);
  });

  it('cannot lose their last administrator, even to someone holding every permission through a custom role', async () => {
    const organization = await signUp(client, mailbox);
    const everything = await client.gql<{ createAuthorizationRole: { id: string } }>(
      CREATE_ROLE,
      { input: { name: 'Everything', permissionIds: allPermissionIds } },
      organization.admin.token,
    );
    const deputy = await addMember(server, client, mailbox, organization, 'viewer');
    await give(organization.admin.token, [
      { userId: deputy.userId, authorizationRoleId: everything.data?.createAuthorizationRole.id ?? '' },
    ]);
    const adminLink = (await userRolesOf(organization.admin.token, organization.admin.userId))[0];
    const refused = await client.gql(DELETE_USER_ROLES, { ids: [adminLink?.id] }, deputy.token);
    expect(errorOf(refused)).toEqual({
      code: 'CONFLICT',
      message:
        'This would remove the last administrator of the organization; give the organization administrator role to someone else first.',
    });
    const still = await server.database.db
      .select()
      .from(authorizationUserRoles)
      .where(eq(authorizationUserRoles.id, adminLink?.id ?? ''));
    expect(still).toHaveLength(1);

    await give(organization.admin.token, [{ userId: deputy.userId, authorizationRoleId: systemRoleId.organization_admin ?? '' }]);
    const allowed = await client.gql<{ deleteManyAuthorizationUserRoles: number }>(
      DELETE_USER_ROLES,
      { ids: [adminLink?.id] },
      deputy.token,
    );
    expect(allowed.data?.deleteManyAuthorizationUserRoles).toBe(1);
  });
});
