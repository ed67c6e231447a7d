import type { Context } from '../../../context.ts';
import { deleteManyFileUploads } from './delete-many-file-uploads.ts';

/** Deletes one batch with its files (see deleteManyFileUploads). */
export const deleteFileUpload = async (ctx: Context, id: string): Promise<void> => {
  await deleteManyFileUploads(ctx, [id]);
};
