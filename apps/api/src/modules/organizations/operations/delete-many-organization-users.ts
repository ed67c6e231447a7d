import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { sessions } from '@tidewise/db/schema/sessions';
import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadMemberFacts } from '../members.ts';
import { checkMemberRemoval } from '../organization.policy.ts';
import { requireUuids } from '../../../lib/db.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';

export type DeleteOrganizationUsersResult = { deletedIds: string[]; count: number };

/**
 * Removes members from the caller's organization, all or none: an id of another organization
 * answers NOT_FOUND and removes nothing; yourself and the last administrator are refused. Their
 * sessions here end; an account left with no membership is deleted (the audit trail keeps its id).
 */
export const deleteManyOrganizationUsers = async (ctx: Context, ids: readonly string[]): Promise<DeleteOrganizationUsersResult> => {
  const actor = requireActor(ctx);
  const wanted = [...new Set(ids)];
  requireUuids(wanted, 'Organization user');
  if (!wanted.length) return { deletedIds: [], count: 0 };
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ membership: organizationUsers, email: users.email })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(and(inArray(organizationUsers.id, wanted), eq(organizationUsers.organizationId, actor.organizationId)))
      .for('update');
    const missing = wanted.find((id) => !rows.some((r) => r.membership.id === id));
    if (missing) throw notFound('Organization user', missing);
    const userIds = rows.map((r) => r.membership.userId);
    const refusal = checkMemberRemoval(actor.userId, await loadMemberFacts(tx, actor.organizationId), userIds);
    if (refusal) refuse(refusal);
    await tx
      .delete(authorizationUserRoles)
      .where(and(inArray(authorizationUserRoles.userId, userIds), eq(authorizationUserRoles.organizationId, actor.organizationId)));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'removed from organization' })
      .where(and(inArray(sessions.userId, userIds), eq(sessions.organizationId, actor.organizationId), isNull(sessions.revokedAt)));
    await tx.delete(organizationUsers).where(inArray(organizationUsers.id, wanted));
    await tx
      .delete(users)
      .where(
        and(
          inArray(users.id, userIds),
          notExists(tx.select({ id: organizationUsers.id }).from(organizationUsers).where(eq(organizationUsers.userId, users.id))),
        ),
      );
    for (const { membership, email } of rows) {
      await recordAudit(tx, ctx, {
        resource: 'organizationUser',
        resourceId: membership.id,
        description: `Removed ${email} from the organization`,
        before: { email, userId: membership.userId, firstName: membership.firstName, lastName: membership.lastName },
        after: null,
      });
    }
    return { deletedIds: rows.map((r) => r.membership.id), count: rows.length };
  });
};
