import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { getVisibleRole, loadRoleViews, type RoleRow, type RoleView, rolePermissionNames, roleSnapshot } from '../role-store.ts';
import { isSystemAuthorizationRole, roleDeletionRefusal } from '../roles.policy.ts';
import { requireActor } from '../../../lib/authz.ts';

/**
 * Deletes custom roles of the caller's organization, all or none. Refused: a system role
 * (FORBIDDEN), and a role any user still holds (CONFLICT naming how many: take it away from them
 * first, so each loss of access is its own audited change). Any id the caller cannot see answers
 * NOT_FOUND and nothing is deleted.
 */
export const deleteManyAuthorizationRoles = async (ctx: Context, ids: readonly string[]): Promise<RoleView[]> => {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const roles: RoleRow[] = [];
    for (const id of unique) roles.push(await getVisibleRole(tx, actor.organizationId, id, true));
    const holders = await tx
      .select({ roleId: authorizationUserRoles.authorizationRoleId, value: count() })
      .from(authorizationUserRoles)
      .where(inArray(authorizationUserRoles.authorizationRoleId, unique))
      .groupBy(authorizationUserRoles.authorizationRoleId);
    for (const role of roles) {
      const refusal = roleDeletionRefusal(role, Number(holders.find((h) => h.roleId === role.id)?.value ?? 0));
      if (refusal)
        throw new AppError(isSystemAuthorizationRole(role) ? 'FORBIDDEN' : 'CONFLICT', refusal, { details: { roleId: role.id } });
    }
    const deleted = await loadRoleViews(tx, actor.organizationId, roles);
    for (const role of roles) {
      const permissions = await rolePermissionNames(tx, [role.id]);
      await tx
        .delete(authorizationRoles)
        .where(and(eq(authorizationRoles.id, role.id), eq(authorizationRoles.organizationId, actor.organizationId)));
      await recordAudit(tx, ctx, {
        resource: 'authorizationRole',
        resourceId: role.id,
        description: `Deleted role "${role.name}"`,
        before: roleSnapshot(role, permissions),
        after: null,
      });
    }
    return deleted;
  });
};
