import { authorizationRoles } from '@tidewise/db/schema/roles';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadRoleView, type RoleView, visibleRoles } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';

/** By name, ignoring case and surrounding spaces, among the roles the caller can see. */
export const getAuthorizationRoleByName = async (ctx: Context, name: string): Promise<RoleView> => {
  const actor = requireActor(ctx);
  const [role] = await ctx.db
    .select()
    .from(authorizationRoles)
    .where(and(visibleRoles(actor.organizationId), eq(sql`lower(${authorizationRoles.name})`, name.trim().toLowerCase())))
    .orderBy(asc(authorizationRoles.scope))
    .limit(1);
  if (!role) throw notFound('Role');
  return loadRoleView(ctx.db, actor.organizationId, role);
};
