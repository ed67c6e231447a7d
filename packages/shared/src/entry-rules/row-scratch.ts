import { ISSUE_TYPES, type IssueCode } from './issues.ts';
import type { EntryValue, Issue } from './types.ts';

/** What one buildEntry call fills in; the plan keeps one and reuses it, so a row allocates only its result. */
export type RowScratch = {
  rowNumber: number;
  issues: Issue[];
  values: EntryValue[];
  /** Per plan field: 0 fine, 1 warning, 2 error. */
  states: Uint8Array;
};

export type FieldRef = { index: number; key: string; label: string };

/** Adds a row issue on a field ("Row 14, Fuel consumed: …") and marks the field's data point. */
export const reportRow = (row: RowScratch, field: FieldRef, code: IssueCode, detail: string, value: string | null): void => {
  const type = ISSUE_TYPES[code];
  row.issues.push({
    code,
    type,
    field: field.key,
    rowNumber: row.rowNumber,
    message: `Row ${row.rowNumber}, ${field.label}: ${detail}`,
    value,
  });
  const level = type === 'error' ? 2 : 1;
  if ((row.states[field.index] as number) < level) row.states[field.index] = level;
};
