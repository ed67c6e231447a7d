import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import { PERMISSION_NAMES, SYSTEM_ROLE_DESCRIPTIONS, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES } from '@tidewise/shared/permissions';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { uniqueEmail } from '../../test/auth-test-kit.ts';
import { createSupplierOrganization } from '../../lib/identity/supplier-organizations.ts';
import { syncAuthorizationCatalogue } from './sync-authorization-catalogue.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const systemRolePermissions = async () => {
  const rows = await server.database.db
    .select({ key: authorizationRoles.key, resource: authorizationPermissions.resource, action: authorizationPermissions.action })
    .from(authorizationRolePermissions)
    .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationRolePermissions.authorizationRoleId))
    .innerJoin(authorizationPermissions, eq(authorizationPermissions.id, authorizationRolePermissions.authorizationPermissionId))
    .where(isNull(authorizationRoles.organizationId));
  const byRole: Record<string, string[]> = {};
  for (const row of rows) byRole[row.key ?? ''] = [...(byRole[row.key ?? ''] ?? []), `${row.resource}:${row.action}`];
  for (const list of Object.values(byRole)) list.sort();
  return byRole;
};

describe('syncAuthorizationCatalogue', () => {
  it('stores the catalogue and the system roles with exactly their permissions, and is idempotent', async () => {
    const db = server.database.db;
    await syncAuthorizationCatalogue(db);
    await Promise.all([syncAuthorizationCatalogue(db), syncAuthorizationCatalogue(db)]);
    const permissions = await db.select().from(authorizationPermissions);
    expect(permissions.map((p) => `${p.resource}:${p.action}`).sort()).toEqual([...PERMISSION_NAMES].sort());
    const roles = await db.select().from(authorizationRoles).where(eq(authorizationRoles.scope, 'system'));
    expect(roles.map((r) => r.key).sort()).toEqual([...SYSTEM_ROLES].sort());
    expect(roles.every((r) => r.organizationId === null)).toBe(true);
    const expected = Object.fromEntries(SYSTEM_ROLES.map((key) => [key, [...SYSTEM_ROLE_PERMISSIONS[key]].sort()]));
    expect(await systemRolePermissions()).toEqual(expected);
  });

  it('drops permissions no longer in the catalogue and restores a system role edited in the database', async () => {
    const db = server.database.db;
    const [stale] = await db
      .insert(authorizationPermissions)
      .values({ resource: 'ghosts', action: 'summon', description: 'Gone' })
      .returning();
    const [viewer] = await db.select().from(authorizationRoles).where(eq(authorizationRoles.key, 'viewer'));
    if (!stale || !viewer) throw new Error('setup failed');
    await db.insert(authorizationRolePermissions).values({ authorizationRoleId: viewer.id, authorizationPermissionId: stale.id });
    await db.update(authorizationRoles).set({ description: 'Tampered' }).where(eq(authorizationRoles.id, viewer.id));
    await syncAuthorizationCatalogue(db);
    expect(await db.select().from(authorizationPermissions).where(eq(authorizationPermissions.resource, 'ghosts'))).toEqual([]);
    const [restored] = await db.select().from(authorizationRoles).where(eq(authorizationRoles.id, viewer.id));
    expect(restored?.description).toBe(SYSTEM_ROLE_DESCRIPTIONS.viewer);
    expect((await systemRolePermissions()).viewer).toEqual([...SYSTEM_ROLE_PERMISSIONS.viewer].sort());
  });

  it('gives users who have only users.role their system role in their organization, once', async () => {
    const db = server.database.db;
    const [customer] = await db.insert(organizations).values({ name: 'Backfill Shipping', organizationType: 'customer' }).returning();
    if (!customer) throw new Error('setup failed');
    const organization = await createSupplierOrganization(db, { name: 'Backfill Marine', customerOrganizationId: customer.id });
    const [user] = await db
      .insert(users)
      .values({ email: uniqueEmail('legacy'), role: 'supplier_contributor' })
      .returning();
    if (!user) throw new Error('setup failed');
    await db.insert(organizationUsers).values({ userId: user.id, organizationId: organization.id });
    await syncAuthorizationCatalogue(db);
    await syncAuthorizationCatalogue(db);
    const held = await db
      .select({ key: authorizationRoles.key, organizationId: authorizationUserRoles.organizationId })
      .from(authorizationUserRoles)
      .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId))
      .where(eq(authorizationUserRoles.userId, user.id));
    expect(held).toEqual([{ key: 'supplier_contributor', organizationId: organization.id }]);
    const [total] = await db.select({ value: count() }).from(authorizationUserRoles).where(eq(authorizationUserRoles.userId, user.id));
    expect(Number(total?.value)).toBe(1);
  });
});
