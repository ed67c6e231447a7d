import { emissionRuns } from '@tidewise/db/schema/emissions';
import { organizations } from '@tidewise/db/schema/organizations';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { readEmissionSettings } from '../../../lib/emission-runs.ts';
import { gwpSetOf } from '../../../schema/emissions.graphql.ts';
import { breakdownOf, monthlyOf, namedBreakdownOf, primaryShareOf, totalsOfMonths } from '../report/aggregate.ts';
import { emptySums, type ReportCell, readCellTotals, readReportSums } from '../report/cells.ts';
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

/** The first name any cell gives each ship (a ship's rows may leave the name out). */
const vesselNames = (cells: readonly ReportCell[]): Map<string, string> => {
  const names = new Map<string, string>();
  for (const cell of cells) if (cell.vesselImo && cell.vesselName && !names.has(cell.vesselImo)) names.set(cell.vesselImo, cell.vesselName);
  return names;
};

/**
 * The organisation's Scope 3 report of a period, from the report cells of its current run only, summed in SQL by each
 * dimension (a few hundred rows, whatever the number of entries behind them): totals, the slices, the months, the data
 * quality, the coverage of its requests, the hotspots, the same period a year earlier and the year-end projection, all
 * of Scope 3 only; and apart, the scope 1/2 the same entries hold (the tank-to-wake fuel of ships the organisation
 * operates, decision 0018), which is never part of those figures. docs/emissions-report.md.
 */
export const getEmissionReport = async (ctx: Reader, input: { periodStart: string; periodEnd: string }): Promise<EmissionReportView> => {
  const actor = requireActor(ctx);
  const period = parsePeriod(input.periodStart, input.periodEnd, { start: 'input.periodStart', end: 'input.periodEnd' });
  const previous = shiftPeriod(period, -1);
  const at = now();
  const [settings, coverage] = await Promise.all([
    readEmissionSettings(ctx.db, actor.organizationId),
    readCoverage(ctx.db, actor.organizationId, period, at),
  ]);
  const runId = settings.currentRunId;
  const [runs, sums, previousTotals, scope12] = runId
    ? await Promise.all([
        ctx.db
          .select()
          .from(emissionRuns)
          .where(and(eq(emissionRuns.id, runId), eq(emissionRuns.organizationId, actor.organizationId)))
          .limit(1),
        readReportSums(ctx.db, runId, period.months[0] as string, period.months.at(-1) as string),
        readCellTotals(ctx.db, runId, previous.months[0] as string, previous.months.at(-1) as string, 'scope3'),
        readCellTotals(ctx.db, runId, period.months[0] as string, period.months.at(-1) as string, 'scope_1_2'),
      ])
    : [[], emptySums(), null, null];
  const run = runs[0] ?? null;
  const names = await supplierNames(ctx, sums.suppliers);
  const supplierLabel = (key: string) => (key === OWN_KEY ? OWN_LABEL : (names.get(key) ?? key));
  const shipNames = vesselNames(sums.vessels);

  const totals = totalsOfMonths(sums.months);
  const total = totals.co2eWtwKg;
  const bySupplier = breakdownOf(sums.suppliers, (cell) => cell.supplierOrganizationId ?? OWN_KEY, supplierLabel, total);
  const byVessel = breakdownOf(
    sums.vessels,
    (cell) => cell.vesselImo,
    (imo) => vesselLabel(imo, shipNames.get(imo) ?? null),
    total,
  );
  const byMonth = monthlyOf(sums.months, period.months);
  const insights = reportInsights({
    routes: sums.routes,
    supplierQuality: sums.supplierQuality,
    supplierActivity: sums.supplierActivity,
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
    scope12: scope12 ?? { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 0, computedEntries: 0, notComputedEntries: 0 },
    previousPeriod: previousTotals,
    primaryDataShare: primaryShareOf(sums.qualities),
    byCategory: namedBreakdownOf(sums.categories, (cell) => cell.scope3, CATEGORY_LABELS, total),
    bySupplier,
    byVessel,
    byMethod: namedBreakdownOf(sums.methods, (cell) => cell.method, METHOD_LABELS, total),
    byDataQuality: namedBreakdownOf(sums.qualities, (cell) => cell.dataQuality, QUALITY_LABELS, total),
    byMonth,
    coverage,
    ...insights,
  };
};
