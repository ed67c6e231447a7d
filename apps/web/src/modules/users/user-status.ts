import { isSystemRole, SYSTEM_ROLE_LABELS } from '@tidewise/shared/permissions';
import type { OrganizationUser } from './graphql.ts';

export type UserStatus = 'active' | 'invited' | 'locked';

/** Locked wins over invited: a locked invitee cannot register either. */
export const userStatus = (user: Pick<OrganizationUser, 'lockedAt' | 'registered'>): UserStatus =>
  user.lockedAt ? 'locked' : user.registered ? 'active' : 'invited';

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', locked: 'Locked' };

/** The primary role as people read it; `custom` and `none` are what the API reports beyond system roles. */
export const roleLabel = (role: string) => {
  if (isSystemRole(role)) return SYSTEM_ROLE_LABELS[role];
  if (role === 'custom') return 'Custom role';
  if (role === 'none') return 'No role';
  return role;
};
