import { users } from '@tidewise/db/schema/identity';
import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import type { Executor } from '@tidewise/db/client';
import { loadRoleViews, type UserRoleView } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { getMemberEmail } from '../../../lib/identity/users.ts';

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

/**
 * Who holds which role in the caller's organization, optionally for one user. A user outside the
 * organization answers NOT_FOUND rather than an empty list, like any other foreign id.
 */
export const findAuthorizationUserRoles = async (
  ctx: Context,
  input: { pagination: Pagination; userId?: string | null },
): Promise<Page<UserRoleView>> => {
  const actor = requireActor(ctx);
  if (input.userId) await getMemberEmail(ctx.db, actor.organizationId, input.userId);
  const where = input.userId ? eq(authorizationUserRoles.userId, input.userId) : undefined;
  const [total] = await ctx.db
    .select({ value: count() })
    .from(authorizationUserRoles)
    .where(and(eq(authorizationUserRoles.organizationId, actor.organizationId), where));
  return toPage(
    input.pagination,
    await loadUserRoleViews(ctx.db, actor.organizationId, where, input.pagination),
    Number(total?.value ?? 0),
  );
};

/** The caller's own roles in the organization they are signed in to. */
export const findMyAuthorizationUserRoles = (ctx: Context): Promise<UserRoleView[]> => {
  const actor = requireActor(ctx);
  return loadUserRoleViews(ctx.db, actor.organizationId, eq(authorizationUserRoles.userId, actor.userId));
};
