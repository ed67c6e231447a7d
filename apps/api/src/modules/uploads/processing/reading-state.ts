import type { Database, Executor } from '@tidewise/db/client';
import { files, type StoredFileError, uploads } from '@tidewise/db/schema/uploads';
import { and, eq, inArray } from 'drizzle-orm';
import { requiredCategoryOfBatch } from '../../../lib/data-requests.ts';
import type { ProcessFileJob } from '../jobs.ts';
import type { ReadResult, ReadStart } from '../../../lib/parsing/types.ts';
import { type FileRecord, type FileUploadRecord, refreshFileUploadStatus } from '../records.ts';
import type { ReadDetails } from '../uploads-types.graphql.ts';
import { appendRowChunk, deleteRowChunks, type PackedBatch, type ResumePoint, resumePointOf } from './row-chunks.ts';

/**
 * The file record through one reading, each change one transaction guarded by the job's generation and the
 * `processing` status: a job whose file was deleted, re-queued (another sheet, a retry) or finished by
 * another run of the same job changes nothing and is told so.
 */

/** What a reading stores as read_details: the GraphQL ReadDetails plus the column names known at the start. */
export type StoredReadDetails = ReadDetails & { columns: string[] };

/** A file and its batch after a change, for the live events. */
export type ChangedFile = { file: FileRecord; fileUpload: FileUploadRecord | null };

export type ReadingStart = ChangedFile & {
  resume: ResumePoint;
  /** The single-file upload of the file, or null for a batch file. */
  uploadId: string | null;
};

const ofJob = (job: ProcessFileJob) =>
  and(eq(files.id, job.fileId), eq(files.organizationId, job.organizationId), eq(files.parseGeneration, job.generation));

/** This job's reading, still under way. */
const isCurrentReading = (job: ProcessFileJob) => and(ofJob(job), eq(files.status, 'processing'));

const refreshBatch = async (tx: Executor, file: FileRecord) =>
  file.fileUploadId ? (await refreshFileUploadStatus(tx, file.fileUploadId)).fileUpload : null;

/** The single-file upload a file belongs to, or null for a batch file. */
export const uploadIdOf = async (executor: Executor, fileId: string): Promise<string | null> => {
  const [upload] = await executor.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileId, fileId)).limit(1);
  return upload?.id ?? null;
};

/**
 * Starts the job's reading or takes up the one a stopped run left: `queued` becomes `processing` (any rows of
 * an earlier reading are dropped); `processing` resumes after the rows stored. Null when the job is stale:
 * file deleted, another generation, or already settled.
 */
export const beginReading = (db: Database, job: ProcessFileJob): Promise<ReadingStart | null> =>
  db.transaction(async (tx) => {
    const [current] = await tx.select().from(files).where(ofJob(job)).for('update').limit(1);
    if (!current || (current.status !== 'queued' && current.status !== 'processing')) return null;
    if (current.status === 'queued') await deleteRowChunks(tx, job.fileId);
    const resume = await resumePointOf(tx, job.fileId);
    const changes =
      current.status === 'queued'
        ? {
            status: 'processing',
            processingStartedAt: new Date(),
            processedAt: null,
            error: null,
            rowsRead: 0,
            readPercent: 0,
          }
        : { rowsRead: resume.storedRows };
    const [file] = await tx.update(files).set(changes).where(eq(files.id, job.fileId)).returning();
    if (!file) return null;
    return { file, fileUpload: await refreshBatch(tx, file), resume, uploadId: await uploadIdOf(tx, job.fileId) };
  });

/** Records how the file is being read (format, dialect, sheet, header, columns). False when the job is stale. */
export const saveReadDetails = async (db: Database, job: ProcessFileJob, start: ReadStart): Promise<boolean> => {
  const details: StoredReadDetails = {
    format: start.format,
    ...(start.encoding !== undefined ? { encoding: start.encoding } : {}),
    ...(start.delimiter !== undefined ? { delimiter: start.delimiter } : {}),
    numberStyle: start.numberStyle,
    ...(start.sheets ? { sheets: start.sheets } : {}),
    ...(start.sheet ? { sheet: start.sheet } : {}),
    headerRowNumber: start.headerRowNumber,
    columns: start.columns.map((column) => column.name),
  };
  const updated = await db.update(files).set({ readDetails: details }).where(isCurrentReading(job)).returning({ id: files.id });
  return updated.length > 0;
};

export type BatchToStore = {
  /** Rows stored before this batch. */
  firstIndex: number;
  batch: PackedBatch;
  /** Percent of the file read so far (0..100). */
  readPercent: number;
};

/** What storing a batch came to: stored; nothing written as the job is stale; or another run stored these rows first. */
export type StoreOutcome = 'stored' | 'stale' | 'taken';

/**
 * Stores one batch as a chunk and the file's progress in one transaction. The guarded UPDATE comes first: it
 * takes the file's row lock, so a second run of the job waits here and then sees the chunk this one stored.
 * Nothing is written unless the outcome is `stored`.
 */
