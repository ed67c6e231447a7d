import { pactEvents } from '@tidewise/db/schema/pact';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { isUuid } from '../../../../lib/db.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../../lib/pagination.ts';

export type PactEventRecord = typeof pactEvents.$inferSelect;
export const PACT_EVENT_DIRECTIONS = ['received', 'sent'] as const;
export const PACT_EVENT_STATUSES = ['received', 'processing', 'processed', 'answered', 'failed'] as const;

export type PactEventFilter = { direction?: (typeof PACT_EVENT_DIRECTIONS)[number] | null; connectionId?: string | null };

/** The organisation's received and sent PACT events, newest first: what each did, or why not. */
export const findPactEvents = async (ctx: Context, filter: PactEventFilter, pagination: Pagination): Promise<Page<PactEventRecord>> => {
  const { organizationId } = requireActor(ctx);
  // Another organisation's connection id (or a malformed one) simply matches nothing.
  if (filter.connectionId && !isUuid(filter.connectionId)) return toPage(pagination, [], 0);
  const where = and(
    eq(pactEvents.organizationId, organizationId),
    filter.direction ? eq(pactEvents.direction, filter.direction) : undefined,
    filter.connectionId ? eq(pactEvents.connectionId, filter.connectionId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(pactEvents)
      .where(where)
      .orderBy(desc(pactEvents.createdAt), desc(pactEvents.id))
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db.select({ value: count() }).from(pactEvents).where(where),
  ]);
  return toPage(pagination, rows, total?.value ?? 0);
};
