import { authorizationRolePermissions, authorizationRoles } from '@tidewise/db/schema/roles';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import {
  duplicateRoleName,
  getPermissions,
  getVisibleRole,
  loadRoleView,
  type PermissionRow,
  permissionNames,
  refuseEscalation,
  refuseSystemRoleEdit,
  type RoleRow,
  type RoleView,
  rolePermissionNames,
  roleSnapshot,
} from '../role-store.ts';
import { isReservedRoleName } from '../roles.policy.ts';
import { reservedRoleName } from './create-authorization-role.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';

export type UpdateAuthorizationRoleInput = { name?: string | null; description?: string | null; permissionIds?: readonly string[] | null };

type Change = (tx: Parameters<Parameters<Context['db']['transaction']>[0]>[0], role: RoleRow, current: string[]) => Promise<string>;

/**
 * Shared frame of every change to a custom role: find it in the caller's organization (NOT_FOUND
 * otherwise), refuse system roles, apply the change, audit the before/after with the permission
 * names, all in one transaction with the role row locked.
 */
const changeRole = async (ctx: Context, roleId: string, change: Change): Promise<RoleView> => {
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

const addPermissions = async (tx: Parameters<Change>[0], roleId: string, permissions: PermissionRow[]) => {
  if (permissions.length === 0) return;
  await tx
    .insert(authorizationRolePermissions)
    .values(permissions.map((p) => ({ authorizationRoleId: roleId, authorizationPermissionId: p.id })))
    .onConflictDoNothing();
};

/** Renames, re-describes and (when `permissionIds` is given) replaces the permission set of a custom role. */
export const updateAuthorizationRole = async (ctx: Context, roleId: string, input: UpdateAuthorizationRoleInput): Promise<RoleView> => {
  const name = input.name?.trim();
  if (name && isReservedRoleName(name)) throw reservedRoleName(name);
  try {
    return await changeRole(ctx, roleId, async (tx, role, current) => {
      if (name && name.toLowerCase() !== role.name.toLowerCase()) {
        const [taken] = await tx
          .select({ id: authorizationRoles.id })
          .from(authorizationRoles)
          .where(
            and(
              eq(authorizationRoles.organizationId, role.organizationId ?? ''),
              eq(sql`lower(${authorizationRoles.name})`, name.toLowerCase()),
              ne(authorizationRoles.id, role.id),
            ),
          )
          .limit(1);
        if (taken) throw duplicateRoleName(name);
      }
      const patch = {
        ...(name ? { name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
      };
      if (Object.keys(patch).length > 0) await tx.update(authorizationRoles).set(patch).where(eq(authorizationRoles.id, role.id));
      if (input.permissionIds) {
        const wanted = await getPermissions(tx, input.permissionIds);
        const wantedNames = permissionNames(wanted);
        refuseEscalation(
          requireActor(ctx),
          wantedNames.filter((n) => !current.includes(n)),
        );
        refuseEscalation(
          requireActor(ctx),
          current.filter((n) => !wantedNames.includes(n)),
          'take away',
        );
        await tx.delete(authorizationRolePermissions).where(eq(authorizationRolePermissions.authorizationRoleId, role.id));
        await addPermissions(tx, role.id, wanted);
      }
      return `Updated role "${name ?? role.name}"`;
    });
  } catch (error) {
    if (isUniqueViolation(error) && name) throw duplicateRoleName(name);
    throw error;
  }
};

/** Adds permissions to a custom role (already granted ones are ignored). */
export const assignAuthorizationPermissions = (ctx: Context, roleId: string, permissionIds: readonly string[]) =>
  changeRole(ctx, roleId, async (tx, role) => {
    const permissions = await getPermissions(tx, permissionIds);
    refuseEscalation(requireActor(ctx), permissionNames(permissions));
    await addPermissions(tx, role.id, permissions);
    return `Gave permissions ${permissionNames(permissions).join(', ')} to role "${role.name}"`;
  });

/** Takes permissions away from a custom role (ones it does not grant are ignored). */
export const removeAuthorizationPermissions = (ctx: Context, roleId: string, permissionIds: readonly string[]) =>
  changeRole(ctx, roleId, async (tx, role) => {
    const permissions = await getPermissions(tx, permissionIds);
    refuseEscalation(requireActor(ctx), permissionNames(permissions), 'take away');
    if (permissions.length > 0)
      await tx.delete(authorizationRolePermissions).where(
        and(
          eq(authorizationRolePermissions.authorizationRoleId, role.id),
          inArray(
            authorizationRolePermissions.authorizationPermissionId,
            permissions.map((p) => p.id),
          ),
        ),
      );
    return `Took permissions ${permissionNames(permissions).join(', ')} from role "${role.name}"`;
  });
