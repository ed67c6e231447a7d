import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';
import { createdAtColumn as createdAt, updatedAtColumn as updatedAt } from './columns.ts';

/** The permission catalogue (`resource:action`), seeded from `@tidewise/shared/permissions`. */
export const authorizationPermissions = pgTable(
  'authorization_permissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('authorization_permissions_resource_action_unique').on(t.resource, t.action)],
);

/**
 * Roles. System roles (`scope` = `system`, `organization_id` null, `key` set) are shared by every
 * organization and cannot be changed; custom roles (`scope` = `organization`) belong to one.
 */
export const authorizationRoles = pgTable(
  'authorization_roles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key'),
    name: text('name').notNull(),
    description: text('description'),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('authorization_roles_key_unique').on(t.key),
    uniqueIndex('authorization_roles_org_name_unique').on(
      sql`coalesce(${t.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const authorizationRolePermissions = pgTable(
  'role_permissions',
  {
    authorizationRoleId: uuid('role_id')
      .notNull()
      .references(() => authorizationRoles.id, { onDelete: 'cascade' }),
    authorizationPermissionId: uuid('permission_id')
      .notNull()
      .references(() => authorizationPermissions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.authorizationRoleId, t.authorizationPermissionId] })],
);

/** Which roles a user holds inside an organization. */
export const authorizationUserRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorizationRoleId: uuid('role_id')
      .notNull()
      .references(() => authorizationRoles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_role_unique').on(t.userId, t.authorizationRoleId), index('user_roles_org_idx').on(t.organizationId)],
);
