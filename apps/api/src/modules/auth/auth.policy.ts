import type { Actor } from '../../context.ts';

/** Administrators unlock users of their own organization only. */
export const canUnlockUser = (actor: Actor, target: { organizationIds: readonly string[] }) =>
  actor.permissions.has('users:unlock') && target.organizationIds.includes(actor.organizationId);
