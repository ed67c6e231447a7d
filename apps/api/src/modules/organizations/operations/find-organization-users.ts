import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import { likePattern } from '../../../lib/db.ts';
import type { OrganizationUserWithUser } from '../memberships.ts';
import { requireActor } from '../../../lib/authz.ts';

export const ORGANIZATION_USER_SORT_FIELDS = ['name', 'email', 'role', 'createdAt'] as const;

export type OrganizationUserSortField = (typeof ORGANIZATION_USER_SORT_FIELDS)[number];

const sortColumns = {
  name: [sql`lower(${organizationUsers.lastName})`, sql`lower(${organizationUsers.firstName})`, sql`lower(${users.email})`],
  email: users.email,
  role: users.role,
  createdAt: organizationUsers.createdAt,
};

/** The organization's users, searchable by first or last name, email and job position; by name unless `sort` says otherwise. */
export const findOrganizationUsers = async (
  ctx: Context,
  pagination: Pagination,
  search?: string | null,
  sort?: Sort<OrganizationUserSortField> | null,
): Promise<Page<OrganizationUserWithUser>> => {
  const actor = requireActor(ctx);
  const term = search?.trim();
  const conditions: SQL[] = [eq(organizationUsers.organizationId, actor.organizationId)];
  if (term) {
    const pattern = likePattern(term);
    const anyField = or(
      ilike(organizationUsers.firstName, pattern),
      ilike(organizationUsers.lastName, pattern),
      ilike(organizationUsers.jobPosition, pattern),
      ilike(users.email, pattern),
    );
    if (anyField) conditions.push(anyField);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ membership: organizationUsers, user: users })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(where)
      .orderBy(
        ...sortOrder(sort, sortColumns, organizationUsers.id, [
          asc(organizationUsers.lastName),
          asc(organizationUsers.firstName),
          asc(users.email),
          asc(organizationUsers.id),
        ]),
      )
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db.select({ value: count() }).from(organizationUsers).innerJoin(users, eq(users.id, organizationUsers.userId)).where(where),
  ]);
  return toPage(
    pagination,
    rows.map((r) => ({ ...r.membership, user: r.user })),
    total?.value ?? 0,
  );
};
