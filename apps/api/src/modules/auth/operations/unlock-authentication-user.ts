import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { notFound, unauthenticated } from '../../../lib/errors.ts';
import { canUnlockUser } from '../auth.policy.ts';
import { findUserById, type UserRow } from '../../../lib/identity/users.ts';
import { isUuid } from '../../../lib/db.ts';

/**
 * Lifts a lock (and the failure count) before its time. Only for users of the administrator's own
 * organization; anyone else answers NOT_FOUND, so ids leak nothing.
 */
export const unlockAuthenticationUser = async (ctx: Context, userId: string): Promise<UserRow> => {
  const actor = ctx.actor;
  if (!actor) throw unauthenticated();
  const target = isUuid(userId) ? await findUserById(ctx.db, userId) : null;
  const memberships = target
    ? await ctx.db
        .select({ organizationId: organizationUsers.organizationId })
        .from(organizationUsers)
        .where(eq(organizationUsers.userId, target.id))
    : [];
  if (!target || !canUnlockUser(actor, { organizationIds: memberships.map((m) => m.organizationId) })) throw notFound('User', userId);
  const [updated] = await ctx.db
    .update(users)
    .set({ lockedAt: null, lockReason: null, lockedUntil: null, failedAttempts: 0 })
    .where(eq(users.id, target.id))
    .returning();
  ctx.logger.info({ targetUserId: target.id }, 'user unlocked by an administrator');
  return updated ?? target;
};
