import type { Context } from '../../../context.ts';
import { getPermissions, permissionNames, refuseEscalation } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { changeRole, addPermissions } from '../role-changes.ts';

/** Adds permissions to a custom role (already granted ones are ignored). */
export const assignAuthorizationPermissions = (ctx: Context, roleId: string, permissionIds: readonly string[]) =>
  changeRole(ctx, roleId, async (tx, role) => {
    const permissions = await getPermissions(tx, permissionIds);
    refuseEscalation(requireActor(ctx), permissionNames(permissions));
    await addPermissions(tx, role.id, permissions);
    return `Gave permissions ${permissionNames(permissions).join(', ')} to role "${role.name}"`;
  });
