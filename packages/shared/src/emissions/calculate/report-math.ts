import { compareSupplier } from '../benchmarks/supplier-comparison.ts';
import type { DataQuality, EmissionMethod } from './types.ts';

/** The arithmetic of the Scope 3 report, pure: the API sums the report cells and hands the sums here. */

// ─── Hotspots ──────────────────────────────────────────────────────────────────────────────────────────────────────

export type HotspotItem = { key: string; label: string; co2eWtwKg: number };
export type Hotspot = HotspotItem & { dimension: string; share: number; cumulativeShare: number };

/** Pareto rule of the hotspots: the largest items until they make 80 % of the total, at most 5, at least 1. */
export const HOTSPOT_SHARE = 0.8;
export const MAX_HOTSPOTS = 5;

/**
 * The few suppliers, vessels or routes that make most of the total: items sorted by CO2e WtW, largest first, kept
 * until their cumulative share reaches 80 %, at most five and at least one. Shares are of `total` (default the
 * items' sum; pass the period's total when the items do not cover it, e.g. routes). Items of zero or less are never
 * hotspots; with no positive total there are none.
 */
export const hotspots = (dimension: string, items: readonly HotspotItem[], total?: number): Hotspot[] => {
  const positive = items.filter((item) => item.co2eWtwKg > 0).sort((a, b) => b.co2eWtwKg - a.co2eWtwKg || a.key.localeCompare(b.key));
  const whole = total ?? positive.reduce((sum, item) => sum + item.co2eWtwKg, 0);
  if (!(whole > 0)) return [];
  const result: Hotspot[] = [];
  let cumulative = 0;
  for (const item of positive) {
    if (result.length >= MAX_HOTSPOTS || (result.length > 0 && cumulative / whole >= HOTSPOT_SHARE)) break;
    cumulative += item.co2eWtwKg;
    result.push({ ...item, dimension, share: item.co2eWtwKg / whole, cumulativeShare: cumulative / whole });
  }
  return result;
};

// ─── Projection and year-on-year ────────────────────────────────────────────────────────────────────────────────────

export type MonthTotal = { month: string; entries: number; co2eWtwKg: number };
export type Projection = { projectedCo2eWtwKg: number; monthsReported: number; method: string };

const monthIndex = (isoDate: string): number => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

/** Calendar months the period touches, first and last included (2025-01-01 to 2025-12-31: 12). */
export const monthsInPeriod = (periodStart: string, periodEnd: string): number => monthIndex(periodEnd) - monthIndex(periodStart) + 1;

/**
 * The year-end total projected from the months reported so far: their sum ÷ the months reported × the months of the
 * period. A month counts as reported when it holds at least one entry. Null when the period is over (its reported
 * total is the figure, nothing is projected) or no month of it is reported.
 */
export const projectYearEnd = (input: {
  months: readonly MonthTotal[];
  periodStart: string;
  periodEnd: string;
  /** ISO date of today. */
  today: string;
}): Projection | null => {
  if (input.today > input.periodEnd) return null;
  const reported = input.months.filter((m) => m.entries > 0 && m.month >= input.periodStart.slice(0, 7) && m.month <= input.periodEnd);
  if (reported.length === 0) return null;
  const months = monthsInPeriod(input.periodStart, input.periodEnd);
  const sum = reported.reduce((total, m) => total + m.co2eWtwKg, 0);
  return {
    projectedCo2eWtwKg: (sum / reported.length) * months,
    monthsReported: reported.length,
    method: `Projection, not a reported figure: the CO2e WtW of the ${reported.length} month(s) reported so far, averaged per month and multiplied by the ${months} months of the period`,
  };
};

/** (this − previous) / previous; null without a previous figure or when it is zero. */
export const yearOnYearChange = (current: number, previous: number | null | undefined): number | null =>
  previous === null || previous === undefined || previous === 0 ? null : (current - previous) / previous;

