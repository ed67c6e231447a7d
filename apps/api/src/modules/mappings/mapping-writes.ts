import type { Executor } from '@tidewise/db/client';
import type { StoredMappingValidation, StoredTransformation } from '@tidewise/db/schema/mappings';
import { fieldsByCategory, normalizeLabel } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory, FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import type { Refusal } from '../../lib/authz.ts';
import { putFileMapping } from '../../lib/validation-runs.ts';
import { categoryOfFile, columnsOfFile, type FileMappingRow, type FileRow, type SourceColumn } from './records.ts';

/** Pieces the mapping operations share inside their transactions. */

export type MappingOrigin = 'learned' | 'manual' | 'suggestion';

/** The catalogue field of a category, or undefined. */
export const fieldOf = (category: string, key: string): FieldDefinition | undefined =>
  fieldsByCategory(category).find((f) => f.key === key);

/** The label a field key shows: the catalogue's, or the key itself for a field the catalogue no longer has. */
export const labelOf = (category: string, key: string): string => fieldOf(category, key)?.label ?? key;

/** What a file must be for its columns to be mapped: read, with columns, in a category that has fields. */
export const mappableFileRefusal = (file: FileRow): Refusal | null => {
  if (file.status !== 'processed') {
    return {
      code: 'CONFLICT',
      message: `"${file.originalName}" has not been read yet (it is ${file.status}); map its columns once it is processed.`,
    };
  }
  if (columnsOfFile(file).length === 0) return { code: 'CONFLICT', message: `"${file.originalName}" has no columns to map.` };
  if (!categoryOfFile(file)) {
    return {
      code: 'CONFLICT',
      message: `Choose what "${file.originalName}" holds (its category) before mapping its columns.`,
      field: 'category',
    };
  }
  return null;
};

/** The column a mapping names: by exact name, else by the name compared loosely (case, spaces, CO₂ = CO2). The first one wins. */
export const findColumn = (file: FileRow, name: string): SourceColumn | null => {
  const columns = columnsOfFile(file);
  return columns.find((c) => c.name === name) ?? columns.find((c) => normalizeLabel(c.name) === normalizeLabel(name)) ?? null;
};

/** A category's name as people read it ("Vessel fuel consumption"). */
export const categoryLabel = (category: string): string => (FILE_CATEGORY_LABELS as Record<string, string>)[category] ?? category;

export type NewMapping = {
  file: FileRow;
  category: CatalogueCategory;
  column: SourceColumn;
  field: FieldDefinition;
  transformations: StoredTransformation[];
  validation: StoredMappingValidation;
  origin: MappingOrigin;
  createdBy: string | null;
};

/** Maps a column to a field (lib/validation-runs.ts putFileMapping). Call with the file locked. */
export const putMapping = (tx: Executor, mapping: NewMapping): Promise<{ created: FileMappingRow; replaced: FileMappingRow[] }> =>
  putFileMapping(tx, { ...mapping, targetField: mapping.field.key });

/** A mapping as the audit trail keeps it. */
export const auditViewOf = (m: FileMappingRow) => ({
  sourceColumn: m.sourceColumn,
  sourceIndex: m.sourceIndex,
  targetField: m.targetField,
  origin: m.origin,
  transformations: m.transformations,
  validation: m.validation,
});
