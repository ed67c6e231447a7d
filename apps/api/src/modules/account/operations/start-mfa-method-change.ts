import { mfaMethodChanges } from '@tidewise/db/schema/account';
import { MFA_CODE_TTL_MINUTES, type MfaMethod } from '@tidewise/shared/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { issueEmailCode } from '../../../lib/identity/email-codes.ts';
import { setupCodeEmail } from '../../../lib/identity/emails.ts';
import { assertNotLocked, lockedError, recordFailedAttempt } from '../../../lib/identity/lockout.ts';
import { writeLoginLog } from '../../../lib/identity/login-log.ts';
import { verifyPassword } from '../../../lib/identity/passwords.ts';
import { authRateLimits } from '../../../lib/identity/rate-limits.ts';
import { createTotpSetup } from '../../../lib/identity/totp.ts';
import { MFA_CHANGE_MESSAGES, type MfaMethodChangeStart, requireUser } from '../mfa-method-change.ts';

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
