import { builder } from './builder.ts';

/*
 * Types the mappings module (mapping preview) and the entries module (validations, data entries) both return:
 * a typed value of a catalogue field, and a validation issue.
 */

export const FIELD_DATA_TYPES = ['boolean', 'date', 'enum', 'integer', 'number', 'string'] as const;
export type FieldDataTypeName = (typeof FIELD_DATA_TYPES)[number];

export const FieldDataTypeRef = builder.enumType('FieldDataType', { values: FIELD_DATA_TYPES });

export const IssueTypeRef = builder.enumType('IssueType', { values: ['error', 'warning'] as const });

/** One issue as a client sees it: file-level ones have no field or row. */
export type ValidationIssueView = {
  code: string;
  message: string;
  type: 'error' | 'warning';
  field: string | null;
  rowNumber: number | null;
  value: string | null;
};

export const ValidationIssueRef = builder.objectRef<ValidationIssueView>('ValidationIssue').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    type: t.field({ type: IssueTypeRef, resolve: (i) => i.type }),
    field: t.string({ nullable: true, description: 'Catalogue field key; null for a file-level issue.', resolve: (i) => i.field }),
    rowNumber: t.int({
      nullable: true,
      description: 'Row number as the sheet shows it; null for a file-level issue.',
      resolve: (i) => i.rowNumber,
    }),
    value: t.string({ nullable: true, resolve: (i) => i.value }),
  }),
});

/** A typed value of one field: exactly one of the value fields is set (by dataType), or none when empty or invalid. */
export type DataEntryValueView = {
  fieldName: string;
  label: string;
  stringValue: string | null;
  numberValue: number | null;
  booleanValue: boolean | null;
  /** ISO date YYYY-MM-DD. */
  dateValue: string | null;
  unit: string | null;
  dataType: FieldDataTypeName;
  isValid: boolean;
  validationError: string | null;
};

/** Puts a stored value (number in the canonical unit, ISO date text, enum value, text, boolean) in its typed slot. */
export const typedValueSlots = (
  dataType: FieldDataTypeName,
  value: string | number | boolean | null,
): Pick<DataEntryValueView, 'stringValue' | 'numberValue' | 'booleanValue' | 'dateValue'> => ({
  stringValue: value !== null && (dataType === 'string' || dataType === 'enum') ? String(value) : null,
  numberValue: typeof value === 'number' && (dataType === 'number' || dataType === 'integer') ? value : null,
  booleanValue: typeof value === 'boolean' && dataType === 'boolean' ? value : null,
  dateValue: typeof value === 'string' && dataType === 'date' ? value : null,
});

export const DataEntryValueRef = builder.objectRef<DataEntryValueView>('DataEntryValue').implement({
  fields: (t) => ({
    fieldName: t.exposeString('fieldName'),
    label: t.exposeString('label'),
    stringValue: t.string({ nullable: true, resolve: (v) => v.stringValue }),
    numberValue: t.float({ nullable: true, resolve: (v) => v.numberValue }),
    booleanValue: t.boolean({ nullable: true, resolve: (v) => v.booleanValue }),
    dateValue: t.string({ nullable: true, description: 'ISO date YYYY-MM-DD.', resolve: (v) => v.dateValue }),
    unit: t.string({ nullable: true, description: 'Canonical unit of the field.', resolve: (v) => v.unit }),
    dataType: t.field({ type: FieldDataTypeRef, resolve: (v) => v.dataType }),
    isValid: t.exposeBoolean('isValid'),
    validationError: t.string({ nullable: true, resolve: (v) => v.validationError }),
  }),
});
