import { passwordResets } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { checkEmailCode } from '../../../../lib/identity/email-codes.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { findPasswordReset } from '../password-resets.ts';

/**
 * Checks the emailed reset code (6 digits, 15 minutes, at most 5 wrong tries, once). A valid code
 * marks the reset as validated; passwordReset then accepts the new password.
 */
export const passwordResetValidate = async (ctx: Context, input: { token: string; code: string }) => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const reset = await findPasswordReset(ctx, input.token);
  if (!reset) throw new AppError('EXPIRED', AUTH_MESSAGES.invalidOrExpiredCode);
  const outcome = reset.userId
    ? await checkEmailCode(
        ctx.db,
        ctx.secrets.encryptionKey,
        { purpose: 'reset', userId: reset.userId, passwordResetId: reset.id },
        input.code.trim(),
      )
    : 'invalid';
  if (outcome === 'expired') throw new AppError('EXPIRED', AUTH_MESSAGES.invalidOrExpiredCode);
  if (outcome === 'invalid') throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidOrExpiredCode, { field: 'code' });
  await ctx.db.update(passwordResets).set({ validatedAt: new Date() }).where(eq(passwordResets.id, reset.id));
};
