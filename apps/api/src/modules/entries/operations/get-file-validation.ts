import type { Context } from '../../../context.ts';
import { findFileOfActor, validationOfFile } from '../records.ts';
import { type FileValidationView, fileValidationView } from '../validation-view.ts';

/** A file's validation (status not_started before mappings are applied), or NOT_FOUND for another organization's file. */
export const getFileValidation = async (ctx: Context, fileId: string): Promise<FileValidationView> => {
  const file = await findFileOfActor(ctx, fileId);
  return fileValidationView({ file, validation: await validationOfFile(ctx.db, file.id) });
};
