import type { ReportCell } from './cells.ts';

/** The report's sums over cells: pure, so the arithmetic is tested without a database. */

export type Figures = { entries: number; co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number };

export type Totals = {
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  computedEntries: number;
  notComputedEntries: number;
};

export type Breakdown = Figures & { key: string; label: string; share: number };

export type MonthFigures = Figures & { month: string };

const zero = (): Figures => ({ entries: 0, co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 0 });

const add = (into: Figures, cell: Figures) => {
  into.entries += cell.entries;
  into.co2TtwKg += cell.co2TtwKg;
  into.co2eTtwKg += cell.co2eTtwKg;
  into.co2eWtwKg += cell.co2eWtwKg;
};

/** The totals from the monthly sums, each with the entries not computed among its entries. */
export const totalsOfMonths = (months: readonly (Figures & { notComputedEntries: number })[]): Totals => {
  const totals: Totals = { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 0, computedEntries: 0, notComputedEntries: 0 };
  for (const month of months) {
    totals.co2TtwKg += month.co2TtwKg;
    totals.co2eTtwKg += month.co2eTtwKg;
    totals.co2eWtwKg += month.co2eWtwKg;
    totals.computedEntries += month.entries - month.notComputedEntries;
    totals.notComputedEntries += month.notComputedEntries;
  }
  return totals;
};

/** `part` of `whole` as 0..1; 0 when the whole is nothing. */
export const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * Slices of the cells by a key (null: the cell belongs to no slice, e.g. no vessel), largest CO2e WtW first, ties by
 * key. `labelOf` names a slice from its key and the first cell that had it.
 */
export const breakdownOf = (
  cells: readonly ReportCell[],
  keyOf: (cell: ReportCell) => string | null,
  labelOf: (key: string, cell: ReportCell) => string,
  totalCo2eWtwKg: number,
): Breakdown[] => {
  const slices = new Map<string, { figures: Figures; first: ReportCell }>();
  for (const cell of cells) {
    const key = keyOf(cell);
    if (key === null) continue;
    let slice = slices.get(key);
    if (!slice) {
      slice = { figures: zero(), first: cell };
      slices.set(key, slice);
    }
    add(slice.figures, cell);
  }
  return [...slices.entries()]
    .map(([key, { figures, first }]) => ({
      key,
      label: labelOf(key, first),
      ...figures,
      share: shareOf(figures.co2eWtwKg, totalCo2eWtwKg),
    }))
    .sort((a, b) => b.co2eWtwKg - a.co2eWtwKg || a.key.localeCompare(b.key));
};

/** A breakdown whose slices are named by a fixed list of labels (categories, methods, qualities); an unknown key names itself. */
export const namedBreakdownOf = (
  cells: readonly ReportCell[],
  keyOf: (cell: ReportCell) => string | null,
  labels: Readonly<Record<string, string>>,
  totalCo2eWtwKg: number,
): Breakdown[] => breakdownOf(cells, keyOf, (key) => labels[key] ?? key, totalCo2eWtwKg);

/** Every month of the period in order, zeros included. */
export const monthlyOf = (cells: readonly ReportCell[], months: readonly string[]): MonthFigures[] => {
  const byMonth = new Map(months.map((month) => [month, zero()]));
  for (const cell of cells) {
    const figures = byMonth.get(cell.month);
    if (figures) add(figures, cell);
  }
  return months.map((month) => ({ month, ...(byMonth.get(month) ?? zero()) }));
};

/** Share of CO2e WtW computed from primary data. */
export const primaryShareOf = (cells: readonly ReportCell[]): number => {
  let primary = 0;
  let total = 0;
  for (const cell of cells) {
    total += cell.co2eWtwKg;
    if (cell.dataQuality === 'primary') primary += cell.co2eWtwKg;
  }
  return shareOf(primary, total);
};
