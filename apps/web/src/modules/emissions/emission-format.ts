import { DESTINATION_LABELS } from '@tidewise/shared/emissions/scope3/assign-category';
import type {
  ConsolidationApproach,
  EmissionDataQuality,
  EmissionFactorKind,
  EmissionMethod,
  EmissionRunStatus,
  GwpSet,
  Scope3Category,
} from './graphql.ts';

/**
 * Words and numbers of the emissions screens: the labels of the contract's enums, figures in tonnes and
 * per cent, the reporting period of a year, and the addresses of the drill-down. Kept apart from the
 * components so the figures a test expects can be checked without rendering.
 */

export const SCOPE3_LABELS: Record<Scope3Category, string> = {
  category_1: DESTINATION_LABELS[1],
  category_3: DESTINATION_LABELS[3],
  category_4: DESTINATION_LABELS[4],
  category_8: DESTINATION_LABELS[8],
  category_9: DESTINATION_LABELS[9],
  category_13: DESTINATION_LABELS[13],
  scope_1_2: 'Scope 1/2: your own operations, not scope 3',
  none: 'No activity to count',
};

/** The short name on a chart axis, where the full one does not fit. */
export const SCOPE3_SHORT_LABELS: Record<Scope3Category, string> = {
  category_1: 'Cat. 1',
  category_3: 'Cat. 3',
  category_4: 'Cat. 4',
  category_8: 'Cat. 8',
  category_9: 'Cat. 9',
  category_13: 'Cat. 13',
  scope_1_2: 'Scope 1/2',
  none: 'None',
};

export const SCOPE3_CATEGORIES = Object.keys(SCOPE3_LABELS) as Scope3Category[];

export const METHOD_LABELS: Record<EmissionMethod, string> = {
  fuel_based: 'Fuel-based',
  distance_based: 'Distance-based',
  spend_based: 'Spend-based',
  supplier_reported: 'Reported by the supplier',
  not_computed: 'Not computed',
};

export const METHODS = Object.keys(METHOD_LABELS) as EmissionMethod[];

export const QUALITY_LABELS: Record<EmissionDataQuality, string> = {
  primary: 'Primary',
  modelled: 'Modelled',
  default: 'Default',
};

export const GWP_LABELS: Record<GwpSet, string> = {
  AR4: 'AR4 (IPCC Fourth Assessment Report)',
  AR5: 'AR5 (IPCC Fifth Assessment Report)',
  AR6: 'AR6 (IPCC Sixth Assessment Report)',
};

export const CONSOLIDATION_LABELS: Record<ConsolidationApproach, string> = {
  operational_control: 'Operational control',
  financial_control: 'Financial control',
};

export const RUN_STATUS_LABELS: Record<EmissionRunStatus, string> = {
  queued: 'Waiting to start',
  running: 'Computing',
  completed: 'Completed',
  failed: 'Failed',
};

export const RUN_REASON_LABELS: Record<string, string> = {
  entries_changed: 'data entries changed',
  factor_added: 'a factor was added',
  settings_changed: 'the settings changed',
  requested: 'asked for by hand',
};

export const FACTOR_KIND_LABELS: Record<EmissionFactorKind, string> = {
  cf: 'CO2 per fuel mass (Cf)',
  lcv: 'Lower calorific value',
  wtt: 'Well-to-tank',
  ch4_ttw: 'CH4 tank-to-wake',
  n2o_ttw: 'N2O tank-to-wake',
  slip: 'Methane slip',
  glec_intensity: 'Transport or hub intensity (GLEC)',
  spend: 'Spend-based',
};

export const REGIME_LABELS: Record<string, string> = {
  imo: 'IMO',
  eu_mrv: 'EU MRV',
  fueleu: 'FuelEU Maritime',
  glec: 'GLEC / ISO 14083',
  spend: 'Spend-based',
  organization: 'Your organisation',
};

export const COVERAGE_LABELS: Record<string, string> = {
  answered: 'Answered',
  pending: 'Pending',
  estimated: 'Estimated',
};

// Numbers --------------------------------------------------------------------------------------------

const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (options: Intl.NumberFormatOptions) => {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', options);
    formats.set(key, format);
  }
  return format;
};

/** A number with at most `digits` decimals, grouped: 12,345.6. */
export const formatDecimal = (value: number, digits = 1) => numberFormat({ maximumFractionDigits: digits }).format(value);

