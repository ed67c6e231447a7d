import { inflateRawSync } from 'node:zlib';
import type { Executor } from '@tidewise/db/client';
import { columnAnalyses, fileMappings } from '@tidewise/db/schema/mappings';
import { files, uploads } from '@tidewise/db/schema/uploads';
import { isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import { isFileStatus } from '@tidewise/shared/uploads';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppServices, Context } from '../../context.ts';
import { requireActor } from '../../lib/authz.ts';
import { isUuid } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';

/** Loaders of the mappings module, every one scoped to an organization: another organization's id is NOT_FOUND. */

export type FileRow = typeof files.$inferSelect;
export type ColumnAnalysisRow = typeof columnAnalyses.$inferSelect;
export type FileMappingRow = typeof fileMappings.$inferSelect;

type Reader = Pick<Context, 'actor' | 'db'>;

export { findFileForActor, findUploadFileForActor } from '../../lib/upload-records.ts';

/** A cell as the reader stored it: dates are ISO text. */
export type StoredCell = string | number | boolean | null;

/** A column as the reader detected it (files.file_metadata.detectedColumns). */
export type SourceColumn = { index: number; name: string; dataType: string; sampleValues: StoredCell[] };

const COLUMN_DATA_TYPES = new Set(['string', 'number', 'integer', 'date', 'boolean', 'empty']);

/** The columns of a read file, by position; empty before the file was read. */
export const columnsOfFile = (file: Pick<FileRow, 'fileMetadata'>): SourceColumn[] => {
  const detected = (file.fileMetadata as { detectedColumns?: unknown } | null)?.detectedColumns;
  if (!Array.isArray(detected)) return [];
  return detected
    .filter((c): c is SourceColumn => typeof c === 'object' && c !== null && typeof c.name === 'string' && Number.isInteger(c.index))
    .map((c) => ({
      index: c.index,
      name: c.name,
      dataType: COLUMN_DATA_TYPES.has(c.dataType) ? c.dataType : 'string',
      sampleValues: Array.isArray(c.sampleValues) ? c.sampleValues : [],
    }))
    .sort((a, b) => a.index - b.index);
};

/**
 * The category a file's columns are mapped for: the one a person confirmed, else the reader's suggestion; null when
 * neither names a catalogue category (unknown, or not read yet).
 */
export const categoryOfFile = (file: Pick<FileRow, 'category' | 'fileMetadata'>): CatalogueCategory | null => {
  if (file.category) return isCatalogueCategory(file.category) ? file.category : null;
  const suggested = (file.fileMetadata as { categoryAnalysis?: { suggestedCategory?: unknown } } | null)?.categoryAnalysis
    ?.suggestedCategory;
  return typeof suggested === 'string' && isCatalogueCategory(suggested) ? suggested : null;
};

/**
 * Locks a file of the organization for the rest of the transaction, so mapping changes of one file follow each
 * other (each sees the mappings the one before left); NOT_FOUND otherwise.
 */
export const lockFile = async (tx: Executor, organizationId: string, fileId: string): Promise<FileRow> => {
  if (!isUuid(fileId)) throw notFound('File', fileId);
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, organizationId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('File', fileId);
  return row;
};

