import { normalizeLabel } from '../field-catalogue/index.ts';
import { isSpreadsheetError, quote } from './cells.ts';
import type { FieldSetup } from './field-setup.ts';
import { type FieldRef, type RowScratch, reportRow } from './row-scratch.ts';
import type { CellValue, EntryValue } from './types.ts';

/** Reads one non-empty cell into the field's value, or null after reporting why it cannot. */
export type CellReader = (cell: CellValue, row: RowScratch) => EntryValue;

/** Longest text a text field keeps. */
export const MAX_TEXT_LENGTH = 1000;
/** Distinct texts remembered per field (enum spellings, IMO numbers...); the memory is dropped when full. */
const MEMO_SIZE = 4096;

/** Remembers a pure text function's answers (null included) for repeated cells. */
export const memoize = <T>(compute: (text: string) => T): ((text: string) => T) => {
  let cache = new Map<string, T>();
  return (text) => {
    const known = cache.get(text);
    if (known !== undefined || cache.has(text)) return known as T;
    const value = compute(text);
    if (cache.size >= MEMO_SIZE) cache = new Map();
    cache.set(text, value);
    return value;
  };
};

/** The text of a cell after trimming and the column's value mapping. */
export const mappedText = (setup: FieldSetup): ((text: string) => string) => {
  const valueMap = setup.valueMap;
  if (!valueMap) return (text) => text;
  return memoize((text) => valueMap.get(normalizeLabel(text)) ?? text);
};

/** Reports a spreadsheet error (#REF!...) and answers true. */
export const spreadsheetError = (text: string, field: FieldRef, row: RowScratch): boolean => {
  if (!isSpreadsheetError(text)) return false;
  reportRow(row, field, 'SPREADSHEET_ERROR', `${quote(text)} is a spreadsheet error, not a value; fix the formula in the sheet.`, text);
  return true;
};
