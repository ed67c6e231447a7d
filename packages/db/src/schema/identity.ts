import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn as id, createdAtColumn as createdAt, updatedAtColumn as updatedAt, timestampColumn as at } from './columns.ts';

/**
 * Authentication users. An invited user exists without a password until the invitation is
 * accepted. `role` names a system role until roles get their own tables.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-case; unique case-insensitively. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** `Email` or `Authenticator`. */
    mfaMethod: text('mfa_method'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** AES-256-GCM ciphertext of the base32 TOTP secret. */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    /** Last accepted TOTP time step; codes of this step or earlier are refused (replay). */
    totpLastTimeStep: integer('totp_last_time_step'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: at('locked_at'),
    lockReason: text('lock_reason'),
    lockedUntil: at('locked_until'),
    role: text('role').notNull(),
    language: text('language').notNull().default('en'),
    registeredAt: at('registered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** A sign-in between the password and the second factor. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    secondFactorVerifiedAt: at('second_factor_verified_at'),
    ipAddress: text('ip_address'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_unique').on(t.tokenHash), index('login_challenges_user_idx').on(t.userId)],
);

/** Password reset requests; `userId` is null when the email matched no account. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    validatedAt: at('validated_at'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash), index('password_resets_email_idx').on(t.email)],
);

/** Emailed 6-digit codes (hashed), bound to the sign-in, reset or MFA setup they were sent for. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `login`, `reset` or `setup`. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    loginChallengeId: uuid('login_challenge_id').references(() => loginChallenges.id, { onDelete: 'cascade' }),
    passwordResetId: uuid('password_reset_id').references(() => passwordResets.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('email_codes_challenge_idx').on(t.loginChallengeId),
    index('email_codes_reset_idx').on(t.passwordResetId),
  ],
);