/** A column analysis of the caller's organization, or NOT_FOUND. */
export const findAnalysisForActor = async (ctx: Reader, id: string, executor: Executor = ctx.db): Promise<ColumnAnalysisRow> => {
  const actor = requireActor(ctx);
  if (!isUuid(id)) throw notFound('ColumnAnalysis', id);
  const [row] = await executor
    .select()
    .from(columnAnalyses)
    .where(and(eq(columnAnalyses.id, id), eq(columnAnalyses.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('ColumnAnalysis', id);
  return row;
};

/** A mapping of the caller's organization, or NOT_FOUND. */
export const findMappingForActor = async (ctx: Reader, id: string, executor: Executor = ctx.db): Promise<FileMappingRow> => {
  const actor = requireActor(ctx);
  if (!isUuid(id)) throw notFound('FileMapping', id);
  const [row] = await executor
    .select()
    .from(fileMappings)
    .where(and(eq(fileMappings.id, id), eq(fileMappings.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('FileMapping', id);
  return row;
};

/** The active mappings of a file, by source column position. */
export const activeMappingsOf = (executor: Executor, fileId: string): Promise<FileMappingRow[]> =>
  executor
    .select()
    .from(fileMappings)
    .where(and(eq(fileMappings.fileId, fileId), eq(fileMappings.isActive, true)))
    .orderBy(asc(fileMappings.sourceIndex));

/** The analyses of a file for a category, by column position. */
export const analysesOf = (executor: Executor, fileId: string, category: string): Promise<ColumnAnalysisRow[]> =>
  executor
    .select()
    .from(columnAnalyses)
    .where(and(eq(columnAnalyses.fileId, fileId), eq(columnAnalyses.category, category)))
    .orderBy(asc(columnAnalyses.sourceIndex));

/**
 * Marks each analysis of the file accepted exactly when an active mapping takes its column to its suggested field.
 * Run after every mapping change: a mapping replaced by another column's, or deleted, leaves its suggestion open again.
 */
export const syncAcceptedFlags = async (executor: Executor, fileId: string): Promise<void> => {
  await executor.execute(sql`
    UPDATE column_analyses ca SET is_accepted = EXISTS (
      SELECT 1 FROM file_mappings m
      WHERE m.file_id = ca.file_id AND m.is_active AND m.source_index = ca.source_index
        AND m.target_field = ca.suggested_target_field AND m.category = ca.category
    )
    WHERE ca.file_id = ${fileId}::uuid`);
};

/** The single-file upload a file belongs to, if any (live events name it). */
export const uploadIdOf = async (executor: Executor, fileId: string): Promise<string | null> => {
  const [row] = await executor.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileId, fileId)).limit(1);
  return row?.id ?? null;
};

/**
 * Tells subscribers of the file (fileUpdated, filesUpdated) that its columns' suggestions or mappings changed, so
 * they read it again. The event is the uploads module's (ids and the status only). Call after the commit.
 */
export const announceFileChange = async (services: Pick<AppServices, 'db' | 'pubsub' | 'logger'>, file: FileRow): Promise<void> => {
  try {
    const uploadId = await uploadIdOf(services.db, file.id);
    services.pubsub.publish('uploads.file', file.organizationId, {
      fileId: file.id,
      fileUploadId: file.fileUploadId,
      uploadId,
      status: isFileStatus(file.status) ? file.status : 'failed',
    });
  } catch (error) {
    services.logger.warn({ err: error, fileId: file.id }, 'could not announce a change of mappings');
  }
};

/**
 * The first `limit` data rows of a file, in order, from its row chunks. The chunk format is the uploads module's
 * (`[[rowNumber, [values...]], ...]` as JSON, raw-deflated, base64): only the chunks that hold those rows are read.
 */
export const readFirstRows = async (
  executor: Executor,
  fileId: string,
  limit: number,
): Promise<{ rowNumber: number; values: StoredCell[] }[]> => {
  if (limit <= 0) return [];
  const result = (await executor.execute(
    sql`SELECT rows FROM file_row_chunks WHERE file_id = ${fileId}::uuid AND first_index < ${limit}::int ORDER BY first_index`,
  )) as unknown as { rows: { rows: string }[] };
  const rows: { rowNumber: number; values: StoredCell[] }[] = [];
  for (const chunk of result.rows) {
    const pairs = JSON.parse(inflateRawSync(Buffer.from(chunk.rows, 'base64')).toString('utf8')) as [number, StoredCell[]][];
    for (const [rowNumber, values] of pairs) {
      if (rows.length >= limit) return rows;
      rows.push({ rowNumber, values });
    }
  }
  return rows;
};
