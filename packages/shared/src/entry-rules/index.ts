/**
 * Entry rules: a file's mappings compiled into a plan, and each row turned into typed, validated values with
 * issues. Pure code, no I/O: the API's validation worker runs it over every row of a file, the mapping preview
 * over the first rows. Rules, codes and messages: docs/validation-rules.md.
 *
 * ```ts
 * const { plan, issues } = compileEntryPlan('vessel_fuel_consumption', rules); // once per file
 * for (const { rowNumber, values } of rows) {
 *   const entry = buildEntry(plan, rowNumber, values); // entry.values aligned with plan.fields
 * }
 * ```
 */
export { DATE_FORMATS, type DateFormat, isKnownDateFormat } from './dates.ts';
export { formatEntryValue } from './format.ts';
export { duplicateInFileIssue, duplicateOfStoredEntryIssue, ISSUE_TYPES, type IssueCode } from './issues.ts';
export { buildEntry, compileEntryPlan, planFieldOf, planFieldsOf } from './plan.ts';
export type {
  BuiltEntry,
  CellValue,
  DataPointCounts,
  EntryPlan,
  EntryValue,
  Issue,
  IssueType,
  MappingRule,
  MappingTransformation,
  MappingValidation,
  PlanField,
  TransformationType,
} from './types.ts';
