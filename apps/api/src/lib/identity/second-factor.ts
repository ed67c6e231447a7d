import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { AppError } from '../errors.ts';
import { type EmailCodeBinding, checkEmailCode } from './email-codes.ts';
import { assertNotLocked, lockedError, recordFailedAttempt } from './lockout.ts';
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

/**
 * assertNotLocked for a sign-in step: a locked account also leaves a failed entry in the sign-in
 * log, so administrators see attempts on locked accounts.
 */
export const assertNotLockedForSignIn = async (
  ctx: Context,
  user: UserRow,
  log: { organizationId: string | null; method: LoginLogMethod; referenceId?: string | null },
): Promise<UserRow> => {
  try {
    return await assertNotLocked(ctx.db, user);
  } catch (error) {
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: user.id,
      organizationId: log.organizationId,
      method: log.method,
      status: 'failure',
      failureReason: 'locked',
      ...(log.referenceId ? { referenceId: log.referenceId } : {}),
    });
    throw error;
  }
};
