import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import {
  getVisibleRole,
  lockOrganizationRoles,
  refuseEscalation,
  type RoleRow,
  rolePermissionNames,
  type UserRoleView,
} from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { syncPrimaryRole } from '../../../lib/identity/system-roles.ts';
import { getMemberEmail } from '../../../lib/identity/users.ts';
import { loadUserRoleViews } from '../user-role-views.ts';

export type UserRoleInput = { userId: string; authorizationRoleId: string };

/**
 * Gives roles to users of the caller's organization, all or none. Users and roles the caller cannot
 * see answer NOT_FOUND; a role granting permissions the caller lacks is FORBIDDEN (no escalation).
 * A pair that already exists is kept as it is and returned with the new ones.
 */
export const createManyAuthorizationUserRoles = async (ctx: Context, input: readonly UserRoleInput[]): Promise<UserRoleView[]> => {
  const actor = requireActor(ctx);
  const pairs = [...new Map(input.map((p) => [`${p.userId}|${p.authorizationRoleId}`, p])).values()];
  return ctx.db.transaction(async (tx) => {
    await lockOrganizationRoles(tx, actor.organizationId);
    const emails = new Map<string, string>();
    for (const userId of new Set(pairs.map((p) => p.userId))) emails.set(userId, await getMemberEmail(tx, actor.organizationId, userId));
    const roles = new Map<string, RoleRow>();
    for (const roleId of new Set(pairs.map((p) => p.authorizationRoleId)))
      roles.set(roleId, await getVisibleRole(tx, actor.organizationId, roleId));
    refuseEscalation(actor, await rolePermissionNames(tx, [...roles.keys()]));

    const created = await tx
      .insert(authorizationUserRoles)
      .values(pairs.map((p) => ({ userId: p.userId, organizationId: actor.organizationId, authorizationRoleId: p.authorizationRoleId })))
      .onConflictDoNothing()
      .returning();
    for (const row of created) {
      const role = roles.get(row.authorizationRoleId);
      await recordAudit(tx, ctx, {
        resource: 'authorizationUserRole',
        resourceId: row.id,
        description: `Gave role "${role?.name}" to ${emails.get(row.userId)}`,
        before: null,
        after: { userId: row.userId, email: emails.get(row.userId), authorizationRoleId: row.authorizationRoleId, role: role?.name },
      });
    }
    for (const userId of new Set(created.map((r) => r.userId))) await syncPrimaryRole(tx, userId, actor.organizationId);

    const views = await loadUserRoleViews(
      tx,
      actor.organizationId,
      and(
        inArray(
          authorizationUserRoles.userId,
          pairs.map((p) => p.userId),
        ),
        inArray(
          authorizationUserRoles.authorizationRoleId,
          pairs.map((p) => p.authorizationRoleId),
        ),
      ),
    );
    return views.filter((v) => pairs.some((p) => p.userId === v.userId && p.authorizationRoleId === v.authorizationRoleId));
  });
};
