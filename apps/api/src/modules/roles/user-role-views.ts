import { users } from '@tidewise/db/schema/identity';
import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { type Pagination, pageOffset } from '../../lib/pagination.ts';
import type { Executor } from '@tidewise/db/client';
import { loadRoleViews, type UserRoleView } from './role-store.ts';

/** User roles of one organization matching `where`, with the user's email and the role's details. */
export const loadUserRoleViews = async (
  db: Executor,
  organizationId: string,
  where: SQL | undefined,
  page?: Pagination,
): Promise<UserRoleView[]> => {
  const scoped = and(eq(authorizationUserRoles.organizationId, organizationId), where);
  const query = db
    .select({ userRole: authorizationUserRoles, email: users.email, role: authorizationRoles })
    .from(authorizationUserRoles)
    .innerJoin(users, eq(users.id, authorizationUserRoles.userId))
    .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId))
    .where(scoped)
    .orderBy(asc(users.email), asc(authorizationRoles.name), asc(authorizationUserRoles.id));
  const rows = page ? await query.limit(page.pageSize).offset(pageOffset(page)) : await query;
  const distinct = [...new Map(rows.map((r) => [r.role.id, r.role])).values()];
  const views = new Map((await loadRoleViews(db, organizationId, distinct)).map((v) => [v.id, v]));
  return rows.map((r) => {
    const role = views.get(r.role.id);
    if (!role) throw new Error('role view missing');
    return { ...r.userRole, email: r.email, role };
  });
};
