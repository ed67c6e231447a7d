import type { Context } from '../../../context.ts';
import { findReadableFile } from '../../../lib/request-access.ts';
import { validationOfFile } from '../records.ts';
import { type FileValidationView, fileValidationView } from '../validation-view.ts';

/**
 * A file's validation (status not_started before mappings are applied): the caller's own file, or one of a
 * supplier's answer to its request while submitted or accepted; NOT_FOUND for any other file.
 */
export const getFileValidation = async (ctx: Context, fileId: string): Promise<FileValidationView> => {
  const { file } = await findReadableFile(ctx, fileId);
  return fileValidationView({ file, validation: await validationOfFile(ctx.db, file.id) });
};
