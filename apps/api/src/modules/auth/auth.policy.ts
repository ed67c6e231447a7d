import type { Actor } from '../../context.ts';

type Lockable = { lockedAt: Date | null; lockedUntil: Date | null };

/** A lock holds until `lockedUntil`; a lock without an end holds until an administrator lifts it. */
export const isLocked = (user: Lockable, now = new Date()) =>
  user.lockedAt !== null && (user.lockedUntil === null || user.lockedUntil.getTime() > now.getTime());

/** A lock whose time is over: the next attempt starts from a clean count. */
export const hasExpiredLock = (user: Lockable, now = new Date()) => user.lockedAt !== null && !isLocked(user, now);

/** Administrators unlock users of their own organization only. */
export const canUnlockUser = (actor: Actor, target: { organizationIds: readonly string[] }) =>
  actor.permissions.has('users:unlock') && target.organizationIds.includes(actor.organizationId);

/**
 * Who created (invited) an organization is its own business and its creator's: another customer
 * that shares a relationship with the same supplier must not learn who else works with it.
 */
export const canSeeCreatorOf = (
  viewerOrganizationIds: ReadonlySet<string>,
  organization: { id: string; createdByOrganizationId: string | null },
) =>
  organization.createdByOrganizationId !== null &&
  (viewerOrganizationIds.has(organization.id) || viewerOrganizationIds.has(organization.createdByOrganizationId));
