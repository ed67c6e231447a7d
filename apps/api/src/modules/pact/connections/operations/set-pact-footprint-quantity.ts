import { pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { isUuid } from '../../../../lib/db.ts';
import { AppError, notFound } from '../../../../lib/errors.ts';
import { findConnectionForActor, type PactReceivedFootprintRecord } from '../connection-records.ts';
import { publishConnectionChange, queueEntriesRegeneration } from '../jobs.ts';

export type SetQuantityInput = { connectionId: string; footprintId: string; quantity: number | null };

/**
 * States how many declared units of a received footprint's product the organisation bought in its reference period
 * (null clears it). A footprint with a quantity makes a data entry of the supplier; the entries file is made again.
 */
export const setPactFootprintQuantity = async (ctx: Context, input: SetQuantityInput): Promise<PactReceivedFootprintRecord> => {
  const { quantity } = input;
  if (quantity !== null && (!Number.isFinite(quantity) || quantity < 0))
    throw new AppError('VALIDATION_FAILED', `The quantity must be a number of declared units of 0 or more (it was ${quantity}).`, {
      field: 'quantity',
    });
  const updated = await ctx.db.transaction(async (tx) => {
    const connection = await findConnectionForActor(ctx, input.connectionId, tx);
    if (!isUuid(input.footprintId)) throw notFound('PactReceivedFootprint', input.footprintId);
    const key = and(
      eq(pactReceivedFootprints.connectionId, connection.id),
      eq(pactReceivedFootprints.footprintId, input.footprintId.toLowerCase()),
    );
    const [before] = await tx.select().from(pactReceivedFootprints).where(key).for('update').limit(1);
    if (!before) throw notFound('PactReceivedFootprint', input.footprintId);
    const [row] = await tx.update(pactReceivedFootprints).set({ quantity, updatedAt: new Date() }).where(key).returning();
    if (!row) throw new Error('footprint vanished');
    const product = typeof before.document.productNameCompany === 'string' ? before.document.productNameCompany : before.footprintId;
    await recordAudit(tx, ctx, {
      resource: 'pact_received_footprint',
      resourceId: row.footprintId,
      description:
        quantity === null
          ? `Cleared the quantity bought of "${product}" (PACT connection "${connection.name}")`
          : `Set the quantity bought of "${product}" to ${quantity} (PACT connection "${connection.name}")`,
      before: { quantity: before.quantity },
      after: { quantity: row.quantity },
    });
    return { row, connection };
  });
  await queueEntriesRegeneration(ctx, updated.connection.id);
  publishConnectionChange(ctx, updated.connection);
  return updated.row;
};
