import { loginChallenges } from '@tidewise/db/schema/identity';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { hashToken } from '../../../../lib/crypto.ts';
import { AppError } from '../../../../lib/errors.ts';
import { assertNotLocked } from '../../../../lib/identity/lockout.ts';
import { writeLoginLog } from '../../../../lib/identity/login-log.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { markSignInSucceeded, verifySecondFactor } from '../../../../lib/identity/second-factor.ts';
import { issueHandoffToken } from '../../../../lib/identity/sessions.ts';
import { findPrimaryOrganizationId, findUserById } from '../../../../lib/identity/users.ts';

/**
 * Completes a sign-in: `<loginToken>:<code>` checks the code now (Email method; an authenticator
 * code works too), a bare `<loginToken>` needs a second factor already confirmed by validateMfa.
 * Anything else is refused, so a password alone never yields a session. Returns the one-time
 * hand-off token for /auth/callback.
 */
export const loginValidate = async (ctx: Context, input: { token: string }): Promise<{ token: string }> => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const separator = input.token.indexOf(':');
  const loginToken = separator === -1 ? input.token.trim() : input.token.slice(0, separator).trim();
  const code = separator === -1 ? null : input.token.slice(separator + 1).trim();
  const [challenge] = await ctx.db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, hashToken(loginToken)))
    .limit(1);
  const user = challenge ? await findUserById(ctx.db, challenge.userId) : null;
  if (!challenge || !user || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now()) {
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: user?.id ?? null,
      method: 'password',
      status: 'failure',
      failureReason: 'login_token_invalid',
      referenceId: challenge?.id ?? null,
    });
    throw new AppError('EXPIRED', AUTH_MESSAGES.loginExpired);
  }
  const method = challenge.method === 'Authenticator' ? 'Authenticator' : 'Email';
  const organizationId = await findPrimaryOrganizationId(ctx.db, user.id);
  const log = { userId: user.id, organizationId, method, referenceId: challenge.id } as const;
  try {
    await assertNotLocked(ctx.db, user);
  } catch (error) {
    await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'failure', failureReason: 'locked' });
    throw error;
  }
  if (code !== null) {
    await verifySecondFactor(ctx, {
      user,
      organizationId,
      code,
      referenceId: challenge.id,
      ...(method === 'Email' ? { method, binding: { purpose: 'login', userId: user.id, loginChallengeId: challenge.id } } : { method }),
    });
  } else if (!challenge.secondFactorVerifiedAt) {
    await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'failure', failureReason: 'second_factor_missing' });
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.secondFactorRequired);
  }
  const used = await ctx.db
    .update(loginChallenges)
    .set({ usedAt: new Date(), secondFactorVerifiedAt: challenge.secondFactorVerifiedAt ?? new Date() })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (used.length !== 1) throw new AppError('EXPIRED', AUTH_MESSAGES.loginExpired);
  await markSignInSucceeded(ctx.db, user.id, method === 'Email' && user.mfaMethod === 'Email' ? { mfaEnabled: true } : {});
  await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'success' });
  return { token: await issueHandoffToken(ctx.db, user.id) };
};
