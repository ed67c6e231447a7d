import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn as id, createdAtColumn as createdAt, updatedAtColumn as updatedAt, timestampColumn as at } from './columns.ts';
import { users } from './identity.ts';

/** Customers and suppliers. A supplier records the customer organization that created it. */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  /** `customer` or `supplier`. */
  organizationType: text('organization_type').notNull(),
  organizationTypeLabel: text('organization_type_label'),
  logo: text('logo'),
  websiteUrl: text('website_url'),
  location: text('location'),
  registrationStatus: text('registration_status'),
  registrationNumber: text('registration_number'),
  industry: text('industry'),
  companySize: text('company_size'),
  description: text('description'),
  createdByOrganizationId: uuid('created_by_organization_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A user's profile inside an organization. */
export const organizationUsers = pgTable(
  'organization_users',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    jobPosition: text('job_position'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organization_users_org_user_unique').on(t.organizationId, t.userId),
    index('organization_users_user_idx').on(t.userId),
  ],
);

/** Customer → supplier links. */
export const organizationRelationships = pgTable(
  'organization_relationships',
  {
    id: id(),
    customerOrganizationId: uuid('customer_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    supplierOrganizationId: uuid('supplier_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organization_relationships_pair_unique').on(t.customerOrganizationId, t.supplierOrganizationId),
    index('organization_relationships_supplier_idx').on(t.supplierOrganizationId),
  ],
);

/** Invitation links; `kind` is `organization_user` or `supplier`. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_hash_unique').on(t.tokenHash), index('invitations_user_idx').on(t.userId)],
);
