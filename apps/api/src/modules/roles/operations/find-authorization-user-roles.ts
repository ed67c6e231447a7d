import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { and, count, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, toPage } from '../../../lib/pagination.ts';
import type { UserRoleView } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { getMemberEmail } from '../../../lib/identity/users.ts';
import { loadUserRoleViews } from '../user-role-views.ts';

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
