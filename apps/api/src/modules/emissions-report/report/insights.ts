import type { Breakdown, MonthFigures, Totals } from './aggregate.ts';
import type { ReportCell } from './cells.ts';
import type { Period } from './period.ts';
import type { EmissionReportView } from './report-view.ts';

export type InsightsInput = {
  cells: readonly ReportCell[];
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

// PENDING: wired to packages/shared/src/emissions/calculate/report-math.ts once it lands.
export const reportInsights = (input: InsightsInput): Insights => ({
  hotspots: [],
  projection: null,
  supplierQuality: [],
  supplierBenchmarks: [],
  yearOnYearChange:
    input.previousTotals && input.previousTotals.co2eWtwKg > 0
      ? (input.totals.co2eWtwKg - input.previousTotals.co2eWtwKg) / input.previousTotals.co2eWtwKg
      : null,
});
