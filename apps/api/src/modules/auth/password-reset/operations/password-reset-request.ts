import { passwordResets } from '@tidewise/db/schema/identity';
import { RESET_CODE_TTL_MINUTES } from '@tidewise/shared/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { generateToken, hashToken } from '../../../../lib/crypto.ts';
import { issueEmailCode } from '../../../../lib/identity/email-codes.ts';
import { resetCodeEmail } from '../../../../lib/identity/emails.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { findUserByEmail, normalizeEmail } from '../../../../lib/identity/users.ts';

/**
 * Starts a password reset and answers with its token, in the same shape whether or not the email
 * belongs to an account (no enumeration): an unknown email gets a reset that no code can ever
 * validate. Earlier open resets of the email die, so only the newest code works. The email leaves
 * in the background so both answers take the same time.
 */
export const passwordResetRequest = async (ctx: Context, input: { authKey: string }): Promise<string> => {
  authRateLimits.reset(ctx.requestMeta.ipAddress);
  const email = normalizeEmail(input.authKey);
  const found = await findUserByEmail(ctx.db, email);
  const user = found?.passwordHash ? found : null;
  await ctx.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.email, email), isNull(passwordResets.usedAt)));
  const token = generateToken();
  const [reset] = await ctx.db
    .insert(passwordResets)
    .values({
      tokenHash: hashToken(token),
      email,
      userId: user?.id ?? null,
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    })
    .returning({ id: passwordResets.id });
  if (user && reset) {
    const code = await issueEmailCode(
      ctx.db,
      ctx.secrets.encryptionKey,
      { purpose: 'reset', userId: user.id, passwordResetId: reset.id },
      RESET_CODE_TTL_MINUTES,
    );
    ctx.mailer
      .send(resetCodeEmail(user.email, code))
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'password reset email failed'));
  }
  return token;
};
