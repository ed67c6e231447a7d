import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type EmailCodeBinding, checkEmailCode } from './email-codes.ts';
import { lockedError, recordFailedAttempt } from './lockout.ts';
import { type LoginLogMethod, writeLoginLog } from './login-log.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { verifyAndConsumeTotp } from './totp.ts';
import type { UserRow } from './users.ts';

type Attempt = {
  user: UserRow;
  organizationId: string | null;
  code: string;
  referenceId?: string | null;
} & ({ method: 'Authenticator' } | { method: 'Email'; binding: EmailCodeBinding });

/**
 * Checks a second factor. A wrong code is logged and counts towards the account lockout; an
 * expired or exhausted email code answers EXPIRED. Returns only when the code was right.
 */
export const verifySecondFactor = async (ctx: Context, attempt: Attempt): Promise<void> => {
  const db: Executor = ctx.db;
  const key = ctx.secrets.encryptionKey;
  const method: LoginLogMethod = attempt.method;
  const log = { userId: attempt.user.id, organizationId: attempt.organizationId, method, referenceId: attempt.referenceId ?? null };
  const outcome =
    attempt.method === 'Authenticator'
      ? (await verifyAndConsumeTotp(db, key, attempt.user, attempt.code))
        ? 'ok'
        : 'invalid'
      : await checkEmailCode(db, key, attempt.binding, attempt.code);
  if (outcome === 'ok') return;
  const { locked } = await recordFailedAttempt(db, attempt.user.id);
  await writeLoginLog(db, ctx.requestMeta, {
    ...log,
    status: 'failure',
    failureReason: `${outcome === 'invalid' ? 'wrong_code' : 'expired_code'}${locked ? '_locked' : ''}`,
  });
  if (locked) throw lockedError();
  if (outcome === 'expired') throw new AppError('EXPIRED', AUTH_MESSAGES.invalidOrExpiredCode);
  throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidCode, { field: 'code' });
};

/** After a completed sign-in the consecutive-failure count starts again. */
export const markSignInSucceeded = async (db: Executor, userId: string, patch: Partial<Pick<UserRow, 'mfaEnabled'>> = {}) => {
  await db
    .update(users)
    .set({ failedAttempts: 0, ...patch })
    .where(eq(users.id, userId));
};
