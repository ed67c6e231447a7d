import { pactFootprints } from '@tidewise/db/schema/pact';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { isUuid } from '../../../../lib/db.ts';
import { notFound } from '../../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../../lib/pagination.ts';

export type PactFootprintRecord = typeof pactFootprints.$inferSelect;

export type PactFootprintFilter = { status?: 'Active' | 'Deprecated' | null; year?: number | null };

/** The organisation's published footprints, newest first; by status and by the year their reference period starts in. */
export const findPactFootprints = async (
  ctx: Context,
  filter: PactFootprintFilter,
  pagination: Pagination,
): Promise<Page<PactFootprintRecord>> => {
  const { organizationId } = requireActor(ctx);
  const conditions: SQL[] = [eq(pactFootprints.organizationId, organizationId)];
  if (filter.status) conditions.push(eq(pactFootprints.status, filter.status));
  if (filter.year !== null && filter.year !== undefined) {
    conditions.push(gte(pactFootprints.referencePeriodStart, new Date(Date.UTC(filter.year, 0, 1))));
    conditions.push(lt(pactFootprints.referencePeriodStart, new Date(Date.UTC(filter.year + 1, 0, 1))));
  }
  const where = and(...conditions);
  const [total] = await ctx.db.select({ count: count() }).from(pactFootprints).where(where);
  const rows = await ctx.db
    .select()
    .from(pactFootprints)
    .where(where)
    .orderBy(desc(pactFootprints.created), desc(pactFootprints.productKey), desc(pactFootprints.id))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return toPage(pagination, rows, total?.count ?? 0);
};

/** One published footprint of the organisation; another organisation's id answers NOT_FOUND like an unknown one. */
export const getPactFootprint = async (ctx: Context, id: string): Promise<PactFootprintRecord> => {
  const { organizationId } = requireActor(ctx);
  if (!isUuid(id)) throw notFound('PactFootprint', id);
  const [row] = await ctx.db
    .select()
    .from(pactFootprints)
    .where(and(eq(pactFootprints.id, id), eq(pactFootprints.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound('PactFootprint', id);
  return row;
};
