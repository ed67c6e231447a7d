import { ADMINISTRATOR_ROLE, SYSTEM_ROLE_LABELS, SYSTEM_ROLES } from '@tidewise/shared/permissions';

/**
 * Pure rules of roles and permissions. The operations load rows, ask these, and refuse with the
 * message returned; nothing here touches the database.
 */

export type RoleScope = 'system' | 'organization';
export type RoleLike = { name: string; scope: string; organizationId: string | null; key: string | null };

export const isSystemAuthorizationRole = (role: Pick<RoleLike, 'scope'>) => role.scope === 'system';

/** Visible to a caller: the shared system roles and the custom roles of the caller's own organization. */
export const canSeeRole = (actor: { organizationId: string }, role: Pick<RoleLike, 'scope' | 'organizationId'>) =>
  isSystemAuthorizationRole(role) ? role.organizationId === null : role.organizationId === actor.organizationId;

/** System roles are the same for every organization and follow the catalogue: nobody edits them. */
export const roleEditRefusal = (role: RoleLike): string | null =>
  isSystemAuthorizationRole(role)
    ? `"${role.name}" is a system role; system roles cannot be changed or deleted. Create a custom role instead.`
    : null;

/**
 * A role that users still hold is not deleted out from under them (they would silently lose
 * access): the caller takes it away from them first, which the audit trail then records per user.
 */
export const roleDeletionRefusal = (role: RoleLike, holderCount: number): string | null => {
  const edit = roleEditRefusal(role);
  if (edit) return edit;
  if (holderCount > 0)
    return `"${role.name}" is held by ${holderCount} ${holderCount === 1 ? 'user' : 'users'}; take it away from ${holderCount === 1 ? 'that user' : 'them'} before deleting it.`;
  return null;
};

const RESERVED_NAMES = new Set([...SYSTEM_ROLES, ...Object.values(SYSTEM_ROLE_LABELS)].map((name) => name.toLowerCase()));

/** A custom role may not pose as a system role. */
export const isReservedRoleName = (name: string) => RESERVED_NAMES.has(name.trim().toLowerCase());

/**
 * No escalation: a caller can only hand out (in a role, or by giving a role to a user) permissions
 * they hold themselves. Returns the permissions the caller lacks, sorted; empty means allowed.
 */
export const missingGrants = (actorPermissions: ReadonlySet<string>, granted: Iterable<string>): string[] =>
  [...new Set([...granted].filter((name) => !actorPermissions.has(name)))].sort();

export type AdministratorChange = {
  actorUserId: string;
  /** Active users (signed up, not locked) of the organization who hold the administrator role now. */
  administratorUserIds: readonly string[];
  /** Users who lose the administrator role through this change. */
  losingUserIds: readonly string[];
};

/**
 * An organization always keeps an active (signed-up, unlocked) administrator, and an administrator never removes their
 * own administrator role (another administrator must), so nobody locks the organization out.
 */
export const administratorRemovalRefusal = ({ actorUserId, administratorUserIds, losingUserIds }: AdministratorChange): string | null => {
  const losing = new Set(losingUserIds);
  if (losing.has(actorUserId)) return 'You cannot remove your own administrator role; ask another administrator to do it.';
  const remaining = administratorUserIds.filter((id) => !losing.has(id));
  if (remaining.length === 0 && administratorUserIds.some((id) => losing.has(id)))
    return `This would remove the last administrator of the organization; give the ${SYSTEM_ROLE_LABELS[ADMINISTRATOR_ROLE].toLowerCase()} role to someone else first.`;
  return null;
};