/** A number with exactly `digits` decimals, grouped: 5.00 (CII figures are read to the hundredth). */
export const formatFixed = (value: number, digits: number) =>
  numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/**
 * Kilograms as tonnes, with as many decimals as the size needs to stay readable and honest: whole
 * tonnes from 1,000 t, one decimal from 1 t, three below (a small supplier's 0.042 t is not "0 t").
 */
export const tonnes = (kg: number) => {
  const t = kg / 1000;
  const size = Math.abs(t);
  return formatDecimal(t, size >= 1000 ? 0 : size >= 1 ? 1 : 3);
};

export const tonnesText = (kg: number) => `${tonnes(kg)} t`;

export const kilograms = (kg: number) => formatDecimal(kg, Math.abs(kg) >= 100 ? 0 : 2);

/** A share 0..1 as a percentage with one decimal: 0.4256 → "42.6%". */
export const percent = (share: number) => `${formatFixed(share * 100, 1)}%`;

/** A change 0..1 with its sign: 0.123 → "+12.3%", -0.04 → "−4.0%". */
export const signedPercent = (change: number) => {
  const text = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(change) * 100);
  if (text === '0.0') return '0.0%';
  return `${change > 0 ? '+' : '−'}${text}%`;
};

const ORDINAL = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A percentile rank 0..100 in words: 42.4 → "42nd percentile". */
export const percentileText = (rank: number) => {
  const whole = Math.round(rank);
  return `${whole}${SUFFIX[ORDINAL.select(whole)] ?? 'th'} percentile`;
};

/** A PACT data quality rating (1 best to 3 worst) with two decimals. */
export const dqr = (value: number) => numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

// Periods --------------------------------------------------------------------------------------------

export type Period = { periodStart: string; periodEnd: string };

/** The reporting period of a calendar year. */
export const yearPeriod = (year: number): Period => ({ periodStart: `${year}-01-01`, periodEnd: `${year}-12-31` });

/** Years the report offers, newest first: from this year back to 2018, the first EU MRV reporting year. */
export const REPORT_YEARS = (now = new Date()) => {
  const current = now.getFullYear();
  return Array.from({ length: current - 2018 + 1 }, (_, i) => current - i);
};

/** The year an address names (`?year=2025`), or this year when it names none or one not offered. */
export const yearFrom = (raw: string | null, now = new Date()) => {
  const year = raw && /^\d{4}$/.test(raw) ? Number(raw) : null;
  return year && REPORT_YEARS(now).includes(year) ? year : now.getFullYear();
};

/** "March 2025" for the first day of a month. */
export const monthLabel = (month: string, style: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat('en-GB', { month: style, year: style === 'long' ? 'numeric' : undefined, timeZone: 'UTC' }).format(
    new Date(`${month}T00:00:00Z`),
  );

// Drill-down addresses -------------------------------------------------------------------------------

export type ResultsFilter = {
  category?: Scope3Category | null;
  supplier?: string | null;
  vessel?: string | null;
  month?: string | null;
  method?: EmissionMethod | null;
};

/** The drill-down of a year's results, filtered; only the filters given appear in the address. */
export const resultsHref = (year: number, filter: ResultsFilter = {}) => {
  const params = new URLSearchParams({ year: String(year) });
  for (const key of ['category', 'supplier', 'vessel', 'month', 'method'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return `/app/emissions/results?${params.toString()}`;
};

export const reportHref = (year: number) => `/app/emissions?year=${year}`;
export const vesselHref = (imo: string, year: number) => `/app/emissions/vessels/${encodeURIComponent(imo)}/${year}`;
export const printHref = ({ periodStart, periodEnd }: Period) => `/app/emissions/print?periodStart=${periodStart}&periodEnd=${periodEnd}`;

/**
 * How a factor's value was checked, in words: a transcribed value was entered from its table and cross-checked, but not
 * read in the primary text (docs/emission-factors.md), and an auditor should know before relying on it.
 */
export const VERIFICATION_LABELS: Record<string, { badge: string; explanation: string }> = {
  read_at_source: { badge: 'Read at source', explanation: 'Read in the document its source names.' },
  transcribed: {
    badge: 'Transcribed',
    explanation:
      'Entered from the table its source names and cross-checked against independent transcriptions; not yet read in the primary text. Check it against the source before relying on it.',
  },
};
