import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import {
  PERMISSION_NAMES,
  PERMISSIONS,
  SYSTEM_ROLE_DESCRIPTIONS,
  SYSTEM_ROLE_LABELS,
  SYSTEM_ROLE_PERMISSIONS,
  SYSTEM_ROLES,
  splitPermission,
} from '@tidewise/shared/permissions';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';

const SYNC_LOCK = 'authorization-catalogue';

/**
 * Makes the stored catalogue match `@tidewise/shared/permissions` at boot: upserts every permission
 * (and drops names no longer in the catalogue), upserts the system roles with exactly their listed
 * permissions, and gives every user who has no `user_roles` row for the system role named by
 * `users.role` that row in their first organization. Idempotent and safe when several servers start
 * at once on one database (an advisory lock serializes them).
 */
export const syncAuthorizationCatalogue = async (db: Executor) => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SYNC_LOCK}))`);

    const permissionRows = PERMISSION_NAMES.map((name) => ({ ...splitPermission(name), description: PERMISSIONS[name] }));
    await tx
      .insert(authorizationPermissions)
      .values(permissionRows)
      .onConflictDoUpdate({
        target: [authorizationPermissions.resource, authorizationPermissions.action],
        set: { description: sql`excluded.description`, updatedAt: new Date() },
        setWhere: sql`${authorizationPermissions.description} <> excluded.description`,
      });
    const stored = await tx.select().from(authorizationPermissions);
    const idByName = new Map(stored.map((p) => [`${p.resource}:${p.action}`, p.id]));
    const stale = stored.filter((p) => !(`${p.resource}:${p.action}` in PERMISSIONS)).map((p) => p.id);
    if (stale.length > 0) await tx.delete(authorizationPermissions).where(inArray(authorizationPermissions.id, stale));

    await tx
      .insert(authorizationRoles)
      .values(
        SYSTEM_ROLES.map((key) => ({
          key,
          name: SYSTEM_ROLE_LABELS[key],
          description: SYSTEM_ROLE_DESCRIPTIONS[key],
          scope: 'system',
          organizationId: null,
        })),
      )
      .onConflictDoUpdate({
        target: authorizationRoles.key,
        set: { name: sql`excluded.name`, description: sql`excluded.description`, scope: 'system', organizationId: null },
        setWhere: sql`${authorizationRoles.name} <> excluded.name or ${authorizationRoles.description} is distinct from excluded.description`,
      });
    const systemRoles = await tx
      .select({ id: authorizationRoles.id, key: authorizationRoles.key })
      .from(authorizationRoles)
      .where(and(eq(authorizationRoles.scope, 'system'), isNull(authorizationRoles.organizationId)));

    for (const role of systemRoles) {
      if (!role.key || !(SYSTEM_ROLES as readonly string[]).includes(role.key)) continue;
      const wanted = SYSTEM_ROLE_PERMISSIONS[role.key as (typeof SYSTEM_ROLES)[number]].flatMap((name) => {
        const id = idByName.get(name);
        return id ? [id] : [];
      });
      await tx
        .delete(authorizationRolePermissions)
        .where(
          and(
            eq(authorizationRolePermissions.authorizationRoleId, role.id),
            wanted.length > 0 ? notInArray(authorizationRolePermissions.authorizationPermissionId, wanted) : undefined,
          ),
        );
      if (wanted.length > 0)
        await tx
          .insert(authorizationRolePermissions)
          .values(wanted.map((permissionId) => ({ authorizationRoleId: role.id, authorizationPermissionId: permissionId })))
          .onConflictDoNothing();
    }

    // Users created before roles had tables (or by code that set only users.role) get their row.
    await tx.execute(sql`
      insert into ${authorizationUserRoles} (user_id, organization_id, role_id)
      select u.id, first_membership.organization_id, r.id
      from ${users} u
      join ${authorizationRoles} r on r.key = u.role and r.scope = 'system'
      join lateral (
        select ou.organization_id from ${organizationUsers} ou
        where ou.user_id = u.id order by ou.created_at asc limit 1
      ) first_membership on true
      where not exists (select 1 from ${authorizationUserRoles} ur where ur.user_id = u.id and ur.role_id = r.id)
      on conflict do nothing
    `);
  });
};
