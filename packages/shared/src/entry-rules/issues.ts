import type { CatalogueCategory } from '../field-catalogue/types.ts';
import type { Issue, IssueType } from './types.ts';

/**
 * Every issue code with its type. docs/validation-rules.md describes each one; a test keeps the two in step.
 * Errors make a row (or, at plan level, the file) invalid; warnings are shown but do not.
 */
export const ISSUE_TYPES = {
  // Plan level: the mappings against the catalogue (rowNumber null).
  NO_FIELDS_MAPPED: 'error',
  UNKNOWN_FIELD: 'error',
  INVALID_MAPPING: 'error',
  FIELD_MAPPED_TWICE: 'error',
  COLUMN_MAPPED_TWICE: 'warning',
  REQUIRED_FIELD_NOT_MAPPED: 'error',
  QUANTITY_NOT_MAPPED: 'error',
  PERIOD_NOT_MAPPED: 'warning',
  COMPANION_NOT_MAPPED: 'warning',
  INVALID_TRANSFORMATION: 'error',
  TRANSFORMATION_NOT_APPLICABLE: 'error',
  UNKNOWN_DATE_FORMAT: 'error',
  INVALID_VALUE_MAPPING: 'error',
  DENSITY_INVALID: 'error',
  DENSITY_NOT_USED: 'warning',
  DEFAULT_DENSITY: 'warning',
  INVALID_PATTERN: 'error',
  MIN_ABOVE_MAX: 'error',
  VALIDATION_NOT_APPLICABLE: 'warning',
  // Plan and row level.
  UNIT_NOT_CONVERTIBLE: 'error',
  DENSITY_MISSING: 'error',
  // Row level, per field.
  EMPTY_ROW: 'warning',
  REQUIRED_MISSING: 'error',
  SPREADSHEET_ERROR: 'error',
  NOT_A_NUMBER: 'error',
  AMBIGUOUS_NUMBER: 'warning',
  NOT_AN_INTEGER: 'error',
  NOT_A_BOOLEAN: 'error',
  INVALID_DATE: 'error',
  DATE_IMPLAUSIBLE: 'warning',
  BELOW_MIN: 'error',
  ABOVE_MAX: 'error',
  PATTERN_MISMATCH: 'error',
  VALUE_TOO_LONG: 'error',
  NOT_ALLOWED_VALUE: 'error',
  INVALID_IMO: 'error',
  INVALID_LOCODE: 'error',
  INVALID_CURRENCY: 'error',
  INVALID_COUNTRY: 'error',
  INVALID_EMAIL: 'error',
  // Row level, across fields.
  END_BEFORE_START: 'error',
  LADEN_ABOVE_TOTAL: 'error',
  QUANTITY_MISSING: 'error',
  PERIOD_MISSING: 'warning',
  PERIOD_OUTSIDE_YEAR: 'warning',
  HOURS_ABOVE_PERIOD: 'warning',
  SAME_ORIGIN_DESTINATION: 'warning',
  QUANTITY_WITHOUT_UNIT: 'warning',
  SPEND_WITHOUT_CURRENCY: 'warning',
  IMO_WITHOUT_SHORE_POWER: 'warning',
  // Raised by the caller with duplicateKey.
  DUPLICATE_IN_FILE: 'warning',
  DUPLICATE_OF_STORED_ENTRY: 'warning',
} as const satisfies Record<string, IssueType>;

export type IssueCode = keyof typeof ISSUE_TYPES;

/** A plan-level issue (no row). */
export const planIssue = (code: IssueCode, field: string | null, message: string, value: string | null = null): Issue => ({
  code,
  type: ISSUE_TYPES[code],
  field,
  rowNumber: null,
  message,
  value,
});

/** What two rows with the same duplicateKey both describe, per category. */
const DUPLICATE_SUBJECT: Record<CatalogueCategory, string> = {
  vessel_fuel_consumption: 'ship, period and fuel type',
  transport_legs: 'shipment leg',
  port_operations: 'hub, activity, energy carrier and period',
  site_energy: 'site or meter, energy source and period',
  purchased_goods_services: 'purchase',
  supplier_list: 'supplier',
};

/** DUPLICATE_IN_FILE for a row whose duplicateKey an earlier row of the same file had. */
export const duplicateInFileIssue = (category: CatalogueCategory, rowNumber: number, firstRowNumber?: number | null): Issue => ({
  code: 'DUPLICATE_IN_FILE',
  type: ISSUE_TYPES.DUPLICATE_IN_FILE,
  field: null,
  rowNumber,
  message:
    firstRowNumber == null
      ? `Row ${rowNumber}: an earlier row of this file has the same ${DUPLICATE_SUBJECT[category]}.`
      : `Row ${rowNumber}: row ${firstRowNumber} of this file has the same ${DUPLICATE_SUBJECT[category]}.`,
  value: null,
});

/** DUPLICATE_OF_STORED_ENTRY for a row whose duplicateKey an entry of another file already has. */
export const duplicateOfStoredEntryIssue = (category: CatalogueCategory, rowNumber: number, reference?: string | null): Issue => ({
  code: 'DUPLICATE_OF_STORED_ENTRY',
  type: ISSUE_TYPES.DUPLICATE_OF_STORED_ENTRY,
  field: null,
  rowNumber,
  message: reference
    ? `Row ${rowNumber}: an entry already stored (${reference}) has the same ${DUPLICATE_SUBJECT[category]}.`
    : `Row ${rowNumber}: an entry already stored from another file has the same ${DUPLICATE_SUBJECT[category]}.`,
  value: null,
});
