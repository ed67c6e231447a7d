import type { Executor } from '@tidewise/db/client';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { asc, eq } from 'drizzle-orm';
import type { UserRow } from '../../../lib/identity/users.ts';

/** The `user` of a session answered over REST: the fields of the GraphQL `User` the web app keeps in memory. */
export type SessionUserView = {
  id: string;
  email: string;
  role: string;
  language: string;
  organizationUser: {
    id: string;
    userId: string;
    organizationId: string;
    firstName: string | null;
    lastName: string | null;
    jobPosition: string | null;
    organization: { id: string; name: string; organizationType: string; organizationTypeLabel: string | null };
  } | null;
};

/**
 * The signed-in user as `POST /session/refresh` answers it, shaped like the GraphQL `Session.user`
 * (first membership, as `User.organizationUser` resolves it), so the web app handles both alike.
 * Never exposes credentials or second-factor secrets.
 */
export const loadSessionUser = async (db: Executor, user: UserRow): Promise<SessionUserView> => {
  const [row] = await db
    .select({ membership: organizationUsers, organization: organizations })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, user.id))
    .orderBy(asc(organizationUsers.createdAt))
    .limit(1);
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    language: user.language,
    organizationUser: row
      ? {
          id: row.membership.id,
          userId: row.membership.userId,
          organizationId: row.membership.organizationId,
          firstName: row.membership.firstName,
          lastName: row.membership.lastName,
          jobPosition: row.membership.jobPosition,
          organization: {
            id: row.organization.id,
            name: row.organization.name,
            organizationType: row.organization.organizationType,
            organizationTypeLabel: row.organization.organizationTypeLabel,
          },
        }
      : null,
  };
};
