import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumn as at, createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';
import { files } from './uploads.ts';

/**
 * PACT exchange (issue 14, docs/pact-exchange.md, decision 0020): product footprints in and out over the PACT
 * Technical Specifications v2 API. Documents are stored exactly as served or received (decimals as JSON strings).
 */

/** A footprint document as the PACT v2 data model writes it (ProductFootprint); validated where it enters. */
export type StoredProductFootprint = Record<string, unknown>;

/**
 * The other side of an exchange: a partner's PACT host system this organisation calls (`base_url`, with the
 * credentials the partner issued to it). With a supplier, the footprints pulled from it become that supplier's data
 * entries in this organisation's report; events the partner posts with the credentials linked to the connection
 * (pact_clients.connection_id) are matched to it, and requests it posts are answered through it.
 */
export const pactConnections = pgTable(
  'pact_connections',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The supplier (an organization this one has a relationship with) whose footprints are pulled; null for a customer's system. */
    supplierOrganizationId: uuid('supplier_organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** The host's base URL: `<base>/2/footprints`, `<base>/2/events`. */
    baseUrl: text('base_url').notNull(),
    /** The token endpoint; null means `<base>/auth/token`. */
    tokenUrl: text('token_url'),
    clientId: text('client_id').notNull(),
    /** The partner's client secret, encrypted with ENCRYPTION_KEY (lib/crypto): it must be sent, so it cannot be hashed. */
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** PactConnectionStatus: idle, syncing, synced, failed. */
    status: text('status').notNull().default('idle'),
    lastSyncStartedAt: at('last_sync_started_at'),
    lastSyncedAt: at('last_synced_at'),
    /** Why the last sync failed, in words a user can act on (never a secret or a stack). */
    lastError: text('last_error'),
    /** The file of data entries made from the received footprints (owned by this organization, attributed to the supplier). */
    entriesFileId: uuid('entries_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pact_connections_org_idx').on(t.organizationId),
    uniqueIndex('pact_connections_supplier_unique').on(t.organizationId, t.supplierOrganizationId),
  ],
);

/**
 * API client credentials an organisation issued (OAuth 2 client credentials for POST /auth/token). The secret is
 * shown once and stored as an Argon2id hash; `client_id` is public. A client reads only its organisation's published
 * footprints. Revoked credentials are kept (the audit trail names them) and refused.
 */
export const pactClients = pgTable(
  'pact_clients',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The secret's last four characters, to tell credentials apart on screen. */
    secretHint: text('secret_hint').notNull(),
    /** The partner these credentials were issued to, when it is a connection of this organization. */
    connectionId: uuid('connection_id').references(() => pactConnections.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('pact_clients_client_id_unique').on(t.clientId), index('pact_clients_org_idx').on(t.organizationId)],
);

/**
 * Footprints this organisation publishes (it is the data owner). `id` is the ProductFootprint id served at
 * GET /2/footprints/{id}; a new version of the same product (`product_key`) gets a new id, lists the earlier ones in
 * precedingPfIds, and the earlier one becomes Deprecated. `document` is the ProductFootprint exactly as served.
 */
export const pactFootprints = pgTable(
  'pact_footprints',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** What the footprint describes, stable across versions (for example `transport:2025:bulk_carrier`). */
    productKey: text('product_key').notNull(),
    version: integer('version').notNull(),
    /** Active or Deprecated (the spec's values). */
    status: text('status').notNull(),
    /** The emission run the figures come from (runs are deleted after two newer ones; the document keeps the figures). */
    runId: uuid('run_id'),
    document: jsonb('document').$type<StoredProductFootprint>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    updated: at('updated'),
    referencePeriodStart: timestamp('reference_period_start', { withTimezone: true }).notNull(),
    referencePeriodEnd: timestamp('reference_period_end', { withTimezone: true }).notNull(),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('pact_footprints_org_idx').on(t.organizationId, t.created, t.id),
    index('pact_footprints_product_idx').on(t.organizationId, t.productKey),
  ],
);

/**
 * Footprints received from a supplier's host system (pulled, or sent in a fulfilled request), one row per footprint
 * id, with the amount of declared units this organisation bought in the reference period (what turns a footprint per
 * unit into emissions). They become data entries of the supplier through the connection's entries file.
 */
export const pactReceivedFootprints = pgTable(
  'pact_received_footprints',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => pactConnections.id, { onDelete: 'cascade' }),
    footprintId: uuid('footprint_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    document: jsonb('document').$type<StoredProductFootprint>().notNull(),
    /** Declared units bought in the reference period; null until the organisation states it. */
    quantity: doublePrecision('quantity'),
    /** A footprint that failed the data model's checks is kept with the reasons and makes no entry. */
    isValid: boolean('is_valid').notNull().default(true),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    receivedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.footprintId] }), index('pact_received_org_idx').on(t.organizationId)],
);

/**
 * CloudEvents received at POST /2/events and sent to partners, with what became of them. A received event is unique
 * by its source and id (the CloudEvents rule), so a partner sending it again changes nothing.
 */
export const pactEvents = pgTable(
  'pact_events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** received or sent. */
    direction: text('direction').notNull(),
    /** The credentials a received event came with. */
    clientId: uuid('client_id').references(() => pactClients.id, { onDelete: 'set null' }),
    connectionId: uuid('connection_id').references(() => pactConnections.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventId: text('event_id').notNull(),
    source: text('source').notNull(),
    /** The event's data as received or sent (bounded by MAX_BODY_BYTES). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** PactEventStatus: received, processing, processed, answered, failed. */
    status: text('status').notNull(),
    /** What was done, or why not, in words. */
    note: text('note'),
    /** How many footprints it carried or answered with. */
    footprintCount: integer('footprint_count').notNull().default(0),
    createdAt: createdAt(),
    processedAt: at('processed_at'),
  },
  (t) => [
    index('pact_events_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('pact_events_unique').on(t.organizationId, t.direction, t.source, t.eventId),
  ],
);
