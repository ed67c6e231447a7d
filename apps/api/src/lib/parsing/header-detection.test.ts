import { describe, expect, it } from 'vitest';
import { columnNames, extraColumnName, findHeaderRow } from './header-detection.ts';
import type { CellValue } from './types.ts';

const row = (rowNumber: number, values: CellValue[]) => ({ rowNumber, values });

describe('findHeaderRow', () => {
  it('skips a title row and a merged group row above the header', () => {
    const rows = [
      row(1, ['EU MRV publication 2021']),
      row(2, ['Ship', null, null, 'Annual monitoring results', null]),
      row(3, ['IMO Number', 'Name', 'Ship type', 'Total fuel [t]', 'Total CO₂ [t]']),
      row(4, [9074729, 'Nordwind Star', 'Bulk carrier', 1250.5, 3894.1]),
      row(5, [9321483, 'Baltic Trader', 'Tanker', 810, 2522.3]),
    ];
    expect(findHeaderRow(rows)?.rowNumber).toBe(3);
  });

  it('takes row 1 when the header is there, even over text-only data rows', () => {
    const rows = [row(1, ['Supplier', 'Country', 'Email']), row(2, ['Acme', 'Norway', 'a@acme.example'])];
    expect(findHeaderRow(rows)?.rowNumber).toBe(1);
  });

  it('accepts years as header labels', () => {
    const rows = [row(1, ['Vessel', 2019, 2020, 2021]), row(2, ['Nordwind Star', 1200.5, 1100.25, 990.75])];
    expect(findHeaderRow(rows)?.rowNumber).toBe(1);
  });

  it('finds no header in a file of numbers', () => {
    expect(findHeaderRow([row(1, [1, 2.5, 3]), row(2, [4, 5.5, 6])])).toBeNull();
  });
});

describe('columnNames', () => {
  it('keeps repeated names apart and names empty header cells by position', () => {
    expect(columnNames(['Name', 'Fuel', 'name', null, '  Fuel\n type ', 'Name'], 7)).toEqual([
      'Name',
      'Fuel',
      'name (2)',
      'Column 4',
      'Fuel type',
      'Name (3)',
      'Column 7',
    ]);
  });

  it('never reuses a name that is already a header', () => {
    expect(columnNames(['Name', 'Name', 'Name (2)'], 3)).toEqual(['Name', 'Name (3)', 'Name (2)']);
  });

  it('names extra columns without clashing', () => {
    expect(extraColumnName(2, ['A', 'Column 3'])).toBe('Column 3 (2)');
  });
});
