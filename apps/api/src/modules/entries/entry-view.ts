import type { Executor } from '@tidewise/db/client';
import { fileValidations, type StoredEntryIssue, type StoredEntryValue } from '@tidewise/db/schema/entries';
import { files, uploads } from '@tidewise/db/schema/uploads';
import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import type { FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { FILE_CATEGORIES, type FileCategory } from '@tidewise/shared/uploads';
import { and, asc, desc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { type DataEntryValueView, type FieldDataTypeName, typedValueSlots } from '../../schema/entry-values.graphql.ts';
import { type CellValue, readRowsAt } from './row-chunks.ts';

/**
 * Data entries as clients see them (spec DataEntry): a stored row (data_entries) read together with its run
 * (file_validations: file, category, creation time, the fields its values are aligned with) and the catalogue
 * (labels, canonical units, data types).
 */

/** A file's visible entries: its validation's current generation, with what every entry of it shares. */
export type EntryRun = {
  generation: number;
  fileId: string;
  organizationId: string;
  category: string;
  entryFields: string[];
  validatedAt: Date;
  validRows: number;
  invalidRows: number;
  originalName: string;
  fileUploadId: string | null;
  uploadId: string | null;
  /** Column names of the file as read (rawData keys). */
  columns: string[];
  /** The supplier whose answer this is, when the reader sees it through a request; null for the reader's own files. */
  supplierOrganizationId: string | null;
};

export type RunFilter = {
  category?: string | null;
  fileId?: string | null;
  uploadId?: string | null;
  fileUploadId?: string | null;
  generation?: number;
};

/**
 * Whose files a reader's runs come from: its own (`own`), other organizations' response uploads it reads through
 * its requests (`foreignUploadIds`, see lib/request-access.ts), and, when set, only files of `onlyUploadIds`.
 */
export type RunAccess = {
  organizationId: string;
  own: boolean;
  foreignUploadIds: readonly string[];
  onlyUploadIds: readonly string[] | null;
};

/** The organization's own files only. */
export const ownRuns = (organizationId: string): RunAccess => ({ organizationId, own: true, foreignUploadIds: [], onlyUploadIds: null });

/**
 * The files with visible entries the access allows, narrowed by the file-level filters; newest validation first
 * (`desc`) or oldest first. Access narrows files (one id list per answered request), never entries.
 */
export const visibleRuns = async (
  executor: Executor,
  access: string | RunAccess,
  filter: RunFilter,
  order: 'asc' | 'desc',
): Promise<EntryRun[]> => {
  const scope = typeof access === 'string' ? ownRuns(access) : access;
  const readable = or(
    scope.own ? eq(fileValidations.organizationId, scope.organizationId) : undefined,
    scope.foreignUploadIds.length > 0
      ? and(inArray(files.fileUploadId, [...scope.foreignUploadIds]), ne(fileValidations.organizationId, scope.organizationId))
      : undefined,
  );
  if (!readable || scope.onlyUploadIds?.length === 0) return [];
  const by = order === 'desc' ? desc : asc;
  const rows = await executor
    .select({
      generation: fileValidations.entriesGeneration,
      fileId: fileValidations.fileId,
      organizationId: fileValidations.organizationId,
      category: fileValidations.category,
      entryFields: fileValidations.entryFields,
      validatedAt: fileValidations.validatedAt,
      validRows: fileValidations.validRows,
      invalidRows: fileValidations.invalidRows,
      originalName: files.originalName,
      fileUploadId: files.fileUploadId,
      uploadId: uploads.id,
      readDetails: files.readDetails,
    })
    .from(fileValidations)
    .innerJoin(files, eq(files.id, fileValidations.fileId))
    .leftJoin(uploads, eq(uploads.fileId, fileValidations.fileId))
    .where(
      and(
        readable,
        scope.onlyUploadIds ? inArray(files.fileUploadId, [...scope.onlyUploadIds]) : undefined,
        gt(fileValidations.entriesGeneration, 0),
        filter.category ? eq(fileValidations.category, filter.category) : undefined,
        filter.fileId ? eq(fileValidations.fileId, filter.fileId) : undefined,
        filter.uploadId ? eq(uploads.id, filter.uploadId) : undefined,
        filter.fileUploadId ? eq(files.fileUploadId, filter.fileUploadId) : undefined,
        filter.generation ? eq(fileValidations.entriesGeneration, filter.generation) : undefined,
      ) as SQL,
    )
    .orderBy(by(fileValidations.validatedAt), by(fileValidations.fileId));
  return rows.map(({ readDetails, ...row }) => ({
    ...row,
    category: row.category ?? 'unknown',
    validatedAt: row.validatedAt ?? new Date(0),
    columns: (readDetails as { columns?: string[] } | null)?.columns ?? [],
    supplierOrganizationId: row.organizationId === scope.organizationId ? null : row.organizationId,
  }));
};

/** An entry row as the entry queries select it. */
export type EntryRow = {
  generation: number;
  row_index: number;
  row_number: number;
  entry_date: string | null;
  is_valid: boolean;
  values: StoredEntryValue[];
  validation_errors: StoredEntryIssue[] | null;
};

/** The columns every entry query selects, for EntryRow. */
export const ENTRY_SELECT =
  'e.generation, e.row_index, e.row_number, e.entry_date::text AS entry_date, e.is_valid, e.values, e.validation_errors';

export type DataEntryView = {
  id: string;
  category: FileCategory;
  sourceReference: string;
  entryDate: string | null;
  isValid: boolean;
  rowIndex: number;
  rowNumber: number;
  fileId: string;
  uploadId: string | null;
  fileUploadId: string | null;
  organizationId: string;
  supplierOrganizationId: string | null;
  validationErrors: StoredEntryIssue[];
  values: DataEntryValueView[];
  createdAt: Date;
  columns: string[];
};

/** An entry's id: its generation and row index, which name it among every entry (generations are global). */
export const entryIdOf = (generation: number, rowIndex: number) => `${generation}-${rowIndex}`;

export const parseEntryId = (id: string): { generation: number; rowIndex: number } | null => {
  const match = /^(\d{1,10})-(\d{1,10})$/.exec(id);
  if (!match) return null;
  const generation = Number(match[1]);
  const rowIndex = Number(match[2]);
  return generation > 0 && generation <= 2_147_483_647 && rowIndex <= 2_147_483_647 ? { generation, rowIndex } : null;
};

const catalogueFields = new Map<string, Map<string, FieldDefinition>>();
const fieldOf = (category: string, key: string): FieldDefinition | undefined => {
  let fields = catalogueFields.get(category);
  if (!fields) {
    fields = new Map(fieldsByCategory(category).map((field) => [field.key, field]));
    catalogueFields.set(category, fields);
  }
  return fields.get(key);
};

const asCategory = (value: string): FileCategory =>
  (FILE_CATEGORIES as readonly string[]).includes(value) ? (value as FileCategory) : 'unknown';

/** The typed values of an entry, in the order of its run's fields. */
export const entryValues = (
  run: Pick<EntryRun, 'category' | 'entryFields'>,
  row: Pick<EntryRow, 'values' | 'validation_errors'>,
): DataEntryValueView[] =>
  run.entryFields.map((key, i) => {
    const field = fieldOf(run.category, key);
    const dataType: FieldDataTypeName = field?.dataType ?? 'string';
    const error = row.validation_errors?.find((issue) => issue.field === key && issue.type === 'error') ?? null;
    return {
      fieldName: key,
      label: field?.label ?? key,
      ...typedValueSlots(dataType, row.values[i] ?? null),
      unit: field?.canonicalUnit ?? null,
      dataType,
      isValid: error === null,
      validationError: error?.message ?? null,
    };
  });

export const dataEntryView = (run: EntryRun, row: EntryRow): DataEntryView => ({
  id: entryIdOf(row.generation, row.row_index),
  category: asCategory(run.category),
  sourceReference: `${run.originalName}, row ${row.row_number}`,
  entryDate: row.entry_date,
  isValid: row.is_valid,
  rowIndex: row.row_index,
  rowNumber: row.row_number,
  fileId: run.fileId,
  uploadId: run.uploadId,
  fileUploadId: run.fileUploadId,
  organizationId: run.organizationId,
  supplierOrganizationId: run.supplierOrganizationId,
  validationErrors: row.validation_errors ?? [],
  values: entryValues(run, row),
  createdAt: run.validatedAt,
  columns: run.columns,
});

type RowWaiter = { rowIndex: number; resolve: (values: CellValue[] | null) => void; reject: (error: unknown) => void };
const rawLoaders = new WeakMap<object, Map<string, RowWaiter[]>>();

/**
 * The source row of an entry (column name → value), read from the file's stored chunks. Rows asked for in the
 * same turn (a page of entries) are read together, one query and one chunk decoding per file.
 */
export const rawDataOf = (
  ctx: Pick<Context, 'db'>,
  entry: Pick<DataEntryView, 'fileId' | 'rowIndex' | 'columns'>,
): Promise<Record<string, CellValue>> =>
  new Promise<CellValue[] | null>((resolve, reject) => {
    let waiting = rawLoaders.get(ctx);
    if (!waiting) {
      const batch = new Map<string, RowWaiter[]>();
      waiting = batch;
      rawLoaders.set(ctx, batch);
      setImmediate(() => {
        rawLoaders.delete(ctx);
        for (const [fileId, waiters] of batch) {
          readRowsAt(
            ctx.db,
            fileId,
            waiters.map((w) => w.rowIndex),
          ).then(
            (rows) => {
              for (const w of waiters) w.resolve(rows.get(w.rowIndex) ?? null);
            },
            (error: unknown) => {
              for (const w of waiters) w.reject(error);
            },
          );
        }
      });
    }
    const list = waiting.get(entry.fileId) ?? [];
    list.push({ rowIndex: entry.rowIndex, resolve, reject });
    waiting.set(entry.fileId, list);
  }).then((values) => {
    const raw: Record<string, CellValue> = {};
    if (!values) return raw;
    const width = Math.max(entry.columns.length, values.length);
    for (let i = 0; i < width; i++) raw[entry.columns[i] ?? `Column ${i + 1}`] = values[i] ?? null;
    return raw;
  });

/** Reads one entry row of a generation. */
export const readEntryRow = async (executor: Executor, generation: number, rowIndex: number): Promise<EntryRow | null> => {
  const { rows } = (await executor.execute(
    sql`SELECT ${sql.raw(ENTRY_SELECT)} FROM data_entries e WHERE e.generation = ${generation}::int AND e.row_index = ${rowIndex}::int`,
  )) as unknown as { rows: EntryRow[] };
  return rows[0] ?? null;
};
