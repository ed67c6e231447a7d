import { numberText } from './cells.ts';
import type { EntryValue, PlanField } from './types.ts';

/**
 * A stored value as people read it, for CSV exports and messages: numbers in plain decimal notation (no
 * exponent, no thousands separators, in the field's canonical unit), dates as 'YYYY-MM-DD', yes/no for
 * booleans, an enum's label when the field carries its allowed values (else the value), '' for no value.
 */
export const formatEntryValue = (field: PlanField, value: EntryValue): string => {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberText(value);
  if (field.dataType === 'enum' && field.allowedValues) return field.allowedValues.find((a) => a.value === value)?.label ?? value;
  return value;
};
