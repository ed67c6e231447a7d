import { pactConnections, pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { isUuid } from '../../../../lib/db.ts';
import { notFound } from '../../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../../lib/pagination.ts';
import { findConnectionForActor, type PactConnectionRecord, type PactReceivedFootprintRecord } from '../connection-records.ts';

/** The organisation's connections, by name. */
export const findPactConnections = async (ctx: Context): Promise<PactConnectionRecord[]> => {
  const actor = requireActor(ctx);
  return ctx.db
    .select()
    .from(pactConnections)
    .where(eq(pactConnections.organizationId, actor.organizationId))
    .orderBy(asc(pactConnections.name), asc(pactConnections.id));
};

/** One connection of the organisation, or NOT_FOUND. */
export const getPactConnection = (ctx: Context, id: string) => findConnectionForActor(ctx, id);

export type ReceivedFootprintFilter = { connectionId?: string | null; status?: string | null };

/** Footprints the organisation received, newest first; a connection of another organisation answers NOT_FOUND. */
export const findPactReceivedFootprints = async (
  ctx: Context,
  filter: ReceivedFootprintFilter,
  pagination: Pagination,
): Promise<Page<PactReceivedFootprintRecord>> => {
  const actor = requireActor(ctx);
  const conditions: SQL[] = [eq(pactReceivedFootprints.organizationId, actor.organizationId)];
  if (filter.connectionId) {
    if (!isUuid(filter.connectionId)) throw notFound('PactConnection', filter.connectionId);
    const connection = await findConnectionForActor(ctx, filter.connectionId);
    conditions.push(eq(pactReceivedFootprints.connectionId, connection.id));
  }
  if (filter.status) conditions.push(eq(pactReceivedFootprints.status, filter.status));
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(pactReceivedFootprints).where(where);
  const rows = await ctx.db
    .select()
    .from(pactReceivedFootprints)
    .where(where)
    .orderBy(desc(pactReceivedFootprints.receivedAt), asc(pactReceivedFootprints.footprintId))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return toPage(pagination, rows, total?.n ?? 0);
};
