import { refreshTokens, sessions } from '@tidewise/db/schema/sessions';
import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
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
