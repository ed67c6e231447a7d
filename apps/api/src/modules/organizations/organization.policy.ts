import {
  canTransition,
  EMAIL_CHANGE_STATUS_TRANSITIONS,
  type EmailChangeStatus,
  RECENT_SIGN_IN_MINUTES,
  transitionMessage,
} from '@tidewise/shared/organization';
import type { Refusal } from '../../lib/authz.ts';

/**
 * An organization is visible to its own users and to organizations it shares an active
 * relationship with (in either direction); anything else must answer NOT_FOUND.
 */
export const canSeeOrganization = (actorOrganizationId: string, targetOrganizationId: string, activelyRelatedIds: readonly string[]) =>
  actorOrganizationId === targetOrganizationId || activelyRelatedIds.includes(targetOrganizationId);

/** Destructive operations want proof that the person is at the keyboard: a session started lately. */
export const isRecentSignIn = (sessionCreatedAt: Date, now = new Date(), minutes = RECENT_SIGN_IN_MINUTES) =>
  now.getTime() - sessionCreatedAt.getTime() < minutes * 60 * 1000;

/** The typed confirmation must repeat the organization name exactly (surrounding spaces aside). */
export const confirmsOrganizationName = (confirmation: string, organizationName: string) =>
  confirmation.trim().length > 0 && confirmation.trim() === organizationName.trim();

/** Members of an organization as the last-administrator rule sees them. */
export type MemberFacts = { userId: string; isAdministrator: boolean; isActive: boolean };

/**
 * Removing members: never yourself, and at least one active administrator must stay. Returns the
 * refusal, or null when the removal may go ahead.
 */
export const checkMemberRemoval = (
  actorUserId: string,
  members: readonly MemberFacts[],
  removedUserIds: readonly string[],
): Refusal | null => {
  if (removedUserIds.includes(actorUserId)) return { code: 'VALIDATION_FAILED', message: 'You cannot remove yourself.', field: 'ids' };
  return leavesAnAdministrator(members, removedUserIds)
    ? null
    : { code: 'CONFLICT', message: 'The last administrator of the organization cannot be removed.', field: 'ids' };
};

/** Locking a member: never yourself, and never the last active administrator. */
export const checkMemberLock = (actorUserId: string, members: readonly MemberFacts[], lockedUserId: string): Refusal | null => {
  if (lockedUserId === actorUserId) return { code: 'VALIDATION_FAILED', message: 'You cannot lock yourself out.', field: 'id' };
  return leavesAnAdministrator(members, [lockedUserId])
    ? null
    : { code: 'CONFLICT', message: 'The last administrator of the organization cannot be locked.', field: 'id' };
};

/** True when an active administrator remains once these users are gone (or none was an administrator). */
export const leavesAnAdministrator = (members: readonly MemberFacts[], goneUserIds: readonly string[]) => {
  const touchesAdministrator = members.some((m) => m.isAdministrator && m.isActive && goneUserIds.includes(m.userId));
  if (!touchesAdministrator) return true;
  return members.some((m) => m.isAdministrator && m.isActive && !goneUserIds.includes(m.userId));
};

/** Email change decisions follow the status machine; the message names both statuses. */
export const checkEmailChangeTransition = (from: string, to: EmailChangeStatus): Refusal | null => {
  const known = from in EMAIL_CHANGE_STATUS_TRANSITIONS;
  if (known && canTransition(EMAIL_CHANGE_STATUS_TRANSITIONS, from as EmailChangeStatus, to)) return null;
  return { code: 'CONFLICT', message: transitionMessage('email change request', from, to) };
};

/** The requester may cancel their own request; an administrator may not cancel it for them (they reject). */
export const canCancelEmailChange = (actorUserId: string, request: { userId: string }) => actorUserId === request.userId;

/**
 * Approving your own request hands your account to the new address, so it needs the same recent
 * sign-in as other destructive operations; someone else's request needs only the permission.
 */
export const approvalNeedsRecentSignIn = (actorUserId: string, request: { userId: string }) => actorUserId === request.userId;

/**
 * Nobody hands out more than they hold: every permission of a granted role must be one of the
 * granter's own. Keeps a user who may only invite from creating administrators.
 */
export const canGrantPermissions = (granterPermissions: ReadonlySet<string>, grantedPermissions: Iterable<string>) => {
  for (const permission of grantedPermissions) if (!granterPermissions.has(permission)) return false;
  return true;
};
