import { emissionRuns } from '@tidewise/db/schema/emissions';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { dispatchEmissionRun, type EmissionRunRecord, queueEmissionRun } from '../../../lib/emission-runs.ts';
import { notFound } from '../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';

/** The organisation's runs, newest first (every run's row is kept, whatever became of its results). */
export const findEmissionRuns = async (ctx: Context, pagination: Pagination): Promise<Page<EmissionRunRecord>> => {
  const { organizationId } = requireActor(ctx);
  const ofOrganization = eq(emissionRuns.organizationId, organizationId);
  const [total] = await ctx.db.select({ count: count() }).from(emissionRuns).where(ofOrganization);
  const rows = await ctx.db
    .select()
    .from(emissionRuns)
    .where(ofOrganization)
    .orderBy(desc(emissionRuns.createdAt), desc(emissionRuns.id))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return toPage(pagination, rows, total?.count ?? 0);
};

/** One run of the caller's organisation; another organisation's answers NOT_FOUND like an unknown id. */
export const getEmissionRun = async (ctx: Context, id: string): Promise<EmissionRunRecord> => {
  const { organizationId } = requireActor(ctx);
  if (!isUuid(id)) throw notFound('EmissionRun', id);
  const [run] = await ctx.db
    .select()
    .from(emissionRuns)
    .where(and(eq(emissionRuns.id, id), eq(emissionRuns.organizationId, organizationId)))
    .limit(1);
  if (!run) throw notFound('EmissionRun', id);
  return run;
};

/** Queues a run of the whole organisation on request, or answers the one already waiting (it will read the same data). */
export const recomputeEmissions = async (ctx: Context): Promise<EmissionRunRecord> => {
  const actor = requireActor(ctx);
  const { run, created } = await ctx.db.transaction(async (tx) => {
    const queued = await queueEmissionRun(tx, actor.organizationId, 'requested', actor.userId);
    await recordAudit(tx, ctx, {
      resource: 'emissionRun',
      resourceId: queued.run.id,
      description: queued.created
        ? 'Asked for the emissions to be recomputed'
        : 'Asked for the emissions to be recomputed (a run was already waiting)',
      before: null,
      after: { status: queued.run.status, reason: queued.run.reason },
    });
    return queued;
  });
  await dispatchEmissionRun(ctx, run, created);
  return run;
};
