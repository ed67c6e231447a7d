import type { BarDatum, MonthDatum, ParetoDatum } from './emission-charts.tsx';
import { monthLabel, percent, SCOPE3_SHORT_LABELS, tonnesText } from './emission-format.ts';
import type { EmissionBreakdown, EmissionHotspot, EmissionReport, Scope3Category } from './graphql.ts';

/**
 * What the report's charts draw, from the report as the API answers it. Pure, so the figures (and the
 * words a screen reader hears for each chart) are tested without drawing anything.
 */

const toTonnes = (kg: number) => kg / 1000;

/** Categories largest first; a category's key is the Scope3Category the drill-down filters by. */
export const categoryBars = (byCategory: readonly EmissionBreakdown[]): BarDatum[] =>
  [...byCategory]
    .sort((a, b) => b.co2eWtwKg - a.co2eWtwKg)
    .map((slice) => ({
      key: slice.key,
      label: SCOPE3_SHORT_LABELS[slice.key as Scope3Category] ?? slice.label,
      tonnes: toTonnes(slice.co2eWtwKg),
    }));

/** The twelve months of the period's year, each with the months' reported tonnes or, after them, the projection's share. */
export const monthBars = (report: Pick<EmissionReport, 'periodStart' | 'byMonth' | 'projection'>): MonthDatum[] => {
  const year = report.periodStart.slice(0, 4);
  const reported = new Map(report.byMonth.map((m) => [m.month, m.co2eWtwKg]));
  const projection = report.projection;
  const reportedKg = report.byMonth.reduce((sum, m) => sum + m.co2eWtwKg, 0);
  const remaining = projection ? 12 - projection.monthsReported : 0;
  // The projection is a year-end total; what it adds to the months reported is spread evenly over the rest.
  const perMonthKg = projection && remaining > 0 ? Math.max(0, projection.projectedCo2eWtwKg - reportedKg) / remaining : 0;
  return Array.from({ length: 12 }, (_, index) => {
    const month = `${year}-${String(index + 1).padStart(2, '0')}-01`;
    const kg = reported.get(month);
    const projected = projection && index >= projection.monthsReported && kg === undefined ? toTonnes(perMonthKg) : null;
    return { month, label: monthLabel(month, 'short'), reported: kg === undefined ? null : toTonnes(kg), projected };
  });
};

/** One dimension's hotspots (supplier, vessel or route), in the order the API ranks them. */
export const hotspotBars = (hotspots: readonly EmissionHotspot[], dimension: 'supplier' | 'vessel' | 'route'): ParetoDatum[] =>
  hotspots
    .filter((h) => h.dimension === dimension)
    .map((h) => ({ key: h.key, label: h.label, tonnes: toTonnes(h.co2eWtwKg), cumulative: h.cumulativeShare }));

/** A chart's figures in one sentence each, for its text alternative. */
export const describeBars = (title: string, bars: readonly { label: string; tonnes: number }[]) =>
  bars.length === 0
    ? `${title}: nothing to show.`
    : `${title}: ${bars.map((b) => `${b.label} ${tonnesText(b.tonnes * 1000)}`).join('; ')}.`;

export const describeMonths = (months: readonly MonthDatum[]) =>
  `Monthly CO2e well-to-wake: ${months
    .map((m) =>
      m.reported !== null
        ? `${m.label} ${tonnesText(m.reported * 1000)}`
        : m.projected !== null
          ? `${m.label} projection ${tonnesText(m.projected * 1000)}`
          : `${m.label} nothing reported`,
    )
    .join('; ')}.`;

export const describePareto = (title: string, bars: readonly ParetoDatum[]) =>
  bars.length === 0
    ? `${title}: nothing to show.`
    : `${title}: ${bars.map((b) => `${b.label} ${tonnesText(b.tonnes * 1000)}, cumulative ${percent(b.cumulative)}`).join('; ')}.`;

/**
 * Whether the report holds any figure at all (a run may have found nothing in the period); scope 1/2 found in the data
 * counts, so a fleet of own ships still shows its page and the line that points to them.
 */
export const hasFigures = (report: Pick<EmissionReport, 'totals' | 'scope12'>) =>
  report.totals.computedEntries + report.totals.notComputedEntries + report.scope12.computedEntries > 0;
