import type { StoredMappingValidation } from '@tidewise/db/schema/mappings';
import type { FieldDataType } from '@tidewise/shared/field-catalogue/types';
import { fieldOf, labelOf } from './mapping-writes.ts';
import { type ColumnAnalysisRow, columnsOfFile, type FileMappingRow, type FileRow, type StoredCell } from './records.ts';

/** What the GraphQL types read: stored rows with what the file and the catalogue add to them. */

export type ColumnAnalysisView = ColumnAnalysisRow & { dataType: string; sampleValues: StoredCell[] };

/** The analyses with their column's type and sample values as the reader found them. */
export const analysisViewsOf = (file: FileRow, rows: readonly ColumnAnalysisRow[]): ColumnAnalysisView[] => {
  const columns = new Map(columnsOfFile(file).map((c) => [c.index, c]));
  return rows.map((row) => {
    const column = columns.get(row.sourceIndex);
    return { ...row, dataType: column?.dataType ?? 'empty', sampleValues: column?.sampleValues ?? [] };
  });
};

export type MappingValidationView = {
  required: boolean;
  dataType: FieldDataType;
  min: number | null;
  max: number | null;
  pattern: string | null;
};

const narrower = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number): number | null =>
  a === undefined ? (b ?? null) : b === undefined ? a : pick(a, b);

/** The checks a mapping's values go through: the field's own, narrowed by the mapping's. */
export const validationViewOf = (mapping: FileMappingRow): MappingValidationView => {
  const field = fieldOf(mapping.category, mapping.targetField);
  const own: StoredMappingValidation = mapping.validation ?? {};
  return {
    required: own.required ?? field?.requirement === 'required',
    dataType: field?.dataType ?? 'string',
    min: narrower(field?.min, own.min, Math.max),
    max: narrower(field?.max, own.max, Math.min),
    pattern: own.pattern ?? field?.pattern ?? null,
  };
};

export const targetLabelOf = (mapping: Pick<FileMappingRow, 'category' | 'targetField'>) => labelOf(mapping.category, mapping.targetField);
