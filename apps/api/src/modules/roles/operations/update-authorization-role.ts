import { authorizationRolePermissions, authorizationRoles } from '@tidewise/db/schema/roles';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { duplicateRoleName, getPermissions, permissionNames, refuseEscalation, type RoleView } from '../role-store.ts';
import { isReservedRoleName } from '../roles.policy.ts';
import { reservedRoleName } from './create-authorization-role.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';
import { addPermissions, changeRole } from '../role-changes.ts';

export type UpdateAuthorizationRoleInput = { name?: string | null; description?: string | null; permissionIds?: readonly string[] | null };

/** Renames, re-describes and (when `permissionIds` is given) replaces the permission set of a custom role. */
export const updateAuthorizationRole = async (ctx: Context, roleId: string, input: UpdateAuthorizationRoleInput): Promise<RoleView> => {
  const name = input.name?.trim();
  if (name && isReservedRoleName(name)) throw reservedRoleName(name);
  try {
    return await changeRole(ctx, roleId, async (tx, role, current) => {
      if (name && name.toLowerCase() !== role.name.toLowerCase()) {
        const [taken] = await tx
          .select({ id: authorizationRoles.id })
          .from(authorizationRoles)
          .where(
            and(
              eq(authorizationRoles.organizationId, role.organizationId ?? ''),
              eq(sql`lower(${authorizationRoles.name})`, name.toLowerCase()),
              ne(authorizationRoles.id, role.id),
            ),
          )
          .limit(1);
        if (taken) throw duplicateRoleName(name);
      }
      const patch = {
        ...(name ? { name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
      };
      if (Object.keys(patch).length > 0) await tx.update(authorizationRoles).set(patch).where(eq(authorizationRoles.id, role.id));
      if (input.permissionIds) {
        const wanted = await getPermissions(tx, input.permissionIds);
        const wantedNames = permissionNames(wanted);
        refuseEscalation(
          requireActor(ctx),
          wantedNames.filter((n) => !current.includes(n)),
        );
        refuseEscalation(
          requireActor(ctx),
          current.filter((n) => !wantedNames.includes(n)),
          'take away',
        );
        await tx.delete(authorizationRolePermissions).where(eq(authorizationRolePermissions.authorizationRoleId, role.id));
        await addPermissions(tx, role.id, wanted);
      }
      return `Updated role "${name ?? role.name}"`;
    });
  } catch (error) {
    if (isUniqueViolation(error) && name) throw duplicateRoleName(name);
    throw error;
  }
};
