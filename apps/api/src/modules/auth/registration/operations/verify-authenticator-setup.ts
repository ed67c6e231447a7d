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
 * Confirms a newly scanned authenticator with its first code (which is then spent, like every
 * TOTP code), enables it, and signs the user in (hand-off token for /auth/callback). Only an
 * unconfirmed setup can be confirmed: an enabled authenticator is used through validateMfa.
 */
export const verifyAuthenticatorSetup = async (ctx: Context, input: { userId: string; token: string }): Promise<{ token: string }> => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const user = isUuid(input.userId) ? await findUserById(ctx.db, input.userId) : null;
  if (!user?.passwordHash || user.mfaMethod !== 'Authenticator' || user.mfaEnabled || !user.totpSecretEncrypted) {
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: user?.id ?? null,
      method: 'Authenticator',
      status: 'failure',
      failureReason: 'no_pending_setup',
    });
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.authenticatorNotPending);
  }
  const organizationId = await findPrimaryOrganizationId(ctx.db, user.id);
  await assertNotLockedForSignIn(ctx, user, { organizationId, method: 'Authenticator' });
  await verifySecondFactor(ctx, { method: 'Authenticator', user, organizationId, code: input.token.trim() });
  await markSignInSucceeded(ctx.db, user.id, { mfaEnabled: true });
  await writeLoginLog(ctx.db, ctx.requestMeta, { userId: user.id, organizationId, method: 'Authenticator', status: 'success' });
  return { token: await issueHandoffToken(ctx.db, user.id) };
};
