import { passwordResets } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { hashToken } from '../../../lib/crypto.ts';

/** A reset by its token while it is open (not used, not expired); null otherwise, so callers answer one way for all. */
export const findPasswordReset = async (ctx: Context, token: string) => {
  const [reset] = await ctx.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token.trim())))
    .limit(1);
  if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) return null;
  return reset;
};
