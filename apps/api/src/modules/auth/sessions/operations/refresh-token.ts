import { refreshTokens, sessions } from '@tidewise/db/schema/sessions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { signAccessToken } from '../../../../lib/access-token.ts';
import { hashToken } from '../../../../lib/crypto.ts';
import { unauthenticated } from '../../../../lib/errors.ts';
import { writeLoginLog } from '../../../../lib/identity/login-log.ts';
import { consumeHandoffToken, issueRefreshToken, revokeSession, startSession } from '../../../../lib/identity/sessions.ts';
import { findPrimaryOrganizationId, findUserById, type UserRow } from '../../../../lib/identity/users.ts';
import { speakForOrganization } from '../../../../lib/identity/viewer-organizations.ts';
import { isLocked } from '../../../../lib/identity/locks.ts';

export type SessionResult = {
  /** The access token. */
  token: string;
  refreshToken: string;
  /** When `refreshToken` expires: the Max-Age of the refresh cookie. */
  refreshTokenExpiresAt: Date;
  user: UserRow;
};

/**
 * One call for both exchanges the browser makes: the one-time hand-off token from /auth/callback
 * starts a session; a refresh token is rotated (each works once). Presenting a refresh token that
 * was already used means it was copied: the whole session is revoked. Every refusal answers
 * UNAUTHENTICATED so the client goes to reauth.
 */
export const refreshToken = async (ctx: Context, token: string): Promise<SessionResult> => {
  const presented = token.trim();
  const handoff = presented ? await consumeHandoffToken(ctx.db, presented) : null;
  if (handoff) {
    const user = await findUserById(ctx.db, handoff.userId);
    const organizationId = user ? await findPrimaryOrganizationId(ctx.db, user.id) : null;
    if (!user || !organizationId || isLocked(user)) throw unauthenticated();
    const session = await startSession(ctx.db, ctx, ctx.requestMeta, { userId: user.id, organizationId });
    speakForOrganization(ctx, organizationId);
    return { token: session.token, refreshToken: session.refreshToken, refreshTokenExpiresAt: session.refreshTokenExpiresAt, user };
  }
  const [row] = presented
    ? await ctx.db
        .select({ refresh: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(presented)))
        .limit(1)
    : [];
  if (!row) throw unauthenticated();
  const { refresh, session } = row;
  const log = { userId: session.userId, organizationId: session.organizationId, method: 'refresh' as const, referenceId: session.id };
  const reuse = async () => {
    await revokeSession(ctx.db, session.id, 'refresh_token_reuse');
    await writeLoginLog(ctx.db, ctx.requestMeta, { ...log, status: 'failure', failureReason: 'refresh_token_reuse' });
    ctx.logger.warn({ sessionId: session.id }, 'refresh token reused: session revoked');
    return unauthenticated();
  };
  if (refresh.usedAt) throw await reuse();
  const now = Date.now();
  if (session.revokedAt || session.expiresAt.getTime() <= now || refresh.expiresAt.getTime() <= now) throw unauthenticated();
  const user = await findUserById(ctx.db, session.userId);
  if (!user || isLocked(user)) throw unauthenticated();
  const claimed = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, refresh.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length !== 1) throw await reuse();
  const next = await issueRefreshToken(ctx.db, session.id);
  const access = await signAccessToken(
    ctx.secrets.tokenSigningKey,
    { userId: user.id, organizationId: session.organizationId, sessionId: session.id },
    ctx.env.ACCESS_TOKEN_TTL_SECONDS,
  );
  speakForOrganization(ctx, session.organizationId);
  return { token: access, refreshToken: next.token, refreshTokenExpiresAt: next.expiresAt, user };
};
