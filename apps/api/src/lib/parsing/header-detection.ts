import type { CellValue } from './types.ts';

/** Rows (holding a value) searched for the header. */
export const HEADER_SEARCH_ROWS = 30;
/** A header row fills at least this share of the widest row's cells... */
const MIN_FILLED_SHARE = 0.5;
/** ...and at least this share of its values read as labels (text, or a year such as 2021). */
const MIN_LABEL_SHARE = 0.5;

export type CandidateRow = { rowNumber: number; values: CellValue[] };

const filledCount = (values: CellValue[]): number => {
  let count = 0;
  for (const value of values) if (value !== null) count++;
  return count;
};

const isLabel = (value: CellValue): boolean =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value) && value >= 1900 && value <= 2100);

/**
 * Finds the header row among the first rows holding a value: the first row that fills at least half as many cells
 * as the widest row and whose values are mostly labels. Title rows (one cell) and merged group rows (a few cells
 * spread over the width) fill too few cells; data rows come after the header. Returns null when no row qualifies,
 * e.g. a file of numbers only: then there is no header row.
 */
export const findHeaderRow = (rows: readonly CandidateRow[]): CandidateRow | null => {
  const searched = rows.filter((row) => filledCount(row.values) > 0).slice(0, HEADER_SEARCH_ROWS);
  let widest = 0;
  for (const row of searched) widest = Math.max(widest, filledCount(row.values));
  const minFilled = widest === 1 ? 1 : Math.max(2, Math.ceil(widest * MIN_FILLED_SHARE));
  for (const row of searched) {
    const filled = filledCount(row.values);
    if (filled < minFilled) continue;
    let labels = 0;
    for (const value of row.values) if (value !== null && isLabel(value)) labels++;
    if (labels / filled >= MIN_LABEL_SHARE) return row;
  }
  return null;
};

const cleanName = (value: CellValue): string => (value === null ? '' : String(value).replace(/\s+/g, ' ').trim());

/**
 * Turns header cells into column names: white space and line breaks collapsed, empty cells named "Column N"
 * (1-based position), and repeated names kept apart as "Name (2)", "Name (3)" (case-insensitive), so every
 * column stays addressable by name in the mapping step.
 */
export const columnNames = (headerValues: readonly CellValue[], width: number): string[] => {
  const names: string[] = [];
  const used = new Set<string>();
  const base = Array.from({ length: width }, (_, index) => cleanName(headerValues[index] ?? null) || `Column ${index + 1}`);
  for (const name of base) used.add(name.toLowerCase());
  const seen = new Map<string, number>();
  for (const name of base) {
    const key = name.toLowerCase();
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times === 1) {
      names.push(name);
      continue;
    }
    let suffix = times;
    let candidate = `${name} (${suffix})`;
    while (used.has(candidate.toLowerCase())) {
      suffix++;
      candidate = `${name} (${suffix})`;
    }
    used.add(candidate.toLowerCase());
    names.push(candidate);
  }
  return names;
};

/** Name for a column found beyond the header (a later row is wider), unique among the names so far. */
export const extraColumnName = (index: number, existing: readonly string[]): string => {
  const taken = new Set(existing.map((name) => name.toLowerCase()));
  let name = `Column ${index + 1}`;
  let suffix = 2;
  while (taken.has(name.toLowerCase())) name = `Column ${index + 1} (${suffix++})`;
  return name;
};
