import type { CellValue, ColumnDataType, DetectedColumn } from './types.ts';
import { isIsoDateText } from './values.ts';

export const SAMPLE_VALUES_PER_COLUMN = 5;
/** Samples come from the first values of a column; a column with fewer distinct values stops looking here. */
const SAMPLE_SCAN_LIMIT = 1_000;
const MAX_SAMPLE_TEXT = 100;

type ColumnCounts = {
  filled: number;
  numbers: number;
  integers: number;
  dates: number;
  booleans: number;
  samples: CellValue[];
  sampleKeys: Set<string>;
};

const newCounts = (): ColumnCounts => ({ filled: 0, numbers: 0, integers: 0, dates: 0, booleans: 0, samples: [], sampleKeys: new Set() });

/**
 * Counts value kinds per column over every data row (not a sample), so a column's type reflects the whole file.
 * The type is the one every value shares (`integer` being a `number` whose values are all whole); a column with
 * mixed kinds is `string`, one with no value is `empty`.
 */
export class ColumnProfiler {
  private readonly columns: ColumnCounts[] = [];

  add(values: readonly CellValue[]): void {
    const columns = this.columns;
    while (columns.length < values.length) columns.push(newCounts());
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const counts = columns[i] as ColumnCounts;
      counts.filled++;
      if (typeof value === 'number') {
        counts.numbers++;
        if (Number.isInteger(value)) counts.integers++;
      } else if (typeof value === 'string') {
        if (isIsoDateText(value)) counts.dates++;
      } else {
        counts.booleans++;
      }
      if (counts.samples.length < SAMPLE_VALUES_PER_COLUMN && counts.filled <= SAMPLE_SCAN_LIMIT) this.addSample(counts, value);
    }
  }

  private addSample(counts: ColumnCounts, value: CellValue): void {
    const sample = typeof value === 'string' && value.length > MAX_SAMPLE_TEXT ? `${value.slice(0, MAX_SAMPLE_TEXT)}…` : value;
    const key = `${typeof sample}:${String(sample)}`;
    if (counts.sampleKeys.has(key)) return;
    counts.sampleKeys.add(key);
    counts.samples.push(sample);
  }

  columnsFor(names: readonly string[]): DetectedColumn[] {
    return names.map((name, index) => {
      const counts = this.columns[index] ?? newCounts();
      return { index, name, dataType: dataTypeOf(counts), sampleValues: [...counts.samples] };
    });
  }
}

const dataTypeOf = (counts: ColumnCounts): ColumnDataType => {
  if (counts.filled === 0) return 'empty';
  if (counts.integers === counts.filled) return 'integer';
  if (counts.numbers === counts.filled) return 'number';
  if (counts.dates === counts.filled) return 'date';
  if (counts.booleans === counts.filled) return 'boolean';
  return 'string';
};
