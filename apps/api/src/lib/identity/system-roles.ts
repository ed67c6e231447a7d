import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { authorizationRoles, authorizationUserRoles } from '@tidewise/db/schema/roles';
import { SYSTEM_ROLES, type SystemRole } from '@tidewise/shared/permissions';
import { and, eq, sql } from 'drizzle-orm';

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

/** `users.role` of someone who holds only custom roles, or no role at all (grants nothing). */
export const CUSTOM_ROLE_KEY = 'custom';
export const NO_ROLE_KEY = 'none';

/**
 * `users.role` mirrors the most privileged system role a user holds (it is what the session shows);
 * someone with only custom roles reads `custom`, someone with none `none`.
 */
export const primaryRoleKey = (heldKeys: Iterable<string | null>, holdsCustomRole: boolean): string => {
  const held = new Set(heldKeys);
  return SYSTEM_ROLES.find((key) => held.has(key)) ?? (holdsCustomRole ? CUSTOM_ROLE_KEY : NO_ROLE_KEY);
};

/** Recomputes `users.role` (the primary system role the session shows) from the user's roles. */
export const syncPrimaryRole = async (tx: Executor, userId: string, organizationId: string) => {
  const held = await tx
    .select({ key: authorizationRoles.key, scope: authorizationRoles.scope })
    .from(authorizationUserRoles)
    .innerJoin(authorizationRoles, eq(authorizationRoles.id, authorizationUserRoles.authorizationRoleId))
    .where(and(eq(authorizationUserRoles.userId, userId), eq(authorizationUserRoles.organizationId, organizationId)));
  const role = primaryRoleKey(
    held.filter((h) => h.scope === 'system').map((h) => h.key),
    held.some((h) => h.scope !== 'system'),
  );
  await tx
    .update(users)
    .set({ role })
    .where(and(eq(users.id, userId), sql`${users.role} is distinct from ${role}`));
  return role;
};
