import { passwordResets, users } from '@tidewise/db/schema/identity';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { revokeUserSessions } from '../../../../lib/identity/sessions.ts';
import { hashPassword } from '../../../../lib/identity/passwords.ts';
import { findPasswordReset } from '../password-resets.ts';

/**
 * Sets the new password of a validated reset (once) and signs the account out everywhere, since
 * whoever held the old password may hold a session too. A lock stays: it is lifted by time or an
 * administrator, not by email alone.
 */
export const passwordReset = async (ctx: Context, input: { token: string; password: string }) => {
  const reset = await findPasswordReset(ctx, input.token);
  if (!reset?.userId) throw new AppError('EXPIRED', AUTH_MESSAGES.resetExpired);
  if (!reset.validatedAt) throw new AppError('FORBIDDEN', AUTH_MESSAGES.resetNotValidated);
  const userId = reset.userId;
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length !== 1) throw new AppError('EXPIRED', AUTH_MESSAGES.resetExpired);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, 'password_reset');
  });
};
