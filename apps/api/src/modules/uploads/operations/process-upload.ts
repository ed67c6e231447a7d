import type { Context } from '../../../context.ts';
import { findUploadForActor, type UploadWithFile } from '../records.ts';
import { queueReadingAgain } from '../requeue.ts';

/**
 * Queues the reading of a single upload's file: after finishUpload (uploaded), or again once processed or
 * failed while reading, optionally with another sheet.
 */
export const processUpload = async (ctx: Context, input: { uploadId: string; sheet: string | null }): Promise<UploadWithFile> => {
  const upload = await findUploadForActor(ctx, input.uploadId);
  const file = await queueReadingAgain(ctx, upload.fileId, 'process', input.sheet);
  return { ...upload, file };
};