export const storeBatch = (db: Database, job: ProcessFileJob, batch: BatchToStore): Promise<StoreOutcome> =>
  db
    .transaction(async (tx): Promise<StoreOutcome> => {
      const updated = await tx
        .update(files)
        .set({ rowsRead: batch.firstIndex + batch.batch.rowCount, readPercent: Math.min(99, Math.max(0, Math.floor(batch.readPercent))) })
        .where(isCurrentReading(job))
        .returning({ id: files.id });
      if (updated.length === 0) return 'stale';
      // Another run got here first: roll back the progress written above.
      if (!(await appendRowChunk(tx, { fileId: job.fileId, firstIndex: batch.firstIndex, batch: batch.batch }))) throw new AlreadyStored();
      return 'stored';
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyStored) return 'taken' as const;
      throw error;
    });

class AlreadyStored extends Error {}

/**
 * Another run of the job stored the rows this one was about to: this attempt ends and the queue retries it
 * later. By then the other run has finished the file (the retry is stale and ends quietly) or has died (the
 * retry resumes after the rows it stored), so the file never stays `processing` with no one reading it.
 */
export class ConcurrentReadingError extends Error {
  constructor(firstIndex: number) {
    super(`another reading of this file stored rows from ${firstIndex + 1} first; the next attempt resumes after the rows stored`);
    this.name = 'ConcurrentReadingError';
  }
}

/** The stored rows do not add up to what the reader counted: the reading starts over on the next attempt. */
export class StoredRowsMismatchError extends Error {
  constructor(stored: number, read: number) {
    super(`the stored rows (${stored}) do not match the rows read (${read}); the reading starts over`);
    this.name = 'StoredRowsMismatchError';
  }
}

/**
 * The reading is complete: fileMetadata, the row count and `processed`, once the stored rows are checked
 * against the reader's count. Null when the job is stale. On a mismatch the rows are dropped and
 * StoredRowsMismatchError is thrown, so the retry reads the file from the start.
 */
export const finishReading = async (db: Database, job: ProcessFileJob, result: ReadResult): Promise<ChangedFile | null> => {
  const totalRows = result.fileMetadata.totalRows;
  const outcome = await db.transaction(async (tx): Promise<{ mismatch: number } | { changed: ChangedFile } | null> => {
    const [locked] = await tx.select({ id: files.id }).from(files).where(isCurrentReading(job)).for('update').limit(1);
    if (!locked) return null;
    const { storedRows } = await resumePointOf(tx, job.fileId);
    if (storedRows !== totalRows) {
      await deleteRowChunks(tx, job.fileId);
      await tx.update(files).set({ rowsRead: 0 }).where(eq(files.id, job.fileId));
      return { mismatch: storedRows };
    }
    // A file answering a data request takes the request's category, confirmed (decision 2 of data requests).
    const [current] = await tx
      .select({ category: files.category, fileUploadId: files.fileUploadId })
      .from(files)
      .where(eq(files.id, job.fileId));
    const required = current && current.category === null ? await requiredCategoryOfBatch(tx, current.fileUploadId) : null;
    const fileMetadata = required
      ? {
          ...result.fileMetadata,
          categoryAnalysis: {
            suggestedCategory: required.category,
            confidence: 1,
            reasoning: required.reasoning,
            analyzedAt: new Date().toISOString(),
          },
        }
      : result.fileMetadata;
    const [file] = await tx
      .update(files)
      .set({
        status: 'processed',
        ...(required ? { category: required.category } : {}),
        fileMetadata: fileMetadata as unknown as Record<string, unknown>,
        rowsRead: totalRows,
        readPercent: 100,
        processedAt: new Date(),
        error: null,
      })
      .where(eq(files.id, job.fileId))
      .returning();
    if (!file) return null;
    return { changed: { file, fileUpload: await refreshBatch(tx, file) } };
  });
  if (!outcome) return null;
  if ('mismatch' in outcome) throw new StoredRowsMismatchError(outcome.mismatch, totalRows);
  return outcome.changed;
};

/**
 * Ends the reading as failed with its reason and drops the rows it stored. Only a reading in one of `from`
 * (default: under way) changes; null when the job is stale.
 */
export const failReading = (
  db: Database,
  job: ProcessFileJob,
  error: StoredFileError,
  from: readonly ('queued' | 'processing')[] = ['processing'],
): Promise<ChangedFile | null> =>
  db.transaction(async (tx) => {
    const [file] = await tx
      .update(files)
      .set({ status: 'failed', error, rowsRead: 0 })
      .where(and(ofJob(job), inArray(files.status, [...from])))
      .returning();
    if (!file) return null;
    await deleteRowChunks(tx, job.fileId);
    return { file, fileUpload: await refreshBatch(tx, file) };
  });
