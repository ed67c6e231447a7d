import { organizations } from '@tidewise/db/schema/organizations';
import { inArray, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { currentEmissionRun, readEmissionSettings } from '../../../lib/emission-runs.ts';
import { gwpSetOf } from '../../../schema/emissions.graphql.ts';
import { breakdownOf, monthlyOf, primaryShareOf, totalsOf } from '../report/aggregate.ts';
import { type ReportCell, readCells } from '../report/cells.ts';
import { readCoverage } from '../report/coverage.ts';
import { reportInsights } from '../report/insights.ts';
import { CATEGORY_LABELS, METHOD_LABELS, OWN_KEY, OWN_LABEL, QUALITY_LABELS, vesselLabel } from '../report/labels.ts';
import { parsePeriod, shiftPeriod } from '../report/period.ts';
import type { EmissionReportView } from '../report/report-view.ts';

/** The report is read by a request (the caller) or by an export link (the organisation it names). */
type Reader = Pick<Context, 'db' | 'actor'>;

/** The names of the supplier organisations the cells name. */
const supplierNames = async (ctx: Reader, cells: readonly ReportCell[]): Promise<Map<string, string>> => {
  const ids = [...new Set(cells.map((cell) => cell.supplierOrganizationId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** Whether the run computed anything for the months (a previous period without cells is "nothing computed"). */
const anyCells = async (ctx: Reader, runId: string, first: string, last: string) => {
  const { rows } = (await ctx.db.execute(sql`
    SELECT 1 AS found FROM emission_report_cells
    WHERE run_id = ${runId}::uuid AND month >= ${first}::date AND month <= ${last}::date LIMIT 1`)) as unknown as { rows: unknown[] };
  return rows.length > 0;
};

/**
 * The organisation's Scope 3 report of a period, from the report cells of its current run only (a few hundred rows,
 * whatever the number of entries behind them): totals, the slices, the months, the data quality, the coverage of its
 * requests, the hotspots, the same period a year earlier and the year-end projection. docs/emissions-report.md.
 */
export const getEmissionReport = async (ctx: Reader, input: { periodStart: string; periodEnd: string }): Promise<EmissionReportView> => {
  const actor = requireActor(ctx);
  const period = parsePeriod(input.periodStart, input.periodEnd, { start: 'input.periodStart', end: 'input.periodEnd' });
  const first = period.months[0] as string;
  const last = period.months[period.months.length - 1] as string;
  const at = now();
  const [run, settings, coverage] = await Promise.all([
    currentEmissionRun(ctx.db, actor.organizationId),
    readEmissionSettings(ctx.db, actor.organizationId),
    readCoverage(ctx.db, actor.organizationId, period, at),
  ]);
  const previous = shiftPeriod(period, -1);
  const previousFirst = previous.months[0] as string;
  const previousLast = previous.months[previous.months.length - 1] as string;
  const [cells, previousCells] = run
    ? await Promise.all([
        readCells(ctx.db, run.id, first, last),
        anyCells(ctx, run.id, previousFirst, previousLast).then((found) =>
          found ? readCells(ctx.db, run.id, previousFirst, previousLast) : null,
        ),
      ])
    : [[], null];
  const names = await supplierNames(ctx, cells);
  const supplierLabel = (key: string) => (key === OWN_KEY ? OWN_LABEL : (names.get(key) ?? key));

  const totals = totalsOf(cells);
  const total = totals.co2eWtwKg;
  const bySupplier = breakdownOf(cells, (cell) => cell.supplierOrganizationId ?? OWN_KEY, supplierLabel, total);
  const byVessel = breakdownOf(
    cells,
    (cell) => cell.vesselImo,
    (imo, cell) => vesselLabel(imo, cells.find((c) => c.vesselImo === imo && c.vesselName)?.vesselName ?? cell.vesselName),
    total,
  );
  const byMonth = monthlyOf(cells, period.months);
  const previousTotals = previousCells ? totalsOf(previousCells) : null;
  const insights = reportInsights({
    cells,
    period,
    at,
    totals,
    previousTotals,
    byMonth,
    bySupplier,
    byVessel,
    supplierLabel,
  });
  return {
    periodStart: period.start,
    periodEnd: period.end,
    run,
    gwpSet: gwpSetOf(run?.gwpSet ?? settings.gwpSet),
    totals,
    previousPeriod: previousTotals,
    primaryDataShare: primaryShareOf(cells),
    byCategory: breakdownOf(
      cells,
      (cell) => cell.scope3,
      (key) => CATEGORY_LABELS[key as keyof typeof CATEGORY_LABELS] ?? key,
      total,
    ),
    bySupplier,
    byVessel,
    byMethod: breakdownOf(
      cells,
      (cell) => cell.method,
      (key) => METHOD_LABELS[key as keyof typeof METHOD_LABELS] ?? key,
      total,
    ),
    byDataQuality: breakdownOf(
      cells,
      (cell) => cell.dataQuality,
      (key) => QUALITY_LABELS[key as keyof typeof QUALITY_LABELS] ?? key,
      total,
    ),
    byMonth,
    coverage,
    ...insights,
  };
};
