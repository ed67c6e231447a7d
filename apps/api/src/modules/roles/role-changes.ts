import { authorizationRolePermissions, authorizationRoles } from '@tidewise/db/schema/roles';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import {
  getVisibleRole,
  loadRoleView,
  type PermissionRow,
  refuseSystemRoleEdit,
  type RoleRow,
  type RoleView,
  rolePermissionNames,
  roleSnapshot,
} from './role-store.ts';
import { requireActor } from '../../lib/authz.ts';

export type Change = (tx: Parameters<Parameters<Context['db']['transaction']>[0]>[0], role: RoleRow, current: string[]) => Promise<string>;

/**
 * Shared frame of every change to a custom role: find it in the caller's organization (NOT_FOUND
 * otherwise), refuse system roles, apply the change, audit the before/after with the permission
 * names, all in one transaction with the role row locked.
 */
export const changeRole = async (ctx: Context, roleId: string, change: Change): Promise<RoleView> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, actor.organizationId, roleId, true);
    refuseSystemRoleEdit(role);
    const before = await rolePermissionNames(tx, [role.id]);
    const description = await change(tx, role, before);
    const [after] = await tx.select().from(authorizationRoles).where(eq(authorizationRoles.id, role.id));
    if (!after) throw new Error('role vanished during update');
    await recordAudit(tx, ctx, {
      resource: 'authorizationRole',
      resourceId: role.id,
      description,
      before: roleSnapshot(role, before),
      after: roleSnapshot(after, await rolePermissionNames(tx, [role.id])),
    });
    return loadRoleView(tx, actor.organizationId, after);
  });
};

/** Links permissions to a role inside the caller's transaction; links it already has are left alone. */
export const addPermissions = async (tx: Parameters<Change>[0], roleId: string, permissions: PermissionRow[]) => {
  if (permissions.length === 0) return;
  await tx
    .insert(authorizationRolePermissions)
    .values(permissions.map((p) => ({ authorizationRoleId: roleId, authorizationPermissionId: p.id })))
    .onConflictDoNothing();
};
