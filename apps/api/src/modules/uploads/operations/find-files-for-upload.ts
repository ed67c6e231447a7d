import type { Context } from '../../../context.ts';
import { type FileRecord, filesOfUpload, findFileUploadForActor } from '../records.ts';

/** The files of a batch of the caller's organization, oldest first, cancelled ones included. */
export const findFilesForUpload = async (ctx: Context, fileUploadId: string): Promise<FileRecord[]> => {
  const batch = await findFileUploadForActor(ctx, fileUploadId);
  return filesOfUpload(ctx.db, batch.id);
};
