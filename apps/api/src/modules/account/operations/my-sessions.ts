import { refreshTokens, sessions } from '@tidewise/db/schema/sessions';
import { and, desc, eq, gt, isNull, max, ne } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { parseUserAgent } from '../../../lib/user-agent.ts';

export type AccountSession = {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  ipAddress: string | null;
  browser: string | null;
  os: string | null;
  current: boolean;
};

const requireActor = (ctx: Context) => {
  if (!ctx.actor) throw new Error('authScopes guarantee an actor');
  return ctx.actor;
};

/** The signed-in user's live sessions, most recently used first, the current one marked. */
export const listMySessions = async (ctx: Context): Promise<AccountSession[]> => {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      lastRefresh: max(refreshTokens.createdAt),
    })
    .from(sessions)
    .leftJoin(refreshTokens, eq(refreshTokens.sessionId, sessions.id))
    .where(and(eq(sessions.userId, actor.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .groupBy(sessions.id)
    .orderBy(desc(max(refreshTokens.createdAt)));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    lastUsedAt: row.lastRefresh ? new Date(row.lastRefresh) : row.createdAt,
    ipAddress: row.ipAddress,
    ...parseUserAgent(row.userAgent),
    current: row.id === actor.sessionId,
  }));
};

/** Signs the user out everywhere but here: every other live session is revoked at once. */
export const revokeOtherSessions = async (ctx: Context): Promise<number> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'signed_out_elsewhere' })
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAudit(tx, ctx, {
      resource: 'session',
      resourceId: actor.userId,
      description: `Signed out of ${revoked.length} other session${revoked.length === 1 ? '' : 's'}`,
      metadata: { revokedSessionIds: revoked.map((r) => r.id) },
    });
    return revoked.length;
  });
};
