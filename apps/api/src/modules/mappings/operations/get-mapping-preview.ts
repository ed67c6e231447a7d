import { buildEntry, compileEntryPlan, type Issue, type MappingRule } from '@tidewise/shared/entry-rules/index';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import type { Context } from '../../../context.ts';
import { refuse } from '../../../lib/authz.ts';
import { AppError } from '../../../lib/errors.ts';
import { type DataEntryValueView, typedValueSlots, type ValidationIssueView } from '../../../schema/entry-values.graphql.ts';
import { mappableFileRefusal } from '../mapping-writes.ts';
import { activeMappingsOf, categoryOfFile, type FileMappingRow, findFileForActor, readFirstRows } from '../records.ts';

export const MAX_PREVIEW_ROWS = 50;
export const DEFAULT_PREVIEW_ROWS = 10;

export type MappingPreviewRowView = {
  rowNumber: number;
  isValid: boolean;
  values: DataEntryValueView[];
  issues: ValidationIssueView[];
};

export type MappingPreviewView = {
  fileId: string;
  category: CatalogueCategory;
  issues: ValidationIssueView[];
  rows: MappingPreviewRowView[];
};

/** A stored mapping as the entry rules take it. */
export const ruleOf = (mapping: FileMappingRow): MappingRule => ({
  sourceIndex: mapping.sourceIndex,
  sourceColumn: mapping.sourceColumn,
  targetField: mapping.targetField,
  transformations: mapping.transformations,
  validation: mapping.validation,
});

const issueView = (issue: Issue): ValidationIssueView => ({
  code: issue.code,
  message: issue.message,
  type: issue.type,
  field: issue.field,
  rowNumber: issue.rowNumber,
  value: issue.value,
});

/**
 * The first rows of a file through its active mappings, as the validation would store them: typed values in the
 * fields' canonical units with the issues of each row, and the problems of the mappings themselves (a required
 * field not mapped, a volume without a density...). Nothing is stored, so a person can try mappings out.
 */
export const getMappingPreview = async (ctx: Context, args: { fileId: string; rows?: number | null }): Promise<MappingPreviewView> => {
  const count = args.rows ?? DEFAULT_PREVIEW_ROWS;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PREVIEW_ROWS) {
    throw new AppError('VALIDATION_FAILED', `rows must be between 1 and ${MAX_PREVIEW_ROWS}.`, { field: 'rows' });
  }
  const file = await findFileForActor(ctx, args.fileId);
  const refusal = mappableFileRefusal(file);
  if (refusal) refuse(refusal);
  const category = categoryOfFile(file);
  if (!category) return refuse({ code: 'CONFLICT', message: 'The file has no category.' });
  const [mappings, sourceRows] = await Promise.all([activeMappingsOf(ctx.db, file.id), readFirstRows(ctx.db, file.id, count)]);
  const { plan, issues } = compileEntryPlan(category, mappings.filter((m) => m.category === category).map(ruleOf));
  const rows = sourceRows.map((source): MappingPreviewRowView => {
    const entry = buildEntry(plan, source.rowNumber, source.values);
    const values = plan.fields.map((field, i): DataEntryValueView => {
      const error = entry.issues.find((issue) => issue.field === field.key && issue.type === 'error');
      return {
        fieldName: field.key,
        label: field.label,
        ...typedValueSlots(field.dataType, entry.values[i] ?? null),
        unit: field.unit,
        dataType: field.dataType,
        isValid: !error,
        validationError: error?.message ?? null,
      };
    });
    return { rowNumber: entry.rowNumber, isValid: entry.isValid, values, issues: entry.issues.map(issueView) };
  });
  return { fileId: file.id, category, issues: issues.map(issueView), rows };
};
