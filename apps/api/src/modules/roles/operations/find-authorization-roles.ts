import { authorizationRoles } from '@tidewise/db/schema/roles';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { loadRoleViews, type RoleView, visibleRoles } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** System roles first, then the caller's organization's custom roles, by name; `search` matches name or description. */
export const findAuthorizationRoles = async (
  ctx: Context,
  input: { pagination: Pagination; search?: string | null },
): Promise<Page<RoleView>> => {
  const actor = requireActor(ctx);
  const term = input.search?.trim();
  const where = and(
    visibleRoles(actor.organizationId),
    term
      ? or(ilike(authorizationRoles.name, `%${escapeLike(term)}%`), ilike(authorizationRoles.description, `%${escapeLike(term)}%`))
      : undefined,
  );
  const [total] = await ctx.db.select({ value: count() }).from(authorizationRoles).where(where);
  const rows = await ctx.db
    .select()
    .from(authorizationRoles)
    .where(where)
    .orderBy(desc(eq(authorizationRoles.scope, 'system')), asc(authorizationRoles.name), asc(authorizationRoles.id))
    .limit(input.pagination.pageSize)
    .offset(pageOffset(input.pagination));
  return toPage(input.pagination, await loadRoleViews(ctx.db, actor.organizationId, rows), Number(total?.value ?? 0));
};
