import { auditLogs } from '@tidewise/db/schema/audit';
import { authorizationRoles } from '@tidewise/db/schema/roles';
import { PERMISSION_NAMES } from '@tidewise/shared/permissions';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Client, clientFor, errorOf, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import {
  addMember,
  ASSIGN_PERMISSIONS,
  CREATE_ROLE,
  CREATE_USER_ROLES,
  DELETE_ROLE,
  DELETE_ROLES,
  type Organization,
  PERMISSIONS_QUERY,
  REMOVE_PERMISSIONS,
  ROLE_BY_NAME_QUERY,
  ROLE_QUERY,
  ROLES_QUERY,
  signUp,
  UPDATE_ROLE,
  VIEWER_PERMISSIONS,
} from '../../../test/roles-test-kit.ts';

type Role = {
  id: string;
  key: string | null;
  name: string;
  scope: string;
  isSystem: boolean;
  userCount: number;
  permissions: { id: string; name: string }[];
};

let server: TestServer;
let mailbox: Mailbox;
let client: Client;
let ours: Organization;
let theirs: Organization;
let permissionId: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mailbox = outboxMailbox(server);
  client = clientFor(server);
  [ours, theirs] = [await signUp(client, mailbox), await signUp(client, mailbox)];
  const catalogue = await client.gql<{ authorizationPermissions: { id: string; name: string }[] }>(PERMISSIONS_QUERY, {}, ours.admin.token);
  permissionId = Object.fromEntries((catalogue.data?.authorizationPermissions ?? []).map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await server?.close();
});

const createRole = async (organization: Organization, name: string, permissions: string[] = []) => {
  const result = await client.gql<{ createAuthorizationRole: Role }>(
    CREATE_ROLE,
    { input: { name, description: `${name} role`, permissionIds: permissions.map((p) => permissionId[p]) } },
    organization.admin.token,
  );
  if (!result.data) throw new Error(`createAuthorizationRole failed: ${JSON.stringify(result.errors)}`);
  return result.data.createAuthorizationRole;
};

const auditRowsFor = (resourceId: string) =>
  server.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, resourceId)).orderBy(desc(auditLogs.createdAt));

const roleRow = async (id: string) => (await server.database.db.select().from(authorizationRoles).where(eq(authorizationRoles.id, id)))[0];

