import { mfaMethodChanges } from '@tidewise/db/schema/account';
import { users } from '@tidewise/db/schema/identity';
import { sessions } from '@tidewise/db/schema/sessions';
import { MFA_CODE_TTL_MINUTES, type MfaMethod } from '@tidewise/shared/auth';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { issueEmailCode } from '../../../lib/identity/email-codes.ts';
import { setupCodeEmail } from '../../../lib/identity/emails.ts';
import { assertNotLocked, lockedError, recordFailedAttempt } from '../../../lib/identity/lockout.ts';
import { writeLoginLog } from '../../../lib/identity/login-log.ts';
import { verifyPassword } from '../../../lib/identity/passwords.ts';
import { authRateLimits } from '../../../lib/identity/rate-limits.ts';
import { verifySecondFactor } from '../../../lib/identity/second-factor.ts';
import { createTotpSetup, matchTotpCode } from '../../../lib/identity/totp.ts';
import { findUserById } from '../../../lib/identity/users.ts';

export const MFA_CHANGE_MESSAGES = {
  wrongPassword: 'The password is not correct.',
  sameEmailMethod: 'Email codes are already your second factor.',
  nothingPending: 'There is no second-factor change waiting for confirmation. Start again.',
  invalidCode: 'Invalid verification code. Please try again.',
} as const;

export type MfaMethodChangeStart = {
  method: MfaMethod;
  qrCodeDataURL: string | null;
  otpauthUri: string | null;
  expiresAt: Date;
};

const requireUser = async (ctx: Context) => {
  if (!ctx.actor) throw new Error('authScopes guarantee an actor');
  const user = await findUserById(ctx.db, ctx.actor.userId);
  if (!user?.passwordHash) throw new AppError('NOT_FOUND', 'User not found');
  return user;
};

/**
 * Starts switching the second factor. The password is asked again (re-authentication); a wrong one
 * counts towards the lockout like a failed sign-in. Nothing changes for the account until the new
 * method is confirmed with a code, so a half-finished change never locks anyone out.
 */
export const startMfaMethodChange = async (ctx: Context, input: { password: string; method: MfaMethod }): Promise<MfaMethodChangeStart> => {
  authRateLimits.signIn(ctx.requestMeta.ipAddress);
  const user = await assertNotLocked(ctx.db, await requireUser(ctx));
  const log = { userId: user.id, organizationId: ctx.actor?.organizationId ?? null, method: 'password' as const };
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { locked } = await recordFailedAttempt(ctx.db, user.id);
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      ...log,
      status: 'failure',
      failureReason: locked ? 'reauth_wrong_password_locked' : 'reauth_wrong_password',
    });
    if (locked) throw lockedError();
    throw new AppError('VALIDATION_FAILED', MFA_CHANGE_MESSAGES.wrongPassword, { field: 'password' });
  }
  if (input.method === 'Email' && user.mfaMethod === 'Email') {
    throw new AppError('VALIDATION_FAILED', MFA_CHANGE_MESSAGES.sameEmailMethod, { field: 'method' });
  }
  const expiresAt = new Date(Date.now() + MFA_CODE_TTL_MINUTES * 60_000);
  const setup = input.method === 'Authenticator' ? await createTotpSetup(ctx.secrets.encryptionKey, user.email) : null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(mfaMethodChanges)
      .set({ expiresAt: new Date() })
      .where(and(eq(mfaMethodChanges.userId, user.id), isNull(mfaMethodChanges.confirmedAt)));
    await tx.insert(mfaMethodChanges).values({
      userId: user.id,
      method: input.method,
      totpSecretEncrypted: setup?.encryptedSecret ?? null,
      expiresAt,
    });
    await recordAudit(tx, ctx, {
      resource: 'authenticationUser',
      resourceId: user.id,
      description: `Started changing the second factor to ${input.method}`,
    });
  });
  if (input.method === 'Email') {
    const code = await issueEmailCode(ctx.db, ctx.secrets.encryptionKey, { purpose: 'setup', userId: user.id }, MFA_CODE_TTL_MINUTES);
    await ctx.mailer.send(setupCodeEmail(user.email, code));
  }
  return { method: input.method, qrCodeDataURL: setup?.qrCodeDataURL ?? null, otpauthUri: setup?.otpauthUri ?? null, expiresAt };
};

/**
 * Confirms the new second factor with a code from it, makes it the account's method, and signs the
 * user out of every other session (whoever held the old factor may hold those too).
 */
export const confirmMfaMethodChange = async (ctx: Context, input: { code: string }) => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const user = await assertNotLocked(ctx.db, await requireUser(ctx));
  const [pending] = await ctx.db
    .select()
    .from(mfaMethodChanges)
    .where(and(eq(mfaMethodChanges.userId, user.id), isNull(mfaMethodChanges.confirmedAt), gt(mfaMethodChanges.expiresAt, new Date())))
    .orderBy(desc(mfaMethodChanges.createdAt))
    .limit(1);
  if (!pending) throw new AppError('EXPIRED', MFA_CHANGE_MESSAGES.nothingPending);
  const code = input.code.trim();
  const organizationId = ctx.actor?.organizationId ?? null;

  let timeStep: number | null = null;
  if (pending.method === 'Authenticator') {
    timeStep = pending.totpSecretEncrypted ? await matchTotpCode(ctx.secrets.encryptionKey, pending.totpSecretEncrypted, code, null) : null;
    if (timeStep === null) {
      const { locked } = await recordFailedAttempt(ctx.db, user.id);
      await writeLoginLog(ctx.db, ctx.requestMeta, {
        userId: user.id,
        organizationId,
        method: 'Authenticator',
        status: 'failure',
        failureReason: 'mfa_change_wrong_code',
      });
      if (locked) throw lockedError();
      throw new AppError('VALIDATION_FAILED', MFA_CHANGE_MESSAGES.invalidCode, { field: 'code' });
    }
  } else {
    await verifySecondFactor(ctx, { method: 'Email', user, organizationId, code, binding: { purpose: 'setup', userId: user.id } });
  }

  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(mfaMethodChanges)
      .set({ confirmedAt: new Date() })
      .where(and(eq(mfaMethodChanges.id, pending.id), isNull(mfaMethodChanges.confirmedAt)))
      .returning({ id: mfaMethodChanges.id });
    if (claimed.length !== 1) throw new AppError('EXPIRED', MFA_CHANGE_MESSAGES.nothingPending);
    await tx
      .update(users)
      .set({
        mfaMethod: pending.method,
        mfaEnabled: true,
        totpSecretEncrypted: pending.method === 'Authenticator' ? pending.totpSecretEncrypted : null,
        totpLastTimeStep: timeStep,
        failedAttempts: 0,
      })
      .where(eq(users.id, user.id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'mfa_method_changed' })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, ctx.actor?.sessionId ?? ''), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAudit(tx, ctx, {
      resource: 'authenticationUser',
      resourceId: user.id,
      description: `Changed the second factor to ${pending.method}`,
      before: { mfaMethod: user.mfaMethod },
      after: { mfaMethod: pending.method },
      metadata: { revokedSessionCount: revoked.length },
    });
    return {
      success: true,
      message: `Your second factor is now ${pending.method === 'Email' ? 'email codes' : 'your authenticator app'}.`,
    };
  });
};
