import { authorizationUserRoles } from '@tidewise/db/schema/roles';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import type { UserRoleView } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { loadUserRoleViews } from '../user-role-views.ts';

/** The caller's own roles in the organization they are signed in to. */
export const findMyAuthorizationUserRoles = (ctx: Context): Promise<UserRoleView[]> => {
  const actor = requireActor(ctx);
  return loadUserRoleViews(ctx.db, actor.organizationId, eq(authorizationUserRoles.userId, actor.userId));
};