describe('authorization permissions and roles: reading', () => {
  it('lists the whole catalogue to someone allowed to read roles', async () => {
    const result = await client.gql<{
      authorizationPermissions: { name: string; resource: string; action: string; description: string }[];
    }>(PERMISSIONS_QUERY, {}, ours.admin.token);
    expect(result.errors).toBeUndefined();
    const names = result.data?.authorizationPermissions.map((p) => p.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(PERMISSION_NAMES));
    expect(result.data?.authorizationPermissions.find((p) => p.name === 'roles:create')).toMatchObject({
      resource: 'roles',
      action: 'create',
    });
  });

  it('refuses the catalogue and role lists without a session or without roles:read', async () => {
    expect(errorOf(await client.gql(PERMISSIONS_QUERY)).code).toBe('UNAUTHENTICATED');
    const viewer = await addMember(server, client, mailbox, ours, 'viewer');
    expect(errorOf(await client.gql(PERMISSIONS_QUERY, {}, viewer.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await client.gql(ROLES_QUERY, {}, viewer.token)).code).toBe('FORBIDDEN');
  });

  it("lists the system roles and the caller's own custom roles, never another organization's", async () => {
    const mine = await createRole(ours, 'Harbour auditors', ['audit-logs:read']);
    const foreign = await createRole(theirs, 'Dock planners', ['calendar:read']);
    const result = await client.gql<{ authorizationRoles: { data: Role[]; pageInfo: { totalCount: number } } }>(
      ROLES_QUERY,
      { pagination: { page: 1, pageSize: 100 } },
      ours.admin.token,
    );
    expect(result.errors).toBeUndefined();
    const roles = result.data?.authorizationRoles.data ?? [];
    expect(roles.filter((r) => r.isSystem).map((r) => r.key)).toEqual([
      'contributor',
      'organization_admin',
      'supplier_contributor',
      'viewer',
    ]);
    expect(roles.map((r) => r.id)).toContain(mine.id);
    expect(roles.map((r) => r.id)).not.toContain(foreign.id);
    expect(roles.find((r) => r.key === 'organization_admin')?.userCount).toBe(1);
    expect(roles.find((r) => r.id === mine.id)?.permissions.map((p) => p.name)).toEqual(['audit-logs:read']);
  });

  it('searches by name or description and pages', async () => {
    await createRole(ours, 'Searchable Quay A');
    await createRole(ours, 'Searchable Quay B');
    const page = await client.gql<{ authorizationRoles: { data: Role[]; pageInfo: Record<string, unknown> } }>(
      ROLES_QUERY,
      { search: 'searchable quay', pagination: { page: 2, pageSize: 1 } },
      ours.admin.token,
    );
    expect(page.data?.authorizationRoles.data.map((r) => r.name)).toEqual(['Searchable Quay B']);
    expect(page.data?.authorizationRoles.pageInfo).toEqual({
      totalPages: 2,
      currentPage: 2,
      totalCount: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const none = await client.gql<{ authorizationRoles: { data: Role[] } }>(ROLES_QUERY, { search: 'Dock planners' }, ours.admin.token);
    expect(none.data?.authorizationRoles.data).toEqual([]);
  });

  it('reads a role by id or by name, and answers NOT_FOUND for another organization’s role', async () => {
    const mine = await createRole(ours, 'Bunker clerks', ['uploads:read']);
    const foreign = await createRole(theirs, 'Bunker pilots');
    const byId = await client.gql<{ authorizationRole: Role }>(ROLE_QUERY, { id: mine.id }, ours.admin.token);
    expect(byId.data?.authorizationRole).toMatchObject({ id: mine.id, name: 'Bunker clerks', scope: 'organization', isSystem: false });
    const byName = await client.gql<{ authorizationRoleByName: Role }>(ROLE_BY_NAME_QUERY, { name: '  BUNKER CLERKS ' }, ours.admin.token);
    expect(byName.data?.authorizationRoleByName.id).toBe(mine.id);
    const system = await client.gql<{ authorizationRoleByName: Role }>(ROLE_BY_NAME_QUERY, { name: 'viewer' }, ours.admin.token);
    expect(system.data?.authorizationRoleByName).toMatchObject({ key: 'viewer', isSystem: true });
    expect(errorOf(await client.gql(ROLE_QUERY, { id: foreign.id }, ours.admin.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await client.gql(ROLE_BY_NAME_QUERY, { name: 'Bunker pilots' }, ours.admin.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await client.gql(ROLE_QUERY, { id: 'not-a-uuid' }, ours.admin.token)).code).toBe('NOT_FOUND');
  });
});

describe('authorization roles: changes', () => {
  it('creates a custom role with its permissions and audits it', async () => {
    const role = await createRole(ours, 'Emission analysts', ['data-entries:read', 'uploads:read']);
    expect(role).toMatchObject({ name: 'Emission analysts', scope: 'organization', isSystem: false, userCount: 0 });
    expect(role.permissions.map((p) => p.name)).toEqual(['data-entries:read', 'uploads:read']);
    const [audit] = await auditRowsFor(role.id);
    expect(audit).toMatchObject({
      action: 'createAuthorizationRole',
      resource: 'authorizationRole',
      status: 'success',
      organizationId: ours.organizationId,
    });
    expect(audit?.userId).toBe(ours.admin.userId);
    expect(audit?.changes).toMatchObject({
      name: { before: null, after: 'Emission analysts' },
      permissions: { before: null, after: ['data-entries:read', 'uploads:read'] },
    });
  });

  it('refuses a duplicate name, a system role name, an unknown permission and a caller without roles:create', async () => {
    await createRole(ours, 'Port captains');
    const duplicate = await client.gql(CREATE_ROLE, { input: { name: 'port CAPTAINS' } }, ours.admin.token);
    expect(errorOf(duplicate)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(await client.gql(CREATE_ROLE, { input: { name: 'Viewer' } }, ours.admin.token)).code).toBe('CONFLICT');
    const unknown = await client.gql(
      CREATE_ROLE,
      { input: { name: 'Ghosts', permissionIds: ['00000000-0000-4000-8000-000000000000'] } },
      ours.admin.token,
    );
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    expect(errorOf(await client.gql(CREATE_ROLE, { input: { name: '   ' } }, ours.admin.token)).code).toBe('VALIDATION_FAILED');
    const contributor = await addMember(server, client, mailbox, ours, 'contributor');
    expect(errorOf(await client.gql(CREATE_ROLE, { input: { name: 'Sneaky' } }, contributor.token)).code).toBe('FORBIDDEN');
    const [denied] = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, contributor.userId), eq(auditLogs.action, 'createAuthorizationRole')));
    expect(denied).toMatchObject({ status: 'denied', organizationId: ours.organizationId });
    const ghosts = await client.gql<{ authorizationRoles: { data: Role[] } }>(ROLES_QUERY, { search: 'Ghosts' }, ours.admin.token);
    expect(ghosts.data?.authorizationRoles.data).toEqual([]);
  });

  it('updates name, description and the whole permission set, auditing before and after', async () => {
    const role = await createRole(ours, 'Fuel reporters', ['uploads:read']);
    const result = await client.gql<{ updateAuthorizationRole: Role }>(
      UPDATE_ROLE,
      {
        id: role.id,
        input: { name: 'Fuel and cargo reporters', permissionIds: [permissionId['uploads:create'], permissionId['calendar:read']] },
      },
      ours.admin.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateAuthorizationRole.name).toBe('Fuel and cargo reporters');
    expect(result.data?.updateAuthorizationRole.permissions.map((p) => p.name)).toEqual(['calendar:read', 'uploads:create']);
    const [audit] = await auditRowsFor(role.id);
    expect(audit).toMatchObject({ action: 'updateAuthorizationRole', status: 'success' });
    expect(audit?.changes).toEqual({
      name: { before: 'Fuel reporters', after: 'Fuel and cargo reporters' },
      permissions: { before: ['uploads:read'], after: ['calendar:read', 'uploads:create'] },
    });
  });

  it('assigns and removes permissions', async () => {
    const role = await createRole(ours, 'Chartering', ['suppliers:read']);
    const assigned = await client.gql<{ assignAuthorizationPermissions: Role }>(
      ASSIGN_PERMISSIONS,
      { roleId: role.id, permissionIds: [permissionId['suppliers:invite'], permissionId['suppliers:read']] },
      ours.admin.token,
    );
    expect(assigned.data?.assignAuthorizationPermissions.permissions.map((p) => p.name)).toEqual(['suppliers:invite', 'suppliers:read']);
    const removed = await client.gql<{ removeAuthorizationPermissions: Role }>(
      REMOVE_PERMISSIONS,
      { roleId: role.id, permissionIds: [permissionId['suppliers:read']] },
      ours.admin.token,
    );
    expect(removed.data?.removeAuthorizationPermissions.permissions.map((p) => p.name)).toEqual(['suppliers:invite']);
    expect((await auditRowsFor(role.id)).map((r) => r.action)).toEqual([
      'removeAuthorizationPermissions',
      'assignAuthorizationPermissions',
      'createAuthorizationRole',
    ]);
  });

  it('refuses every change to a system role with a clear error', async () => {
    const roles = await client.gql<{ authorizationRoles: { data: Role[] } }>(ROLES_QUERY, {}, ours.admin.token);
    const viewer = roles.data?.authorizationRoles.data.find((r) => r.key === 'viewer');
    if (!viewer) throw new Error('no viewer role');
    const attempts = [
      await client.gql(UPDATE_ROLE, { id: viewer.id, input: { name: 'Readers' } }, ours.admin.token),
      await client.gql(ASSIGN_PERMISSIONS, { roleId: viewer.id, permissionIds: [permissionId['users:delete']] }, ours.admin.token),
      await client.gql(REMOVE_PERMISSIONS, { roleId: viewer.id, permissionIds: [permissionId['uploads:read']] }, ours.admin.token),
      await client.gql(DELETE_ROLE, { id: viewer.id }, ours.admin.token),
    ];
    for (const attempt of attempts)
      expect(errorOf(attempt)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/system role/) });
    const after = await client.gql<{ authorizationRole: Role }>(ROLE_QUERY, { id: viewer.id }, ours.admin.token);
    expect(after.data?.authorizationRole.name).toBe('Viewer');
    expect(after.data?.authorizationRole.permissions.map((p) => p.name)).not.toContain('users:delete');
  });

  it("answers NOT_FOUND for every change to another organization's role and changes nothing", async () => {
    const foreign = await createRole(theirs, 'Their surveyors', ['uploads:read']);
    const attempts = [
      await client.gql(UPDATE_ROLE, { id: foreign.id, input: { name: 'Ours now' } }, ours.admin.token),
      await client.gql(ASSIGN_PERMISSIONS, { roleId: foreign.id, permissionIds: [permissionId['users:delete']] }, ours.admin.token),
      await client.gql(REMOVE_PERMISSIONS, { roleId: foreign.id, permissionIds: [permissionId['uploads:read']] }, ours.admin.token),
      await client.gql(DELETE_ROLE, { id: foreign.id }, ours.admin.token),
      await client.gql(DELETE_ROLES, { ids: [foreign.id] }, ours.admin.token),
    ];
    for (const attempt of attempts) expect(errorOf(attempt).code).toBe('NOT_FOUND');
    const still = await client.gql<{ authorizationRole: Role }>(ROLE_QUERY, { id: foreign.id }, theirs.admin.token);
    expect(still.data?.authorizationRole).toMatchObject({ name: 'Their surveyors', permissions: [{ name: 'uploads:read' }] });
    expect((await auditRowsFor(foreign.id)).map((r) => r.action)).toEqual(['createAuthorizationRole']);
  });

  it('deletes unused roles, refuses a role still held (naming how many), and deletes many all or none', async () => {
    const unused = await createRole(ours, 'Temporary');
    const deleted = await client.gql<{ deleteAuthorizationRole: Role }>(DELETE_ROLE, { id: unused.id }, ours.admin.token);
    expect(deleted.data?.deleteAuthorizationRole).toMatchObject({ id: unused.id, name: 'Temporary' });
    expect(await roleRow(unused.id)).toBeUndefined();
    const [audit] = await auditRowsFor(unused.id);
    expect(audit).toMatchObject({ action: 'deleteAuthorizationRole', changes: { name: { before: 'Temporary', after: null } } });

    const held = await createRole(ours, 'Held');
    const member = await addMember(server, client, mailbox, ours, 'viewer');
    await client.gql(CREATE_USER_ROLES, { input: [{ userId: member.userId, authorizationRoleId: held.id }] }, ours.admin.token);
    expect(errorOf(await client.gql(DELETE_ROLE, { id: held.id }, ours.admin.token))).toEqual({
      code: 'CONFLICT',
      message: '"Held" is held by 1 user; take it away from that user before deleting it.',
    });

    const a = await createRole(ours, 'Batch A');
    const b = await createRole(ours, 'Batch B');
    const foreign = await createRole(theirs, 'Batch C');
    expect(errorOf(await client.gql(DELETE_ROLES, { ids: [a.id, foreign.id] }, ours.admin.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await client.gql(DELETE_ROLES, { ids: [a.id, held.id] }, ours.admin.token)).code).toBe('CONFLICT');
    expect(await roleRow(a.id)).toBeDefined();
    const batch = await client.gql<{ deleteManyAuthorizationRoles: number }>(DELETE_ROLES, { ids: [a.id, b.id, a.id] }, ours.admin.token);
    expect(batch.data?.deleteManyAuthorizationRoles).toBe(2);
    expect(await roleRow(a.id)).toBeUndefined();
    expect(await roleRow(b.id)).toBeUndefined();
    expect(await roleRow(foreign.id)).toBeDefined();
    expect(errorOf(await client.gql(DELETE_ROLES, { ids: [] }, ours.admin.token)).code).toBe('VALIDATION_FAILED');
  });

  it('lets nobody hand out permissions they do not hold, and applies role changes at once', async () => {
    const keeper = await createRole(ours, 'Role keepers', ['roles:read', 'roles:create', 'roles:update', 'uploads:read']);
    const member = await addMember(server, client, mailbox, ours, 'viewer');
    await client.gql(CREATE_USER_ROLES, { input: [{ userId: member.userId, authorizationRoleId: keeper.id }] }, ours.admin.token);
    const permissions = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER_PERMISSIONS, {}, member.token);
    expect(permissions.data?.viewer.permissions).toEqual(
      expect.arrayContaining(['roles:create', 'roles:update', 'uploads:read', 'calendar:read']),
    );

    const escalating = await client.gql(
      CREATE_ROLE,
      { input: { name: 'Backdoor', permissionIds: [permissionId['uploads:read'], permissionId['users:delete']] } },
      member.token,
    );
    expect(errorOf(escalating)).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot grant permissions you do not hold yourself: users:delete.',
    });
    const own = await client.gql<{ createAuthorizationRole: Role }>(
      CREATE_ROLE,
      { input: { name: 'Readers of uploads', permissionIds: [permissionId['uploads:read']] } },
      member.token,
    );
    expect(own.errors).toBeUndefined();
    const addEscalation = await client.gql(
      ASSIGN_PERMISSIONS,
      { roleId: own.data?.createAuthorizationRole.id, permissionIds: [permissionId['audit-logs:read']] },
      member.token,
    );
    expect(errorOf(addEscalation).code).toBe('FORBIDDEN');

    await client.gql(REMOVE_PERMISSIONS, { roleId: keeper.id, permissionIds: [permissionId['roles:create']] }, ours.admin.token);
    const after = await client.gql<{ viewer: { permissions: string[] } }>(VIEWER_PERMISSIONS, {}, member.token);
    expect(after.data?.viewer.permissions).not.toContain('roles:create');
    expect(errorOf(await client.gql(CREATE_ROLE, { input: { name: 'Too late' } }, member.token)).code).toBe('FORBIDDEN');
  });
});
