import { loginChallenges } from '@tidewise/db/schema/identity';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { writeLoginLog } from '../../../../lib/identity/login-log.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { assertNotLockedForSignIn, verifySecondFactor } from '../../../../lib/identity/second-factor.ts';
import { findPrimaryOrganizationId, findUserById } from '../../../../lib/identity/users.ts';
import { isUuid } from '../../../../lib/db.ts';

/**
 * Confirms the authenticator code of a pending sign-in (the spec's call takes only the code and the
 * user id). It marks the newest open Authenticator challenge of that user, preferring one opened
 * from the caller's address; loginValidate with that challenge's login token then completes it.
 */
export const validateMfa = async (ctx: Context, input: { token: string; userId: string }): Promise<{ success: true }> => {
  authRateLimits.code(ctx.requestMeta.ipAddress);
  const user = isUuid(input.userId) ? await findUserById(ctx.db, input.userId) : null;
  const open = user
    ? await ctx.db
        .select()
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.userId, user.id),
            eq(loginChallenges.method, 'Authenticator'),
            isNull(loginChallenges.usedAt),
            isNull(loginChallenges.secondFactorVerifiedAt),
            gt(loginChallenges.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(loginChallenges.createdAt))
        .limit(20)
    : [];
  const challenge = open.find((c) => c.ipAddress === ctx.requestMeta.ipAddress) ?? open[0];
  if (!user || !challenge) {
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: user?.id ?? null,
      method: 'Authenticator',
      status: 'failure',
      failureReason: 'no_pending_sign_in',
    });
    throw new AppError('EXPIRED', AUTH_MESSAGES.noPendingSignIn);
  }
  const organizationId = await findPrimaryOrganizationId(ctx.db, user.id);
  await assertNotLockedForSignIn(ctx, user, { organizationId, method: 'Authenticator', referenceId: challenge.id });
  await verifySecondFactor(ctx, { method: 'Authenticator', user, organizationId, code: input.token.trim(), referenceId: challenge.id });
  await ctx.db
    .update(loginChallenges)
    .set({ secondFactorVerifiedAt: new Date() })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)));
  return { success: true };
};
