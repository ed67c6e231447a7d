import type { Executor } from '@tidewise/db/client';
import { fileUploads, files, uploads } from '@tidewise/db/schema/uploads';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../context.ts';
import { requireActor } from './authz.ts';
import { isUuid } from './db.ts';
import { notFound } from './errors.ts';

/**
 * The upload rows several modules load for a caller (uploads, mappings, entries): each scoped to the caller's
 * organization, so another organization's id and a malformed one are the same NOT_FOUND.
 */

export type FileRecord = typeof files.$inferSelect;
export type FileUploadRecord = typeof fileUploads.$inferSelect;

type Reader = Pick<Context, 'actor' | 'db'>;

/** A file of the caller's organization, or NOT_FOUND. */
export const findFileForActor = async (ctx: Reader, fileId: string, executor: Executor = ctx.db): Promise<FileRecord> => {
  const actor = requireActor(ctx);
  if (!isUuid(fileId)) throw notFound('File', fileId);
  const [row] = await executor
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('File', fileId);
  return row;
};

/** A batch of the caller's organization, or NOT_FOUND. */
export const findFileUploadForActor = async (ctx: Reader, fileUploadId: string, executor: Executor = ctx.db): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  if (!isUuid(fileUploadId)) throw notFound('FileUpload', fileUploadId);
  const [row] = await executor
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.id, fileUploadId), eq(fileUploads.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('FileUpload', fileUploadId);
  return row;
};

/** The file of a single-file upload of the caller's organization, or NOT_FOUND (for the upload). */
export const findUploadFileForActor = async (ctx: Reader, uploadId: string, executor: Executor = ctx.db): Promise<FileRecord> => {
  const actor = requireActor(ctx);
  if (!isUuid(uploadId)) throw notFound('Upload', uploadId);
  const [row] = await executor
    .select({ file: files })
    .from(uploads)
    .innerJoin(files, eq(files.id, uploads.fileId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('Upload', uploadId);
  return row.file;
};
