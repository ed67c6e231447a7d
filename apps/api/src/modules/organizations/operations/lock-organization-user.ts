import { users } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { revokeUserSessions } from '../../../lib/identity/sessions.ts';
import { loadMemberFacts } from '../members.ts';
import { checkMemberLock } from '../organization.policy.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { isLocked } from '../../../lib/identity/locks.ts';
import { findMembership, type OrganizationUserWithUser } from '../memberships.ts';

/**
 * Locks a colleague out until an administrator unlocks them (`unlockAuthenticationUser`), and ends
 * their sessions at once. Not yourself, and not the last active administrator.
 */
export const lockOrganizationUser = async (ctx: Context, id: string, reason: string): Promise<OrganizationUserWithUser> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const target = await findMembership(tx, actor.organizationId, id);
    if (!target?.user) throw notFound('Organization user', id);
    const refusal = checkMemberLock(actor.userId, await loadMemberFacts(tx, actor.organizationId), target.userId);
    if (refusal) refuse(refusal);
    if (isLocked(target.user) && target.user.lockedUntil === null) {
      throw new AppError('CONFLICT', 'This user is already locked.', { field: 'id' });
    }
    const [user] = await tx
      .update(users)
      .set({ lockedAt: new Date(), lockReason: reason, lockedUntil: null })
      .where(eq(users.id, target.userId))
      .returning();
    await revokeUserSessions(tx, target.userId, 'locked by an administrator');
    await recordAudit(tx, ctx, {
      resource: 'organizationUser',
      resourceId: target.id,
      description: `Locked ${target.user.email}`,
      before: { lockedAt: target.user.lockedAt, lockReason: target.user.lockReason },
      after: { lockedAt: user?.lockedAt, lockReason: user?.lockReason },
    });
    return { ...target, user: user ?? target.user };
  });
};
