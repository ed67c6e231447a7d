import type { Context } from '../../../context.ts';
import type { RoleView } from '../role-store.ts';
import { deleteManyAuthorizationRoles } from './delete-many-authorization-roles.ts';

/** Returns the role as it was before deletion. */
export const deleteAuthorizationRole = async (ctx: Context, id: string): Promise<RoleView> => {
  const [role] = await deleteManyAuthorizationRoles(ctx, [id]);
  if (!role) throw new Error('deleted role missing');
  return role;
};
