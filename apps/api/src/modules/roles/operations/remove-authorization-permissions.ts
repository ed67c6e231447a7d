import { authorizationRolePermissions } from '@tidewise/db/schema/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { getPermissions, permissionNames, refuseEscalation } from '../role-store.ts';
import { requireActor } from '../../../lib/authz.ts';
import { changeRole } from '../role-changes.ts';

/** Takes permissions away from a custom role (ones it does not grant are ignored). */
export const removeAuthorizationPermissions = (ctx: Context, roleId: string, permissionIds: readonly string[]) =>
  changeRole(ctx, roleId, async (tx, role) => {
    const permissions = await getPermissions(tx, permissionIds);
    refuseEscalation(requireActor(ctx), permissionNames(permissions), 'take away');
    if (permissions.length > 0)
      await tx.delete(authorizationRolePermissions).where(
        and(
          eq(authorizationRolePermissions.authorizationRoleId, role.id),
          inArray(
            authorizationRolePermissions.authorizationPermissionId,
            permissions.map((p) => p.id),
          ),
        ),
      );
    return `Took permissions ${permissionNames(permissions).join(', ')} from role "${role.name}"`;
  });
