import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@tidewise/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { AUTH_MESSAGES } from './messages.ts';
import type { UserRow } from './users.ts';
import { hasExpiredLock, isLocked } from './locks.ts';

export const LOCK_REASON = 'Too many failed sign-in attempts';

export const lockedError = () => new AppError('LOCKED', AUTH_MESSAGES.locked);

/**
 * Throws LOCKED for a locked user; a lock whose time is over is lifted and the count restarts.
 * Returns the user as it now stands.
 */
export const assertNotLocked = async (db: Executor, user: UserRow): Promise<UserRow> => {
  if (isLocked(user)) throw lockedError();
  if (hasExpiredLock(user)) {
    const [fresh] = await db
      .update(users)
      .set({ lockedAt: null, lockReason: null, lockedUntil: null, failedAttempts: 0 })
      .where(eq(users.id, user.id))
      .returning();
    return fresh ?? user;
  }
  return user;
};

/**
 * Counts one failed password or second-factor attempt in a single statement (so parallel attempts
 * cannot undercount) and locks the account when the count reaches the threshold.
 */
export const recordFailedAttempt = async (db: Executor, userId: string): Promise<{ locked: boolean }> => {
  const next = sql`${users.failedAttempts} + 1`;
  const reached = sql`${users.failedAttempts} + 1 >= ${LOCKOUT_THRESHOLD}`;
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: next,
      lockedAt: sql`case when ${reached} then now() else ${users.lockedAt} end`,
      lockReason: sql`case when ${reached} then ${LOCK_REASON} else ${users.lockReason} end`,
      lockedUntil: sql`case when ${reached} then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedAt: users.lockedAt, lockedUntil: users.lockedUntil });
  return { locked: row ? isLocked(row) : false };
};

export const clearFailedAttempts = async (db: Executor, userId: string) => {
  await db.update(users).set({ failedAttempts: 0 }).where(eq(users.id, userId));
};
