import { pactClients } from '@tidewise/db/schema/pact';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { isUuid } from '../../../../lib/db.ts';
import { AppError, notFound } from '../../../../lib/errors.ts';
import type { PactClientRecord } from './pact-client-records.ts';

/**
 * Revokes credentials: they obtain no token from now on, and the host API refuses tokens they already hold. The row
 * is kept so the audit trail and the events it sent keep naming it. Revoking again is refused, so nobody believes
 * they revoked something that was already dead.
 */
export const revokePactClient = async (ctx: Context, id: string): Promise<PactClientRecord> => {
  const actor = requireActor(ctx);
  if (!isUuid(id)) throw notFound('PactClient', id);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pactClients)
      .where(and(eq(pactClients.id, id), eq(pactClients.organizationId, actor.organizationId)))
      .for('update')
      .limit(1);
    if (!before) throw notFound('PactClient', id);
    if (before.revokedAt)
      throw new AppError('CONFLICT', `The credentials "${before.name}" were already revoked on ${before.revokedAt.toISOString()}.`, {
        field: 'id',
      });
    const [after] = await tx
      .update(pactClients)
      .set({ revokedAt: new Date(), revokedByUserId: actor.userId })
      .where(eq(pactClients.id, id))
      .returning();
    if (!after) throw new Error('PACT client vanished while revoking');
    await recordAudit(tx, ctx, {
      resource: 'pactClient',
      resourceId: after.id,
      description: `Revoked the PACT API credentials "${after.name}" (client id ${after.clientId})`,
      before: { revokedAt: null },
      after: { revokedAt: after.revokedAt },
    });
    return after;
  });
};
