import { refreshTokens } from '@tidewise/db/schema/sessions';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { hashToken } from '../../../../lib/crypto.ts';
import { revokeSession, revokeUserSessions } from '../../../../lib/identity/sessions.ts';

export type LogoutInput = { refreshToken?: string | null; allSessions?: boolean | null };

/**
 * Ends the caller's session (named by the access token, or by the refresh token when the access
 * token has already expired), or every session of the user with `allSessions`. Idempotent.
 */
export const logout = async (ctx: Context, input: LogoutInput | null | undefined) => {
  if (ctx.actor) {
    if (input?.allSessions) await revokeUserSessions(ctx.db, ctx.actor.userId, 'logout_all');
    else await revokeSession(ctx.db, ctx.actor.sessionId, 'logout');
  }
  const presented = input?.refreshToken?.trim();
  if (presented) {
    const [row] = await ctx.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .limit(1);
    if (row) await revokeSession(ctx.db, row.sessionId, 'logout');
  }
};
