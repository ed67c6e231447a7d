import type { Executor } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { type fileUploads, files, uploads } from '@tidewise/db/schema/uploads';
import { asc, eq } from 'drizzle-orm';

/** Loaders of the entries module, each scoped to the caller's organization: anything else is NOT_FOUND. */

export type FileRow = typeof files.$inferSelect;
export type ValidationRow = typeof fileValidations.$inferSelect;
export type BatchRow = typeof fileUploads.$inferSelect;
/** A file with its validation (null before mappings were first applied). */
export type FileWithValidation = { file: FileRow; validation: ValidationRow | null };

export {
  findFileForActor as findFileOfActor,
  findFileUploadForActor as findBatchOfActor,
  findUploadFileForActor as findUploadFileOfActor,
} from '../../lib/upload-records.ts';

export const validationOfFile = async (executor: Executor, fileId: string): Promise<ValidationRow | null> => {
  const [row] = await executor.select().from(fileValidations).where(eq(fileValidations.fileId, fileId)).limit(1);
  return row ?? null;
};

/** The files of a batch (cancelled ones left out) with their validations, oldest first. */
export const validationsOfBatch = async (executor: Executor, fileUploadId: string): Promise<FileWithValidation[]> => {
  const rows = await executor
    .select({ file: files, validation: fileValidations })
    .from(files)
    .leftJoin(fileValidations, eq(fileValidations.fileId, files.id))
    .where(eq(files.fileUploadId, fileUploadId))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.filter((row) => row.file.status !== 'cancelled');
};

/** The single-file upload of a file, if any. */
export const uploadIdOfFile = async (executor: Executor, fileId: string): Promise<string | null> => {
  const [row] = await executor.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileId, fileId)).limit(1);
  return row?.id ?? null;
};
