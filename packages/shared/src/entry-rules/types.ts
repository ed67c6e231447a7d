import type { AllowedValue, CatalogueCategory, FieldDataType, FieldRequirement } from '../field-catalogue/types.ts';

/** A cell as the file reader gives it: empty cells are null, dates ISO text ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm:ss'). */
export type CellValue = string | number | boolean | null;

export type TransformationType = 'unit_conversion' | 'factor' | 'value_mapping' | 'date_format';

/**
 * How a column's cells become the field's value. Whatever their order in the list, they apply as: value mapping
 * (text to text), date format (reading the text), factor (value × factor), unit conversion (to the canonical unit).
 */
export type MappingTransformation = {
  type: TransformationType;
  /** factor: value × factor, e.g. 1000 for a column in thousands. */
  factor?: number;
  /** unit_conversion: the unit the column's values are in, one of the field's accepted units (its code or a synonym). */
  unit?: string;
  /** unit_conversion from a volume (m³, litres): the fuel's density in t/m³. */
  density?: number;
  /** value_mapping: source text -> target text (for enums an allowed value), compared as normalizeLabel does. */
  mapping?: Record<string, string>;
  /** date_format: one of DATE_FORMATS, e.g. 'DD.MM.YYYY' or 'MM/DD/YYYY'. */
  dateFormat?: string;
};

export type MappingValidation = { required?: boolean; min?: number; max?: number; pattern?: string };

/** One active mapping of a file: source column (0-based position and header) to a catalogue field. */
export type MappingRule = {
  sourceIndex: number;
  sourceColumn: string;
  targetField: string;
  transformations: readonly MappingTransformation[];
  validation?: MappingValidation;
};

export type IssueType = 'error' | 'warning';

/** A validation finding. `rowNumber` is null for a plan-level (file-level) issue; `field` is a catalogue key or null. */
export type Issue = {
  code: string;
  type: IssueType;
  field: string | null;
  rowNumber: number | null;
  message: string;
  value: string | null;
};

/** A stored value: numbers in the field's canonical unit, dates as 'YYYY-MM-DD', enums as their allowed value. */
export type EntryValue = string | number | boolean | null;

/** A mapped field of a plan, in catalogue order. */
export type PlanField = {
  key: string;
  label: string;
  dataType: FieldDataType;
  /** The canonical unit values are stored in, or null. */
  unit: string | null;
  requirement: FieldRequirement;
  /** 0-based position of the source column; -1 for a field described without a mapping (planFieldsOf). */
  sourceIndex: number;
  /** For enums: the allowed values, so formatEntryValue can show a label. */
  allowedValues?: readonly AllowedValue[];
};

/** What buildEntry runs per row; compiled once per file. Treat as opaque. */
export type CompiledPlan = {
  readonly build: (rowNumber: number, cells: readonly CellValue[]) => BuiltEntry;
};

export type EntryPlan = {
  category: CatalogueCategory;
  fields: readonly PlanField[];
  /** Internal: the compiled readers and rules. */
  compiled: CompiledPlan;
};

export type DataPointCounts = { errors: number; warnings: number; successes: number };

export type BuiltEntry = {
  rowNumber: number;
  /** Every mapped cell empty: counted as an empty row, not stored as an entry. */
  isEmpty: boolean;
  /** No error issue. */
  isValid: boolean;
  /** Aligned with plan.fields; null where the cell is empty or its value invalid. */
  values: EntryValue[];
  issues: Issue[];
  /** 'YYYY-MM-DD': period start, else period end, else another date field of the category, else reporting year -> 'YYYY-01-01'. */
  entryDate: string | null;
  /** Identity of what the row describes, for duplicate checks; null when the row does not say enough. */
  duplicateKey: string | null;
  /** Per mapped field: an error, else a warning, else a success. */
  dataPoints: DataPointCounts;
};
