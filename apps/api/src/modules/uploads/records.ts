import type { Executor } from '@tidewise/db/client';
import { fileUploads, files, uploads } from '@tidewise/db/schema/uploads';
import { deriveFileUploadStatus, type FileStatus, type FileUploadStatus, isFileStatus, isFileUploadStatus } from '@tidewise/shared/uploads';
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { requireActor } from '../../lib/authz.ts';
import { isUuid } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileRecord, FileUploadRecord } from '../../lib/upload-records.ts';

export type { FileRecord, FileUploadRecord } from '../../lib/upload-records.ts';
export { findFileForActor, findFileUploadForActor } from '../../lib/upload-records.ts';
export type UploadRecord = typeof uploads.$inferSelect;
/** A single-file upload with its file. */
export type UploadWithFile = UploadRecord & { file: FileRecord };

/** A stored status read back; an unknown value (a newer version's) reads as the closest safe one. */
export const fileStatusOf = (stored: string): FileStatus => (isFileStatus(stored) ? stored : 'failed');
export const fileUploadStatusOf = (stored: string): FileUploadStatus => (isFileUploadStatus(stored) ? stored : 'failed');

type Reader = Pick<Context, 'actor' | 'db'>;

/** A single-file upload of the caller's organization with its file, or NOT_FOUND. */
export const findUploadForActor = async (ctx: Reader, uploadId: string, executor: Executor = ctx.db): Promise<UploadWithFile> => {
  const actor = requireActor(ctx);
  if (!isUuid(uploadId)) throw notFound('Upload', uploadId);
  const [row] = await executor
    .select({ upload: uploads, file: files })
    .from(uploads)
    .innerJoin(files, eq(files.id, uploads.fileId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('Upload', uploadId);
  return { ...row.upload, file: row.file };
};

/** The files of a batch, oldest first. The caller has checked the batch belongs to the organization. */
export const filesOfUpload = (executor: Executor, fileUploadId: string): Promise<FileRecord[]> =>
  executor.select().from(files).where(eq(files.fileUploadId, fileUploadId)).orderBy(asc(files.createdAt), asc(files.id));

/**
 * Recomputes a batch's status and total size from its files (inside the caller's transaction, after it
 * changed a file). A completed batch keeps its status. Answers the batch as stored and whether the status changed.
 */
export const refreshFileUploadStatus = async (
  executor: Executor,
  fileUploadId: string,
): Promise<{ fileUpload: FileUploadRecord; statusChanged: boolean }> => {
  const [current] = await executor.select().from(fileUploads).where(eq(fileUploads.id, fileUploadId)).for('update').limit(1);
  if (!current) throw notFound('FileUpload', fileUploadId);
  const batchFiles = await executor
    .select({ status: files.status, size: files.size })
    .from(files)
    .where(eq(files.fileUploadId, fileUploadId));
  const live = batchFiles.filter((f) => f.status !== 'cancelled');
  const totalSize = live.reduce((sum, f) => sum + f.size, 0);
  const status = current.status === 'completed' ? 'completed' : deriveFileUploadStatus(batchFiles.map((f) => fileStatusOf(f.status)));
  if (status === current.status && totalSize === current.totalSize) return { fileUpload: current, statusChanged: false };
  const [updated] = await executor.update(fileUploads).set({ status, totalSize }).where(eq(fileUploads.id, fileUploadId)).returning();
  return { fileUpload: updated ?? current, statusChanged: status !== current.status };
};