/** The same period one year earlier (29 February becomes 28 February). */
export const previousPeriod = (periodStart: string, periodEnd: string): { periodStart: string; periodEnd: string } => {
  const back = (iso: string) => {
    const year = Number(iso.slice(0, 4)) - 1;
    const rest = iso.slice(4);
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return rest === '-02-29' && !leap ? `${year}-02-28` : `${year}${rest}`;
  };
  return { periodStart: back(periodStart), periodEnd: back(periodEnd) };
};

// ─── Data quality per supplier (PACT DQR) ───────────────────────────────────────────────────────────────────────────

/** Technological, temporal and geographical representativeness, 1 (good) to 3 (poor), as PACT rates them. */
export type Dqr = { technological: number; temporal: number; geographical: number };

/**
 * The DQR of a result by its method and data quality (docs/emissions-calculation.md, "Data quality rating"):
 * - fuel-based, primary: the ship's own measured fuel in the period, on the actual ship → 1, 1, 1;
 *   modelled fuel (the supplier estimated it) is less representative in time → 1, 2, 1; default fuel figures → 2, 2, 2;
 * - supplier-reported product footprint: product-specific and from the supplier's own sites, but for the footprint's
 *   own reference period, not necessarily the purchase's → 1, 2, 1;
 * - distance-based: the period's activity × an intensity of the vehicle or ship type and region, not the actual
 *   vehicle → 2, 2, 2 (3, 2, 2 when the row itself says its activity is a default);
 * - spend-based: sector averages per euro, of an older input-output year, rarely of the supplier's country → 3, 3, 3.
 * Results not computed carry no CO2e and so no weight.
 */
export const dqrOf = (method: EmissionMethod, quality: DataQuality): Dqr | null => {
  switch (method) {
    case 'fuel_based':
      if (quality === 'primary') return { technological: 1, temporal: 1, geographical: 1 };
      if (quality === 'modelled') return { technological: 1, temporal: 2, geographical: 1 };
      return { technological: 2, temporal: 2, geographical: 2 };
    case 'supplier_reported':
      return { technological: 1, temporal: 2, geographical: 1 };
    case 'distance_based':
      return quality === 'default'
        ? { technological: 3, temporal: 2, geographical: 2 }
        : { technological: 2, temporal: 2, geographical: 2 };
    case 'spend_based':
      return { technological: 3, temporal: 3, geographical: 3 };
    case 'not_computed':
      return null;
  }
};

export type QualityCell = {
  /** A supplier organisation id, or null for the organisation's own data. */
  supplierOrganizationId: string | null;
  method: EmissionMethod;
  dataQuality: DataQuality;
  co2eWtwKg: number;
};

export type SupplierQuality = {
  supplierOrganizationId: string;
  technologicalDqr: number;
  temporalDqr: number;
  geographicalDqr: number;
  /** The mean of the three, 1..3. */
  dataQualityRating: number;
  /** Share of the supplier's CO2e WtW computed from primary data, 0..1. */
  primaryDataShare: number;
};

/**
 * Each supplier's DQR, every dimension weighted by CO2e WtW (negative figures, credit notes, weigh nothing), and its
 * primary-data share. Suppliers with no positive computed CO2e have no rating and are left out; the organisation's
 * own data (no supplier) is not a supplier.
 */
