import { sessions } from '@tidewise/db/schema/sessions';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';

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
