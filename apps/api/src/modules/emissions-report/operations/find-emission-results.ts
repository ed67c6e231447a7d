import { sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { currentEmissionRun } from '../../../lib/emission-runs.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import type { EmissionResultView } from '../../../schema/emissions.graphql.ts';
import { checkResultFilter, type ResultFilter } from '../results/result-filter.ts';
import { RESULT_COLUMNS, RESULT_JOINS, type ResultRow, resultViews } from '../results/result-view.ts';

/**
 * The drill-down behind every figure of the report: the current run's results of the period that the filter selects,
 * each with its entry, factors and rule, largest CO2e WtW first (then by entry and part: an entry decision 0018 splits
 * is two results, its tank-to-wake part under scope 1/2 and its well-to-tank part under category 3). Results whose entry is no longer
 * visible (its file validated again since the run) are left out; the next run replaces them.
 */
export const findEmissionResults = async (
  ctx: Context,
  input: { filter: ResultFilter; pagination: Pagination },
): Promise<Page<EmissionResultView>> => {
  const actor = requireActor(ctx);
  const checked = checkResultFilter(input.filter);
  const run = await currentEmissionRun(ctx.db, actor.organizationId);
  if (!run || checked.nothing) return toPage(input.pagination, [], 0);
  const where = sql`r.run_id = ${run.id}::uuid AND ${checked.where}`;
  // An entry is visible while its file's validation still shows its generation: checked on the few validations rather
  // than on each entry, and the page is chosen before its entries and names are read.
  const visible = sql`JOIN file_validations v ON v.file_id = r.file_id AND v.entries_generation = r.generation`;
  const [{ rows: counted }, { rows }] = (await Promise.all([
    ctx.db.execute(sql`SELECT count(*)::int AS n FROM emission_results r ${visible} WHERE ${where}`),
    ctx.db.execute(sql`WITH page AS MATERIALIZED (
        SELECT r.* FROM emission_results r ${visible} WHERE ${where}
        ORDER BY r.co2e_wtw_kg DESC, r.generation, r.row_index, r.part
        LIMIT ${input.pagination.pageSize}::int OFFSET ${pageOffset(input.pagination)}::int)
      SELECT ${sql.raw(RESULT_COLUMNS)} ${sql.raw(RESULT_JOINS.replace('FROM emission_results r', 'FROM page r'))}
      ORDER BY r.co2e_wtw_kg DESC, r.generation, r.row_index, r.part`),
  ])) as unknown as [{ rows: { n: number }[] }, { rows: ResultRow[] }];
  const views = await resultViews(ctx.db, actor.organizationId, new Map([[run.id, run]]), rows);
  return toPage(input.pagination, views, Number(counted[0]?.n ?? 0));
};
