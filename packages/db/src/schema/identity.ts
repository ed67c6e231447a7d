import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn as id, createdAtColumn as createdAt, updatedAtColumn as updatedAt, timestampColumn as at } from './columns.ts';

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

/** Every sign-in attempt, successful or not. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** `password`, `Email`, `Authenticator` or `refresh`. */
    method: text('method').notNull(),
    /** `success`, `mfa_required` or `failure`. */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    browser: text('browser'),
    os: text('os'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    serviceId: text('service_id'),
    /** The login challenge, session or request this attempt belongs to. */
    referenceId: text('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [index('login_logs_user_idx').on(t.userId, t.createdAt), index('login_logs_org_idx').on(t.organizationId, t.createdAt)],
);
