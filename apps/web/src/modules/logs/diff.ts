export type DiffRow = { field: string; before: string; after: string; kind: 'added' | 'removed' | 'changed' | 'unchanged' };

const isAbsent = (value: unknown) => value === undefined || value === null;

/** A JSON scalar (`changes`, `metadata`) read as an object of fields; anything else reads as no fields. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A value as one readable line: strings as they are, lists comma-separated, objects as JSON. */
export const displayValue = (value: unknown): string => {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
};

/**
 * The `changes` of an audit row as rows of a before/after table, sorted by field, each marked as
 * added, removed, changed or unchanged.
 */
export const diffRows = (changes: unknown): DiffRow[] =>
  Object.entries(asRecord(changes))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, change]) => {
      const { before, after } = asRecord(change);
      const kind: DiffRow['kind'] =
        isAbsent(before) && !isAbsent(after)
          ? 'added'
          : !isAbsent(before) && isAbsent(after)
            ? 'removed'
            : JSON.stringify(before) === JSON.stringify(after)
              ? 'unchanged'
              : 'changed';
      return { field, before: displayValue(before), after: displayValue(after), kind };
    });
