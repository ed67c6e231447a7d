import type { CatalogueCategory } from '../field-catalogue/types.ts';
import { buildEntry, compileEntryPlan } from './plan.ts';
import type { BuiltEntry, CellValue, MappingRule, MappingTransformation, MappingValidation } from './types.ts';

/** A mapping of column `index` to `field`; the column is named after the field unless told. */
export const mapping = (
  index: number,
  field: string,
  transformations: MappingTransformation[] = [],
  validation?: MappingValidation,
  sourceColumn = `Col ${field}`,
): MappingRule => ({ sourceIndex: index, sourceColumn, targetField: field, transformations, ...(validation ? { validation } : {}) });

/** A plan mapping column i to fields[i] (plan issues ignored), and a function that builds one row. */
export const planFor = (category: CatalogueCategory, fields: readonly (string | MappingRule)[]) => {
  const rules = fields.map((f, i) => (typeof f === 'string' ? mapping(i, f) : f));
  const { plan, issues } = compileEntryPlan(category, rules);
  const row = (cells: readonly CellValue[], rowNumber = 14): BuiltEntry => buildEntry(plan, rowNumber, cells);
  const value = (entry: BuiltEntry, key: string) => entry.values[plan.fields.findIndex((f) => f.key === key)];
  return { plan, issues, row, value };
};

/** The issues of a built row as `CODE: message`, for readable assertions. */
export const described = (entry: BuiltEntry | { issues: { code: string; message: string }[] }): string[] =>
  entry.issues.map((issue) => `${issue.code}: ${issue.message}`);
