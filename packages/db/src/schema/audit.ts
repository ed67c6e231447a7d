import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and tamper-evident:
 * rows form one hash chain per organization (`chain_key` = organization id, or `platform` for
 * events with no organization), each `hash` covering the row and the previous row's hash.
 * No foreign keys: the trail outlives what it describes.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    chainKey: text('chain_key').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    description: text('description').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    /** `success`, `failure` (refused by a rule or invalid input) or `denied` (not allowed). */
    status: text('status').notNull(),
    serviceName: text('service_name').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_logs_chain_sequence_unique').on(t.chainKey, t.sequence),
    index('audit_logs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('audit_logs_user_idx').on(t.userId),
  ],
);
