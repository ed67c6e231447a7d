import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../../lib/identity/users.ts';
import { isUuid } from '../../lib/db.ts';

export type OrganizationUserRow = typeof organizationUsers.$inferSelect;

/** A membership with its account attached, so list fields need no query per row. */
export type OrganizationUserWithUser = OrganizationUserRow & { user?: UserRow };

/** One membership of the caller's organization; any other id answers NOT_FOUND. */
export const findMembership = async (db: Executor, organizationId: string, id: string): Promise<OrganizationUserWithUser | null> => {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ membership: organizationUsers, user: users })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.id, id), eq(organizationUsers.organizationId, organizationId)))
    .limit(1);
  return row ? { ...row.membership, user: row.user } : null;
};
