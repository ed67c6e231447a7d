import type { Context } from '../../../context.ts';
import { getVisibleRole, loadRoleView, type RoleView } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';

/** One role the caller can see; another organization's role answers NOT_FOUND like a missing one. */
export const getAuthorizationRole = async (ctx: Context, id: string): Promise<RoleView> => {
  const actor = requireActor(ctx);
  return loadRoleView(ctx.db, actor.organizationId, await getVisibleRole(ctx.db, actor.organizationId, id));
};
