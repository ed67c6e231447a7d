import { authorizationRolePermissions, authorizationRoles } from '@tidewise/db/schema/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  duplicateRoleName,
  getPermissions,
  loadRoleView,
  permissionNames,
  refuseEscalation,
  type RoleView,
  roleSnapshot,
} from '../role-store.ts';
import { isReservedRoleName } from '../roles.policy.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';

export type CreateAuthorizationRoleInput = { name: string; description?: string | null; permissionIds?: readonly string[] | null };

export const reservedRoleName = (name: string) =>
  new AppError('CONFLICT', `"${name}" is the name of a system role; choose another name.`, { field: 'name' });

/**
 * A custom role of the caller's organization. It may only bundle permissions the caller holds, so
 * nobody creates a role more powerful than themselves.
 */
export const createAuthorizationRole = async (ctx: Context, input: CreateAuthorizationRoleInput): Promise<RoleView> => {
  const actor = requireActor(ctx);
  const name = input.name.trim();
  if (isReservedRoleName(name)) throw reservedRoleName(name);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: authorizationRoles.id })
        .from(authorizationRoles)
        .where(
          and(eq(authorizationRoles.organizationId, actor.organizationId), eq(sql`lower(${authorizationRoles.name})`, name.toLowerCase())),
        )
        .limit(1);
      if (taken) throw duplicateRoleName(name);
      const permissions = await getPermissions(tx, input.permissionIds ?? []);
      refuseEscalation(actor, permissionNames(permissions));
      const [role] = await tx
        .insert(authorizationRoles)
        .values({ organizationId: actor.organizationId, name, description: input.description?.trim() || null, scope: 'organization' })
        .returning();
      if (!role) throw new Error('role insert returned nothing');
      if (permissions.length > 0)
        await tx
          .insert(authorizationRolePermissions)
          .values(permissions.map((p) => ({ authorizationRoleId: role.id, authorizationPermissionId: p.id })));
      await recordAudit(tx, ctx, {
        resource: 'authorizationRole',
        resourceId: role.id,
        description: `Created role "${name}"`,
        before: null,
        after: roleSnapshot(role, permissionNames(permissions)),
      });
      return loadRoleView(tx, actor.organizationId, role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateRoleName(name);
    throw error;
  }
};
