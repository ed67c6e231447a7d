import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { sessions } from '@tidewise/db/schema/sessions';
import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { isRecentSignIn, type MemberFacts } from './organization.policy.ts';
import { isLocked } from '../../lib/identity/locks.ts';

const ADMINISTRATOR = 'organization_admin';

/**
 * Every member of the organization with the facts the last-administrator rule needs. A user is an
 * administrator through `users.role` or through a `user_roles` link to the system administrator
 * role; active means registered and not locked.
 */
export const loadMemberFacts = async (db: Executor, organizationId: string): Promise<MemberFacts[]> => {
  const rows = await db
    .select({
      userId: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      lockedAt: users.lockedAt,
      lockedUntil: users.lockedUntil,
    })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(organizationUsers.organizationId, organizationId));
  const linked = rows.length
    ? await db
        .select({ userId: authorizationUserRoles.userId })
        .from(authorizationUserRoles)
        .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId))
        .where(
          and(
            eq(authorizationUserRoles.organizationId, organizationId),
            eq(authorizationRoles.key, ADMINISTRATOR),
            inArray(
              authorizationUserRoles.userId,
              rows.map((r) => r.userId),
            ),
          ),
        )
    : [];
  const linkedIds = new Set(linked.map((l) => l.userId));
  return rows.map((r) => ({
    userId: r.userId,
    isAdministrator: r.role === ADMINISTRATOR || linkedIds.has(r.userId),
    isActive: r.passwordHash !== null && !isLocked(r),
  }));
};

/**
 * Refuses unless the caller's session started within the recent sign-in window. The error carries
 * `details.reason = 'recent-sign-in-required'` so the web can send the user to re-authenticate.
 */
export const assertRecentSignIn = async (db: Executor, actor: Actor) => {
  const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, actor.sessionId)).limit(1);
  if (!session || !isRecentSignIn(session.createdAt)) {
    throw new AppError('FORBIDDEN', 'Sign in again to confirm it is you, then retry within 15 minutes.', {
      details: { reason: 'recent-sign-in-required' },
    });
  }
};
