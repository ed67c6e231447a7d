import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { missingGrants, roleEditRefusal } from './roles.policy.ts';
import { isUuid, requireUuids } from '../../lib/db.ts';
import { isLocked } from '../../lib/identity/locks.ts';

/** Shared reads and writes of the roles module; operations compose them inside their transaction. */

export type PermissionRow = typeof authorizationPermissions.$inferSelect;
export type RoleRow = typeof authorizationRoles.$inferSelect;
export type UserRoleRow = typeof authorizationUserRoles.$inferSelect;
export type RolePermissionView = {
  authorizationRoleId: string;
  authorizationPermissionId: string;
  createdAt: Date;
  permission: PermissionRow;
};
/** A role as the API returns it: its permissions and how many users of the caller's organization hold it. */
export type RoleView = RoleRow & { rolePermissions: RolePermissionView[]; userCount: number };
export type UserRoleView = UserRoleRow & { email: string; role: RoleView };

/** System roles and the given organization's custom roles. */
export const visibleRoles = (organizationId: string) =>
  or(
    and(eq(authorizationRoles.scope, 'system'), isNull(authorizationRoles.organizationId)),
    and(eq(authorizationRoles.scope, 'organization'), eq(authorizationRoles.organizationId, organizationId)),
  );

/** Adds permissions and holder counts to roles in two queries, whatever the number of roles. */
export const loadRoleViews = async (db: Executor, organizationId: string, roles: RoleRow[]): Promise<RoleView[]> => {
  if (roles.length === 0) return [];
  const ids = roles.map((r) => r.id);
  const links = await db
    .select({ link: authorizationRolePermissions, permission: authorizationPermissions })
    .from(authorizationRolePermissions)
    .innerJoin(authorizationPermissions, eq(authorizationPermissions.id, authorizationRolePermissions.authorizationPermissionId))
    .where(inArray(authorizationRolePermissions.authorizationRoleId, ids))
    .orderBy(asc(authorizationPermissions.resource), asc(authorizationPermissions.action));
  const counts = await db
    .select({ roleId: authorizationUserRoles.authorizationRoleId, holders: count() })
    .from(authorizationUserRoles)
    .where(and(inArray(authorizationUserRoles.authorizationRoleId, ids), eq(authorizationUserRoles.organizationId, organizationId)))
    .groupBy(authorizationUserRoles.authorizationRoleId);
  const holders = new Map(counts.map((c) => [c.roleId, Number(c.holders)]));
  return roles.map((role) => ({
    ...role,
    rolePermissions: links.filter((l) => l.link.authorizationRoleId === role.id).map((l) => ({ ...l.link, permission: l.permission })),
    userCount: holders.get(role.id) ?? 0,
  }));
};

export const loadRoleView = async (db: Executor, organizationId: string, role: RoleRow): Promise<RoleView> => {
  const [view] = await loadRoleViews(db, organizationId, [role]);
  if (!view) throw new Error('role view missing');
  return view;
};

/** A role the caller can see, or NOT_FOUND (another organization's role included). */
export const getVisibleRole = async (db: Executor, organizationId: string, roleId: string, lock = false): Promise<RoleRow> => {
  if (!isUuid(roleId)) throw notFound('Role', roleId);
  const query = db
    .select()
    .from(authorizationRoles)
    .where(and(eq(authorizationRoles.id, roleId), visibleRoles(organizationId)))
    .limit(1);
  const [role] = lock ? await query.for('update') : await query;
  if (!role) throw notFound('Role', roleId);
  return role;
};

/** The permissions named by ids; any unknown id is refused as a whole. */
export const getPermissions = async (db: Executor, permissionIds: readonly string[]): Promise<PermissionRow[]> => {
  const unique = [...new Set(permissionIds)];
  requireUuids(unique, 'Permission');
  if (unique.length === 0) return [];
  const rows = await db.select().from(authorizationPermissions).where(inArray(authorizationPermissions.id, unique));
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound('Permission', missing);
  return rows;
};

export const permissionNames = (rows: readonly Pick<PermissionRow, 'resource' | 'action'>[]) =>
  rows.map((p) => `${p.resource}:${p.action}`);

/** Serializes changes of who holds which role in one organization (the last-administrator rule). */
export const lockOrganizationRoles = async (tx: Executor, organizationId: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-roles:${organizationId}`}))`);
};

/**
 * Active holders (signed up, not locked) of the system role `key` in the organization: the people
 * who can actually act as it, which is what the last-administrator rule protects.
 */
export const activeHolders = async (db: Executor, organizationId: string, key: string): Promise<string[]> => {
  const rows = await db
    .select({ userId: authorizationUserRoles.userId, lockedAt: users.lockedAt, lockedUntil: users.lockedUntil })
    .from(authorizationUserRoles)
    .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId))
    .innerJoin(users, eq(users.id, authorizationUserRoles.userId))
    .where(and(eq(authorizationUserRoles.organizationId, organizationId), eq(authorizationRoles.key, key), isNotNull(users.passwordHash)));
  return rows.filter((r) => !isLocked(r)).map((r) => r.userId);
};

export const duplicateRoleName = (name: string) =>
  new AppError('CONFLICT', `A role named "${name}" already exists in your organization.`, { field: 'name' });

/** What the audit trail keeps of a role: its editable facts and the permission names it grants. */
export const roleSnapshot = (role: Pick<RoleRow, 'name' | 'description' | 'scope'>, permissions: readonly string[]) => ({
  name: role.name,
  description: role.description,
  scope: role.scope,
  permissions: [...permissions].sort(),
});

export const rolePermissionNames = async (db: Executor, roleIds: readonly string[]): Promise<string[]> => {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ resource: authorizationPermissions.resource, action: authorizationPermissions.action })
    .from(authorizationRolePermissions)
    .innerJoin(authorizationPermissions, eq(authorizationPermissions.id, authorizationRolePermissions.authorizationPermissionId))
    .where(inArray(authorizationRolePermissions.authorizationRoleId, [...roleIds]));
  return permissionNames(rows).sort();
};

/** Refuses, naming them, permissions the caller would hand out (or take away) without holding them. */
export const refuseEscalation = (actor: Actor, names: Iterable<string>, verb = 'grant') => {
  const missing = missingGrants(actor.permissions, names);
  if (missing.length > 0)
    throw new AppError('FORBIDDEN', `You cannot ${verb} permissions you do not hold yourself: ${missing.join(', ')}.`, {
      details: { permissions: missing },
    });
};

/** System roles are read-only for everyone. */
export const refuseSystemRoleEdit = (role: RoleRow) => {
  const refusal = roleEditRefusal(role);
  if (refusal) throw new AppError('FORBIDDEN', refusal, { details: { roleId: role.id } });
};
