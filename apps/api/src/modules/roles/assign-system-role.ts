import type { Executor } from '@tidewise/db/client';
import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import type { SystemRole } from '@tidewise/shared/permissions';
import { and, eq } from 'drizzle-orm';
import { syncPrimaryRole } from './role-store.ts';

/**
 * Gives a user a system role in an organization (no-op when they hold it) and updates `users.role`.
 * The identity operations call it wherever they create a user, inside their own transaction, so a
 * new user's permissions exist from the first moment. The catalogue sync at boot creates the roles.
 */
export const assignSystemRole = async (tx: Executor, input: { userId: string; organizationId: string; roleKey: SystemRole }) => {
  const [role] = await tx
    .select({ id: authorizationRoles.id })
    .from(authorizationRoles)
    .where(and(eq(authorizationRoles.key, input.roleKey), eq(authorizationRoles.scope, 'system')))
    .limit(1);
  if (!role) throw new Error(`system role ${input.roleKey} is missing: syncAuthorizationCatalogue has not run`);
  await tx
    .insert(authorizationUserRoles)
    .values({ userId: input.userId, organizationId: input.organizationId, authorizationRoleId: role.id })
    .onConflictDoNothing();
  await syncPrimaryRole(tx, input.userId, input.organizationId);
};
