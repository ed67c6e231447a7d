import { emissionRuns } from '@tidewise/db/schema/emissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';
import { filesReadableBy, RESPONSE_READABLE_STATUSES } from '../../../lib/request-access.ts';
import type { EmissionResultView } from '../../../schema/emissions.graphql.ts';
import { RESULT_COLUMNS, RESULT_JOINS, type ResultRow, resultViews } from '../results/result-view.ts';

/** `<generation>-<rowIndex>`, as DataEntry ids are written; null when the id is not one. */
export const parseEntryId = (id: string): { generation: number; rowIndex: number } | null => {
  const match = /^(\d{1,10})-(\d{1,10})$/.exec(id);
  if (!match) return null;
  const generation = Number(match[1]);
  const rowIndex = Number(match[2]);
  return generation > 0 && generation <= 2_147_483_647 && rowIndex <= 2_147_483_647 ? { generation, rowIndex } : null;
};

/**
 * Every result the organisation's runs keep for one entry, newest run first (each of its parts, in part order, when
 * decision 0018 splits it): the current run and the completed one before it, kept for audit (decision 0019). The entry must be one the caller reads now (its own, or a supplier's answer to one of its requests,
 * submitted or accepted), else NOT_FOUND, as for an unknown id.
 */
export const getEmissionResultHistory = async (ctx: Context, entryId: string): Promise<EmissionResultView[]> => {
  const actor = requireActor(ctx);
  const parsed = parseEntryId(entryId);
  if (!parsed) throw notFound('DataEntry', entryId);
  const { rows: readable } = (await ctx.db.execute(sql`
    SELECT 1 AS ok FROM data_entries e
    JOIN file_validations fv ON fv.entries_generation = e.generation
    JOIN files ON files.id = fv.file_id
    WHERE e.generation = ${parsed.generation}::int AND e.row_index = ${parsed.rowIndex}::int
      AND ${filesReadableBy(actor.organizationId, RESPONSE_READABLE_STATUSES)}
    LIMIT 1`)) as unknown as { rows: unknown[] };
  if (readable.length === 0) throw notFound('DataEntry', entryId);

  const { rows } = (await ctx.db.execute(sql`
    SELECT ${sql.raw(RESULT_COLUMNS)} ${sql.raw(RESULT_JOINS)}
    JOIN emission_runs er ON er.id = r.run_id
    WHERE r.generation = ${parsed.generation}::int AND r.row_index = ${parsed.rowIndex}::int
      AND er.organization_id = ${actor.organizationId}::uuid
      -- The runs kept for audit (decision 0019): the two newest completed ones. Older results are deleted by the job
      -- after it completes, and a run still working has only part of its results: neither is shown meanwhile.
      AND er.id IN (
        SELECT kept.id FROM emission_runs kept
        WHERE kept.organization_id = ${actor.organizationId}::uuid AND kept.status = 'completed'
        ORDER BY kept.created_at DESC, kept.id DESC LIMIT 2)
    ORDER BY er.created_at DESC, er.id, r.part`)) as unknown as { rows: ResultRow[] };
  if (rows.length === 0) return [];
  const runs = await ctx.db
    .select()
    .from(emissionRuns)
    .where(
      and(
        eq(emissionRuns.organizationId, actor.organizationId),
        inArray(
          emissionRuns.id,
          rows.map((row) => row.run_id),
        ),
      ),
    );
  return resultViews(ctx.db, actor.organizationId, new Map(runs.map((run) => [run.id, run])), rows);
};
