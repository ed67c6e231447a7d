import { loginChallenges } from '@tidewise/db/schema/identity';
import { LOGIN_TOKEN_TTL_MINUTES, MFA_CODE_TTL_MINUTES, type MfaMethod } from '@tidewise/shared/auth';
import type { Context } from '../../../../context.ts';
import { generateToken, hashToken } from '../../../../lib/crypto.ts';
import { AppError } from '../../../../lib/errors.ts';
import { issueEmailCode } from '../../../../lib/identity/email-codes.ts';
import { loginCodeEmail } from '../../../../lib/identity/emails.ts';
import { assertNotLocked, lockedError, recordFailedAttempt } from '../../../../lib/identity/lockout.ts';
import { writeLoginLog } from '../../../../lib/identity/login-log.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { verifyAgainstNoAccount, verifyPassword } from '../../../../lib/identity/passwords.ts';
import { findPrimaryOrganizationId, findUserByEmail } from '../../../../lib/identity/users.ts';

export type LoginInput = { authKey: string; authSecret: string };
export type LoginResult = { token: string; userId: string; mfaRequired: true; mfaMethod: MfaMethod };

/**
 * First step of sign-in. A correct password never signs in by itself: it opens a login challenge
 * (opaque token, single use, 10 minutes) that only a second factor completes. For the Email method
 * the code is sent now. Every attempt is logged; failures count towards the lockout.
 */
export const login = async (ctx: Context, input: LoginInput): Promise<LoginResult> => {
  authRateLimits.signIn(ctx.requestMeta.ipAddress);
  const found = await findUserByEmail(ctx.db, input.authKey);
  if (!found?.passwordHash) {
    await verifyAgainstNoAccount(input.authSecret);
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      userId: found?.id ?? null,
      method: 'password',
      status: 'failure',
      failureReason: found ? 'not_registered' : 'unknown_email',
    });
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidCredentials);
  }
  const organizationId = await findPrimaryOrganizationId(ctx.db, found.id);
  const log = { userId: found.id, organizationId, method: 'password' as const };
  let user = found;
  try {
    user = await assertNotLocked(ctx.db, found);
  } catch (error) {
    await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'failure', failureReason: 'locked' });
    throw error;
  }
  if (!(await verifyPassword(user.passwordHash, input.authSecret))) {
    const { locked } = await recordFailedAttempt(ctx.db, user.id);
    await writeLoginLog(ctx.db, ctx.requestMeta, {
      ...log,
      status: 'failure',
      failureReason: locked ? 'wrong_password_locked' : 'wrong_password',
    });
    if (locked) throw lockedError();
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidCredentials);
  }
  if (!organizationId) {
    await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'failure', failureReason: 'no_organization' });
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidCredentials);
  }
  // An authenticator that was never confirmed cannot be trusted yet: fall back to an email code.
  const method: MfaMethod = user.mfaMethod === 'Authenticator' && user.mfaEnabled && user.totpSecretEncrypted ? 'Authenticator' : 'Email';
  const token = generateToken();
  const [challenge] = await ctx.db
    .insert(loginChallenges)
    .values({
      tokenHash: hashToken(token),
      userId: user.id,
      method,
      ipAddress: ctx.requestMeta.ipAddress,
      expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MINUTES * 60_000),
    })
    .returning({ id: loginChallenges.id });
  if (!challenge) throw new Error('login challenge insert returned nothing');
  if (method === 'Email') {
    const code = await issueEmailCode(
      ctx.db,
      ctx.secrets.encryptionKey,
      { purpose: 'login', userId: user.id, loginChallengeId: challenge.id },
      MFA_CODE_TTL_MINUTES,
    );
    await ctx.mailer.send(loginCodeEmail(user.email, code));
  }
  await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'mfa_required', referenceId: challenge.id });
  return { token, userId: user.id, mfaRequired: true, mfaMethod: method };
};
