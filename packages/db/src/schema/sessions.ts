import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn as id, createdAtColumn as createdAt, timestampColumn as at } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';

/** One-time tokens handed to the browser after MFA, exchanged for a session. */
export const handoffTokens = pgTable(
  'handoff_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('handoff_tokens_token_hash_unique').on(t.tokenHash)],
);

/** A signed-in device. Its refresh tokens form one rotating chain; revoking it ends the chain. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_token_hash_unique').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);
