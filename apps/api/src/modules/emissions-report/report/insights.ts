import {
  hotspots,
  projectYearEnd,
  supplierBenchmarks,
  supplierDataQuality,
  yearOnYearChange,
} from '@tidewise/shared/emissions/calculate/report-math';
import { FILE_CATEGORIES } from '@tidewise/shared/uploads';
import { oneOf } from '../../../schema/emissions.graphql.ts';
import { type Breakdown, breakdownOf, type MonthFigures, type Totals } from './aggregate.ts';
import type { ReportCell } from './cells.ts';
import { OWN_KEY } from './labels.ts';
import type { Period } from './period.ts';
import type { EmissionReportView } from './report-view.ts';

export type InsightsInput = {
  /** Per route, per supplier, method and quality, and per supplier and file category (with activity only). */
  routes: readonly ReportCell[];
  supplierQuality: readonly ReportCell[];
  supplierActivity: readonly ReportCell[];
  period: Period;
  at: Date;
  totals: Totals;
  previousTotals: Totals | null;
  byMonth: readonly MonthFigures[];
  bySupplier: readonly Breakdown[];
  byVessel: readonly Breakdown[];
  supplierLabel: (key: string) => string;
};

type Insights = Pick<EmissionReportView, 'hotspots' | 'projection' | 'supplierQuality' | 'supplierBenchmarks' | 'yearOnYearChange'>;

/**
 * What the report reads from its sums with the shared report arithmetic (calculate/report-math.ts): the hotspots per
 * dimension (the organisation's own data is not a supplier, so it is no supplier hotspot; shares are of the period's
 * whole total), the year-end projection, the change on the previous year, each supplier's DQR and its intensity
 * among the other suppliers of its file category.
 */
export const reportInsights = (input: InsightsInput): Insights => {
  const total = input.totals.co2eWtwKg;
  const items = (slices: readonly Breakdown[]) => slices.map(({ key, label, co2eWtwKg }) => ({ key, label, co2eWtwKg }));
  const routes = breakdownOf(
    input.routes,
    (cell) => cell.route,
    (key) => key,
    total,
  );
  return {
    hotspots: [
      ...hotspots('supplier', items(input.bySupplier.filter((slice) => slice.key !== OWN_KEY)), total),
      ...hotspots('vessel', items(input.byVessel), total),
      ...hotspots('route', items(routes), total),
    ].map((spot) => ({ ...spot, dimension: spot.dimension as 'supplier' | 'vessel' | 'route' })),
    projection: projectYearEnd({
      months: input.byMonth,
      periodStart: input.period.start,
      periodEnd: input.period.end,
      today: input.at.toISOString().slice(0, 10),
    }),
    yearOnYearChange: yearOnYearChange(total, input.previousTotals?.co2eWtwKg ?? null),
    supplierQuality: supplierDataQuality(input.supplierQuality).map((quality) => ({
      ...quality,
      label: input.supplierLabel(quality.supplierOrganizationId),
    })),
    supplierBenchmarks: supplierBenchmarks(input.supplierActivity).map((benchmark) => ({
      ...benchmark,
      category: oneOf(FILE_CATEGORIES, benchmark.category, 'unknown'),
      label: input.supplierLabel(benchmark.supplierOrganizationId),
    })),
  };
};
