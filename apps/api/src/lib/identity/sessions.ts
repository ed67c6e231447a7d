import type { Executor } from '@tidewise/db/client';
import { handoffTokens, refreshTokens, sessions } from '@tidewise/db/schema/sessions';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppServices, RequestMeta } from '../../context.ts';
import { signAccessToken } from '../access-token.ts';
import { generateToken, hashToken } from '../crypto.ts';

/** The hand-off token only has to survive one redirect to /auth/callback. */
export const HANDOFF_TOKEN_TTL_MS = 2 * 60 * 1000;
/** Each rotation extends the chain by this much; an idle session ends after it. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The token the browser carries to /auth/callback after a completed sign-in. */
export const issueHandoffToken = async (db: Executor, userId: string) => {
  const token = generateToken();
  await db.insert(handoffTokens).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + HANDOFF_TOKEN_TTL_MS) });
  return token;
};

/** Consumes a hand-off token once; null when unknown, used or expired. */
export const consumeHandoffToken = async (db: Executor, token: string) => {
  const [row] = await db
    .update(handoffTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(handoffTokens.tokenHash, hashToken(token)), isNull(handoffTokens.usedAt)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
};

/**
 * The next link of a session's refresh chain; the session lives as long as its newest token.
 * Returns the token in clear (only its hash is stored) and when it expires, for the cookie's Max-Age.
 */
export const issueRefreshToken = async (db: Executor, sessionId: string): Promise<{ token: string; expiresAt: Date }> => {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token), expiresAt });
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return { token, expiresAt };
};

export const startSession = async (
  db: Executor,
  services: Pick<AppServices, 'secrets' | 'env'>,
  meta: RequestMeta,
  user: { userId: string; organizationId: string },
) => {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.userId,
      organizationId: user.organizationId,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  const refresh = await issueRefreshToken(db, session.id);
  const token = await signAccessToken(
    services.secrets.tokenSigningKey,
    { ...user, sessionId: session.id },
    services.env.ACCESS_TOKEN_TTL_SECONDS,
  );
  return { sessionId: session.id, token, refreshToken: refresh.token, refreshTokenExpiresAt: refresh.expiresAt };
};

export const revokeSession = async (db: Executor, sessionId: string, reason: string) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

export const revokeUserSessions = async (db: Executor, userId: string, reason: string) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
};
