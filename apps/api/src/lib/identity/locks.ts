/** Account locks, as every part of the API reads them (sign-in, member lists, role holders, the actor). */

type Lockable = { lockedAt: Date | null; lockedUntil: Date | null };

/** A lock holds until `lockedUntil`; a lock without an end holds until an administrator lifts it. */
export const isLocked = (user: Lockable, now = new Date()) =>
  user.lockedAt !== null && (user.lockedUntil === null || user.lockedUntil.getTime() > now.getTime());

/** A lock whose time is over: the next attempt starts from a clean count. */
export const hasExpiredLock = (user: Lockable, now = new Date()) => user.lockedAt !== null && !isLocked(user, now);
