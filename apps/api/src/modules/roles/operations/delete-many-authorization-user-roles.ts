import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { ADMINISTRATOR_ROLE } from '@tidewise/shared/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { activeHolders, lockOrganizationRoles, refuseEscalation, rolePermissionNames } from '../role-store.ts';
import { administratorRemovalRefusal } from '../roles.policy.ts';
import { requireUuids } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';
import { syncPrimaryRole } from '../../../lib/identity/system-roles.ts';
import { loadUserRoleViews } from '../user-role-views.ts';

/**
 * Takes roles away from users of the caller's organization, all or none. Refused: an id the caller
 * cannot see (NOT_FOUND), a role granting permissions the caller lacks (FORBIDDEN), the caller's own
 * administrator role (FORBIDDEN) and the last active administrator's (CONFLICT). Returns how many
 * links were removed.
 */
export const deleteManyAuthorizationUserRoles = async (ctx: Context, ids: readonly string[]): Promise<number> => {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids)];
  requireUuids(unique, 'User role');
  return ctx.db.transaction(async (tx) => {
    await lockOrganizationRoles(tx, actor.organizationId);
    const rows = await loadUserRoleViews(tx, actor.organizationId, inArray(authorizationUserRoles.id, unique));
    const missing = unique.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound('User role', missing);
    refuseEscalation(actor, await rolePermissionNames(tx, [...new Set(rows.map((r) => r.authorizationRoleId))]), 'take away');

    const refusal = administratorRemovalRefusal({
      actorUserId: actor.userId,
      administratorUserIds: await activeHolders(tx, actor.organizationId, ADMINISTRATOR_ROLE),
      losingUserIds: rows.filter((r) => r.role.key === ADMINISTRATOR_ROLE && r.role.scope === 'system').map((r) => r.userId),
    });
    if (refusal) {
      const own = rows.some((r) => r.userId === actor.userId && r.role.key === ADMINISTRATOR_ROLE);
      throw new AppError(own ? 'FORBIDDEN' : 'CONFLICT', refusal);
    }

    await tx
      .delete(authorizationUserRoles)
      .where(and(eq(authorizationUserRoles.organizationId, actor.organizationId), inArray(authorizationUserRoles.id, unique)));
    for (const row of rows) {
      await recordAudit(tx, ctx, {
        resource: 'authorizationUserRole',
        resourceId: row.id,
        description: `Took role "${row.role.name}" from ${row.email}`,
        before: { userId: row.userId, email: row.email, authorizationRoleId: row.authorizationRoleId, role: row.role.name },
        after: null,
      });
    }
    for (const userId of new Set(rows.map((r) => r.userId))) await syncPrimaryRole(tx, userId, actor.organizationId);
    return rows.length;
  });
};
