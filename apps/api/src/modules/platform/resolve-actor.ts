import { sessions, users } from '@tidewise/db/schema/identity';
import { permissionsForRole } from '@tidewise/shared/permissions';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Actor, AppServices } from '../../context.ts';
import { isLocked } from '../auth/auth.policy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A signed access token is only as good as the session behind it: the session must exist, belong
 * to the token's user and organization, be neither revoked nor expired, and the user must not be
 * locked. Permissions come from the user's role on every request, so a role change applies at once.
 */
export const resolveActor = async (
  services: AppServices,
  claims: { userId: string; organizationId: string; sessionId: string },
): Promise<Actor | null> => {
  if (!UUID.test(claims.sessionId) || !UUID.test(claims.userId)) return null;
  const [row] = await services.db
    .select({ role: users.role, lockedAt: users.lockedAt, lockedUntil: users.lockedUntil, organizationId: sessions.organizationId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.organizationId !== claims.organizationId || isLocked(row)) return null;
  return { ...claims, permissions: permissionsForRole(row.role) };
};
