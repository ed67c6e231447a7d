import { randomUUID } from 'node:crypto';
import { pactEvents } from '@tidewise/db/schema/pact';
import { PACT_EVENT_TYPES } from '@tidewise/shared/pact/product-footprint';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { AppError } from '../../../../lib/errors.ts';
import { findConnectionForActor } from '../connection-records.ts';
import { connectPact, PactPartnerError } from '../pact-http-client.ts';

export type RequestFootprintsInput = { connectionId: string; productIds: readonly string[]; comment?: string | null };

const MAX_PRODUCT_IDS = 100;
const MAX_PRODUCT_ID_LENGTH = 500;
const MAX_COMMENT_LENGTH = 2000;

export type PactEventRecord = typeof pactEvents.$inferSelect;

/**
 * Asks a partner for footprints of products (a ProductFootprintRequest.Created.v1 CloudEvent posted to its
 * `/2/events`, the v2 text's `data.pf.productIds` and `comment`). The sent event is kept `processing` until the
 * partner's Fulfilled or Rejected answer arrives at our POST /2/events; when the partner cannot be reached or
 * refuses it, it is kept `failed` with the reason, which the answer shows.
 */
export const requestPactFootprints = async (ctx: Context, input: RequestFootprintsInput): Promise<PactEventRecord> => {
  const connection = await findConnectionForActor(ctx, input.connectionId);
  const productIds = [...new Set(input.productIds.map((p) => p.trim()).filter((p) => p.length > 0))];
  if (productIds.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Name at least one product id (for example urn:gtin:4712345060507).', { field: 'productIds' });
  if (productIds.length > MAX_PRODUCT_IDS)
    throw new AppError('VALIDATION_FAILED', `Ask for at most ${MAX_PRODUCT_IDS} product ids at once (there were ${productIds.length}).`, {
      field: 'productIds',
    });
  const tooLong = productIds.find((p) => p.length > MAX_PRODUCT_ID_LENGTH);
  if (tooLong)
    throw new AppError('VALIDATION_FAILED', `A product id may have at most ${MAX_PRODUCT_ID_LENGTH} characters.`, { field: 'productIds' });
  const comment = input.comment?.trim() ?? '';
  if (comment.length > MAX_COMMENT_LENGTH)
    throw new AppError('VALIDATION_FAILED', `The comment may have at most ${MAX_COMMENT_LENGTH} characters.`, { field: 'comment' });

  const eventId = randomUUID();
  const source = ctx.env.APP_URL;
  const data: Record<string, unknown> = { pf: { productIds }, comment };
  const event = { type: PACT_EVENT_TYPES.requestCreated, specversion: '1.0', id: eventId, source, time: new Date().toISOString(), data };
  const [stored] = await ctx.db
    .insert(pactEvents)
    .values({
      organizationId: connection.organizationId,
      direction: 'sent',
      connectionId: connection.id,
      eventType: event.type,
      eventId,
      source,
      data,
      status: 'processing',
      note: `Asked for ${productIds.length} product${productIds.length === 1 ? '' : 's'}`,
    })
    .returning();
  if (!stored) throw new Error('event not stored');

  let failure: string | null = null;
  try {
    await connectPact(ctx, connection).postEvent(event);
  } catch (error) {
    if (!(error instanceof PactPartnerError)) throw error;
    failure = error.message;
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = failure
      ? await tx
          .update(pactEvents)
          .set({ status: 'failed', note: failure, processedAt: new Date() })
          .where(eq(pactEvents.id, stored.id))
          .returning()
      : [stored];
    await recordAudit(tx, ctx, {
      resource: 'pact_event',
      resourceId: stored.id,
      status: failure ? 'failure' : 'success',
      description: failure
        ? `Could not ask the PACT connection "${connection.name}" for footprints: ${failure}`
        : `Asked the PACT connection "${connection.name}" for the footprints of ${productIds.length} product${productIds.length === 1 ? '' : 's'}`,
      after: { eventId, productIds, comment },
    });
    return row ?? stored;
  });
};
