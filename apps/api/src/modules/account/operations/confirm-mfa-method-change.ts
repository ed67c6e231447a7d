import { mfaMethodChanges } from '@tidewise/db/schema/account';
import { users } from '@tidewise/db/schema/identity';
import { sessions } from '@tidewise/db/schema/sessions';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { assertNotLocked, lockedError, recordFailedAttempt } from '../../../lib/identity/lockout.ts';
import { writeLoginLog } from '../../../lib/identity/login-log.ts';
import { authRateLimits } from '../../../lib/identity/rate-limits.ts';
import { verifySecondFactor } from '../../../lib/identity/second-factor.ts';
import { matchTotpCode } from '../../../lib/identity/totp.ts';
import { MFA_CHANGE_MESSAGES, requireUser } from '../mfa-method-change.ts';

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
