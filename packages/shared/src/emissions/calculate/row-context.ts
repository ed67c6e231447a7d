import { fieldsByCategory } from '../../field-catalogue/index.ts';
import {
  type AssignmentInput,
  assignScope3Category,
  type CharterType,
  type ConsolidationApproach,
  DESTINATION_LABELS,
  type Destination,
} from '../scope3/assign-category.ts';
import type { DataQuality, Scope3Value, StoredEntryValue, WellToTankPart } from './types.ts';

/** A value as a finite number, or null. */
export const numberOf = (value: StoredEntryValue | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A value as non-empty text, or null. */
export const textOf = (value: StoredEntryValue | undefined): string | null => {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
};

/** A number as the activity text shows it: at most three decimals, no grouping (cheap enough for millions of rows). */
export const amountText = (value: number): string => String(Math.round(value * 1000) / 1000);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** Positions of a file's date fields, in the order the month is taken from (period start first). */
export const datePositions = (category: string, position: (key: string) => number): number[] => {
  const keys = [
    'period_start',
    'period_end',
    ...fieldsByCategory(category)
      .filter((f) => f.dataType === 'date')
      .map((f) => f.key),
  ];
  return [...new Set(keys)].map(position).filter((index) => index >= 0);
};

const MONTHS = new Map<string, string>();
const MONTH_CACHE_LIMIT = 100_000;

/** YYYY-MM-01 of the first day-precise date among the positions; null when the row has none. */
export const monthOf = (values: readonly StoredEntryValue[], positions: readonly number[]): string | null => {
  for (const index of positions) {
    const value = values[index];
    if (typeof value !== 'string') continue;
    // Days repeat across a file's rows: one month string per day, not one per row.
    const known = MONTHS.get(value);
    if (known !== undefined) return known;
    if (!ISO_DAY.test(value)) continue;
    const month = `${value.slice(0, 7)}-01`;
    if (MONTHS.size < MONTH_CACHE_LIMIT) MONTHS.set(value, month);
    return month;
  }
  return null;
};

const isDigits = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
};

/** A 7-digit IMO number from "IMO 9074729", "9074729" or 9074729; null otherwise. */
export const imoOf = (value: StoredEntryValue | undefined): string | null => {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1_000_000 && value <= 9_999_999 ? String(value) : null;
  if (typeof value !== 'string') return null;
  if (value.length === 7 && isDigits(value)) return value;
  const digits = value.replace(/\D/g, '');
  return digits.length === 7 ? digits : null;
};

const QUALITY_RANK: Record<DataQuality, number> = { primary: 0, modelled: 1, default: 2 };

/**
 * The data quality of a result: the method's, lowered to what the row itself declares when that is worse (a fuel
 * mass the supplier says it modelled is not primary data because the method is fuel-based).
 */
export const qualityOf = (method: DataQuality, declared: StoredEntryValue | undefined): DataQuality => {
  if (declared !== 'primary' && declared !== 'modelled' && declared !== 'default') return method;
  return QUALITY_RANK[declared] > QUALITY_RANK[method] ? declared : method;
};

export type Scope3Placement = {
  scope3: Scope3Value;
  ruleId: string;
  note: string | null;
  /**
   * For a rule that assigns the fuel in two parts (decision 0018: tank-to-wake to scope 1/2, well-to-tank to a scope 3
   * category): where the well-to-tank part goes. Null for a rule that assigns the entry whole.
   */
  wtt: WellToTankPart | null;
  /** For a two-part rule: why a well-to-wake figure with no tank-to-wake split (an intensity) is kept whole. */
  keptWholeNote: string | null;
};

const CHARTER_TYPES: ReadonlySet<string> = new Set(['bareboat', 'time', 'voyage', 'coa']);

const scope3ValueOf = (destination: Destination): Scope3Value => (destination === 'scope_1_2' ? 'scope_1_2' : `category_${destination}`);

/** "Category 3: fuel- and energy-related activities" → "category 3 (fuel- and energy-related activities)". */
const destinationPhrase = (destination: Destination): string => {
  if (destination === 'scope_1_2') return 'scope 1/2 of the organisation';
  const [, what] = DESTINATION_LABELS[destination].split(': ');
  return `category ${destination} (${what})`;
};

/**
 * The Scope 3 placement of a file's entries, by charter type (only vessel rows have one). Decision 0018 assigns
 * "scope 1/2 + 3 (WTT)" rules in two parts: the placement names the tank-to-wake part's destination as `scope3` and
 * the well-to-tank part's as `wtt`, and the run stores the two parts as two results (`splitEntryParts`).
 */
export const scope3Placer = (category: AssignmentInput['fileCategory'] | null, approach: ConsolidationApproach) => {
  const cache = new Map<string, Scope3Placement>();
  return (charter: StoredEntryValue | undefined): Scope3Placement => {
    const charterType = typeof charter === 'string' && CHARTER_TYPES.has(charter) ? (charter as CharterType) : null;
    const key = charterType ?? '';
    const cached = cache.get(key);
    if (cached) return cached;
    let placement: Scope3Placement;
    if (category === null) {
      placement = {
        scope3: 'none',
        ruleId: 'S3-NO-ACTIVITY',
        note: 'The file has no category, so its rows hold no activity the platform can read',
        wtt: null,
        keptWholeNote: null,
      };
    } else {
      const assignment = assignScope3Category({ fileCategory: category, charterType, consolidationApproach: approach });
      const ttw = assignment.parts.find((part) => part.part === 'tank_to_wake');
      const wtt = assignment.parts.find((part) => part.part === 'well_to_tank');
      const main = ttw ?? assignment.parts[0];
      const split = ttw !== undefined && wtt !== undefined;
      placement = {
        scope3: main === undefined ? 'none' : scope3ValueOf(main.destination),
        ruleId: assignment.ruleId,
        note: null,
        wtt: split ? { scope3: scope3ValueOf(wtt.destination), note: `Well-to-tank part: ${destinationPhrase(wtt.destination)}` } : null,
        keptWholeNote: split
          ? `Kept whole under ${destinationPhrase(ttw.destination)}: a well-to-wake intensity has no tank-to-wake split, so its well-to-tank part, ${destinationPhrase(wtt.destination)}, cannot be told apart (rule ${assignment.ruleId})`
          : null,
      };
    }
    cache.set(key, placement);
    return placement;
  };
};

/** Two notes as one sentence pair; either may be null. */
export const joinNotes = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : `${a}. ${b}`);
