import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn as id, createdAtColumn as createdAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';

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
