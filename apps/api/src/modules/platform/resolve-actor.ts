import { users } from '@tidewise/db/schema/identity';
import { sessions } from '@tidewise/db/schema/sessions';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Actor, AppServices } from '../../context.ts';
import { isUuid } from '../../lib/db.ts';
import { isLocked } from '../../lib/identity/locks.ts';

/**
 * A signed access token is only as good as the session behind it: the session must exist, belong
 * to the token's user and organization, be neither revoked nor expired, and the user must not be
 * locked. Permissions are the union of what the user's roles in the session's organization grant
 * (`user_roles` → `role_permissions`), read on every request so a role change applies at once; a
 * user without roles may do nothing beyond being signed in.
 */
export const resolveActor = async (
  services: AppServices,
  claims: { userId: string; organizationId: string; sessionId: string },
): Promise<Actor | null> => {
  if (!isUuid(claims.sessionId) || !isUuid(claims.userId) || !isUuid(claims.organizationId)) return null;
  const rows = await services.db
    .select({
      lockedAt: users.lockedAt,
      lockedUntil: users.lockedUntil,
      organizationId: sessions.organizationId,
      resource: authorizationPermissions.resource,
      action: authorizationPermissions.action,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      authorizationUserRoles,
      and(eq(authorizationUserRoles.userId, sessions.userId), eq(authorizationUserRoles.organizationId, sessions.organizationId)),
    )
    .leftJoin(
      authorizationRoles,
      and(
        eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId),
        or(isNull(authorizationRoles.organizationId), eq(authorizationRoles.organizationId, sessions.organizationId)),
      ),
    )
    .leftJoin(authorizationRolePermissions, eq(authorizationRolePermissions.authorizationRoleId, authorizationRoles.id))
    .leftJoin(authorizationPermissions, eq(authorizationPermissions.id, authorizationRolePermissions.authorizationPermissionId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  const [first] = rows;
  if (!first || first.organizationId !== claims.organizationId || isLocked(first)) return null;
  const permissions = new Set<string>();
  for (const row of rows) if (row.resource && row.action) permissions.add(`${row.resource}:${row.action}`);
  return { ...claims, permissions };
};
