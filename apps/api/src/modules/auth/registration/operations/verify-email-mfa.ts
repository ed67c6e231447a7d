import type { Context } from '../../../../context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { writeLoginLog } from '../../../../lib/identity/login-log.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { assertNotLockedForSignIn, markSignInSucceeded, verifySecondFactor } from '../../../../lib/identity/second-factor.ts';
import { issueHandoffToken } from '../../../../lib/identity/sessions.ts';
import { findPrimaryOrganizationId, findUserById } from '../../../../lib/identity/users.ts';
import { isUuid } from '../../../../lib/db.ts';

/**
 * Confirms the Email method after registration or organisation sign-up with the code emailed by
 * it, and signs the user in (hand-off token for /auth/callback). Only an unconfirmed setup can be
 * confirmed: otherwise anyone knowing a user id could spend that user's failed-attempt budget.
 */
export const verifyEmailMfa = async (ctx: Context, input: { userId: string; code: string }): Promise<{ token: string }> => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const user = isUuid(input.userId) ? await findUserById(ctx.db, input.userId) : null;
  if (!user?.passwordHash || user.mfaMethod !== 'Email' || user.mfaEnabled) {
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: user?.id ?? null,
      method: 'Email',
      status: 'failure',
      failureReason: 'no_pending_setup',
    });
    throw new AppError('EXPIRED', AUTH_MESSAGES.invalidOrExpiredCode);
  }
  const organizationId = await findPrimaryOrganizationId(ctx.db, user.id);
  await assertNotLockedForSignIn(ctx, user, { organizationId, method: 'Email' });
  await verifySecondFactor(ctx, {
    method: 'Email',
    user,
    organizationId,
    code: input.code.trim(),
    binding: { purpose: 'setup', userId: user.id },
  });
  await markSignInSucceeded(ctx.db, user.id, { mfaEnabled: true });
  await writeLoginLog(ctx.db, ctx.requestMeta, { userId: user.id, organizationId, method: 'Email', status: 'success' });
  return { token: await issueHandoffToken(ctx.db, user.id) };
};
