import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';

/** One row per organization; absent means the defaults (metric, EUR, Europe/Copenhagen). */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** `metric` or `imperial`. */
  measurementSystem: text('measurement_system').notNull().default('metric'),
  /** ISO 4217 code. */
  currency: text('currency').notNull().default('EUR'),
  /** IANA time zone name. */
  timezone: text('timezone').notNull().default('Europe/Copenhagen'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * A user's request to change the email address they sign in with. An administrator approves it;
 * the new address then receives a fresh invitation. Status: pending → approved | rejected | cancelled.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currentEmail: text('current_email').notNull(),
    newEmail: text('new_email').notNull(),
    status: text('status').notNull().default('pending'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_requests_org_status_idx').on(t.organizationId, t.status)],
);
