import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A second-factor change the user started after re-entering their password. The current method
 * keeps working until the new one is confirmed with a code; only then does it replace the old one.
 */
export const mfaMethodChanges = pgTable(
  'mfa_method_changes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `Email` or `Authenticator`. */
    method: text('method').notNull(),
    /** AES-256-GCM ciphertext of the new TOTP secret (Authenticator only). */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_method_changes_user_idx').on(t.userId)],
);
