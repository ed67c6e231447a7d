import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { fileUploads, files, uploads } from '@tidewise/db/schema/uploads';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { isUuid } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { enqueueFileProcessing } from './jobs.ts';
import { type FileEvent, type FileUploadEvent, publishFileEvent, publishFileUploadEvent } from './live-events.ts';
import { type FileRecord, type FileUploadRecord, fileStatusOf, fileUploadStatusOf } from './records.ts';

/**
 * Pieces the upload operations share around their transactions: locking the row they change, and what
 * happens once the change is committed (live events, the reading job, removing stored bytes).
 */

/** A file of the organization, locked for the rest of the transaction; NOT_FOUND otherwise. */
export const lockFile = async (tx: Executor, organizationId: string, fileId: string): Promise<FileRecord> => {
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

/** A batch of the organization, locked for the rest of the transaction; NOT_FOUND otherwise. */
export const lockFileUpload = async (tx: Executor, organizationId: string, fileUploadId: string): Promise<FileUploadRecord> => {
  if (!isUuid(fileUploadId)) throw notFound('FileUpload', fileUploadId);
  const [row] = await tx
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.id, fileUploadId), eq(fileUploads.organizationId, organizationId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('FileUpload', fileUploadId);
  return row;
};

/**
 * Locks every file of these batches, in one order. Row locks are taken file first, then its batch (as the
 * reading job and the file operations do); an operation on a whole batch takes its files' locks before the
 * batch's, so it never waits for a batch while holding a file another transaction waits on.
 */
export const lockFilesOfBatches = async (tx: Executor, fileUploadIds: readonly string[]): Promise<FileRecord[]> =>
  fileUploadIds.length === 0
    ? []
    : tx
        .select()
        .from(files)
        .where(inArray(files.fileUploadId, [...fileUploadIds]))
        .orderBy(asc(files.id))
        .for('update');

/** The batch a file belongs to, locked; null for a single-file upload's file. */
export const lockBatchOf = (tx: Executor, file: FileRecord): Promise<FileUploadRecord | null> =>
  file.fileUploadId ? lockFileUpload(tx, file.organizationId, file.fileUploadId) : Promise.resolve(null);

/** The single-file upload a file belongs to, if any. */
export const uploadIdOf = async (executor: Executor, fileId: string): Promise<string | null> => {
  const [row] = await executor.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileId, fileId)).limit(1);
  return row?.id ?? null;
};

/** The live event of a file as it now stands. */
export const fileEventOf = (file: FileRecord, uploadId: string | null): FileEvent => ({
  fileId: file.id,
  fileUploadId: file.fileUploadId,
  uploadId,
  status: fileStatusOf(file.status),
});

export const fileUploadEventOf = (batch: FileUploadRecord): FileUploadEvent => ({
  fileUploadId: batch.id,
  status: fileUploadStatusOf(batch.status),
});

/** What a committed change tells subscribers: each file changed, then each batch they belong to. */
export type CommittedChange = { organizationId: string; files?: FileEvent[]; batches?: FileUploadEvent[] };

/** Publishes after the commit. Live events are fire and forget: a lost one never undoes the change. */
export const publishChange = (ctx: Pick<Context, 'pubsub' | 'logger'>, change: CommittedChange) => {
  try {
    for (const event of change.files ?? []) publishFileEvent(ctx, change.organizationId, event);
    for (const event of change.batches ?? []) publishFileUploadEvent(ctx, change.organizationId, event);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'could not publish an upload event');
  }
};

/**
 * Removes stored objects once the rows naming them are gone (after the commit, so a rolled-back change never
 * loses bytes). A failure is logged, never thrown: the change the person asked for is done, and a left-over
 * object names no row.
 */
export const deleteStoredObjects = async (ctx: Pick<Context, 'storage' | 'logger'>, keys: readonly string[]) => {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') ctx.logger.error({ err: result.reason, key: keys[i] }, 'could not delete a stored file');
  });
};

/**
 * Sends the reading job of a file set `queued` by a committed transaction. A send that fails is thrown, so
 * the client sees the request fail and asks again; asking again for a queued file sends the job again
 * (the queue drops it while one with the same file and generation still waits).
 */
export const sendReadingJob = async (ctx: Pick<Context, 'jobs'>, file: FileRecord) => {
  await enqueueFileProcessing(ctx, { fileId: file.id, organizationId: file.organizationId, generation: file.parseGeneration });
};

/** The address of the person making a batch or a file, kept on the row in case the user goes. */
export const emailOfUser = async (executor: Executor, userId: string): Promise<string | null> => {
  const [row] = await executor.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
};