export const supplierDataQuality = (cells: readonly QualityCell[]): SupplierQuality[] => {
  const sums = new Map<string, { weight: number; primary: number; t: number; te: number; g: number }>();
  for (const cell of cells) {
    const dqr = dqrOf(cell.method, cell.dataQuality);
    if (cell.supplierOrganizationId === null || dqr === null || !(cell.co2eWtwKg > 0)) continue;
    const sum = sums.get(cell.supplierOrganizationId) ?? { weight: 0, primary: 0, t: 0, te: 0, g: 0 };
    sum.weight += cell.co2eWtwKg;
    if (cell.dataQuality === 'primary') sum.primary += cell.co2eWtwKg;
    sum.t += dqr.technological * cell.co2eWtwKg;
    sum.te += dqr.temporal * cell.co2eWtwKg;
    sum.g += dqr.geographical * cell.co2eWtwKg;
    sums.set(cell.supplierOrganizationId, sum);
  }
  return [...sums]
    .map(([supplierOrganizationId, sum]) => {
      const technologicalDqr = sum.t / sum.weight;
      const temporalDqr = sum.te / sum.weight;
      const geographicalDqr = sum.g / sum.weight;
      return {
        supplierOrganizationId,
        technologicalDqr,
        temporalDqr,
        geographicalDqr,
        dataQualityRating: (technologicalDqr + temporalDqr + geographicalDqr) / 3,
        primaryDataShare: sum.primary / sum.weight,
      };
    })
    .sort((a, b) => a.supplierOrganizationId.localeCompare(b.supplierOrganizationId));
};

// ─── Supplier benchmark ─────────────────────────────────────────────────────────────────────────────────────────────

/** The activity each file category's intensity is per (the calculator's `activityAmount`). */
export const INTENSITY_UNITS: Readonly<Record<string, string>> = {
  vessel_fuel_consumption: 'kg CO2e/t·nm',
  transport_legs: 'kg CO2e/t·km',
  port_operations: 'kg CO2e/t',
  purchased_goods_services: 'kg CO2e/EUR',
};

export type ActivityCell = {
  supplierOrganizationId: string | null;
  fileCategory: string;
  co2eWtwKg: number;
  activityAmount: number;
};

export type SupplierBenchmarkFigure = {
  supplierOrganizationId: string;
  category: string;
  intensity: number;
  intensityUnit: string;
  /** Other suppliers of the category with an intensity. */
  peers: number;
  /** Percentile rank among them (0: the lowest intensity), ties half; null when it has no peer. */
  percentile: number | null;
};

/**
 * Each supplier's intensity per category (Σ CO2e WtW ÷ Σ activity, over the cells with an activity amount) placed
 * among the organisation's other suppliers of the same category, with the vessel benchmark's percentile rank. The
 * caller passes only cells whose CO2e has an activity amount, so CO2e without activity does not inflate an intensity.
 */
export const supplierBenchmarks = (cells: readonly ActivityCell[]): SupplierBenchmarkFigure[] => {
  const sums = new Map<string, { supplierOrganizationId: string; category: string; co2e: number; activity: number }>();
  for (const cell of cells) {
    if (cell.supplierOrganizationId === null || !(cell.activityAmount > 0) || INTENSITY_UNITS[cell.fileCategory] === undefined) continue;
    const id = `${cell.fileCategory}|${cell.supplierOrganizationId}`;
    const sum = sums.get(id) ?? { supplierOrganizationId: cell.supplierOrganizationId, category: cell.fileCategory, co2e: 0, activity: 0 };
    sum.co2e += cell.co2eWtwKg;
    sum.activity += cell.activityAmount;
    sums.set(id, sum);
  }
  const intensities = [...sums.values()]
    .map((sum) => ({ ...sum, intensity: sum.co2e / sum.activity }))
    .filter((sum) => Number.isFinite(sum.intensity) && sum.intensity > 0);
  return intensities
    .map((own) => {
      const unit = INTENSITY_UNITS[own.category] as string;
      const peers = intensities
        .filter((other) => other.category === own.category)
        .map((other) => ({ supplierId: other.supplierOrganizationId, intensity: other.intensity }));
      const placed = compareSupplier({
        supplier: { supplierId: own.supplierOrganizationId, intensity: own.intensity },
        peers,
        category: own.category,
        unit,
        minPeers: 1,
      });
      return {
        supplierOrganizationId: own.supplierOrganizationId,
        category: own.category,
        intensity: own.intensity,
        intensityUnit: unit,
        peers: placed.peers,
        percentile: placed.status === 'placed' ? placed.percentileRank : null,
      };
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.supplierOrganizationId.localeCompare(b.supplierOrganizationId));
};
