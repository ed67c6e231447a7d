import type { Context } from '../../../context.ts';
import { completeStoredFile } from '../completion.ts';
import { findUploadForActor, type UploadWithFile } from '../records.ts';

/**
 * The client says a single upload's bytes are sent: verified and sniffed like completeUpload, but left
 * `uploaded` until processUpload asks for the reading (optionally naming a sheet).
 */
export const finishUpload = async (ctx: Context, uploadId: string): Promise<UploadWithFile> => {
  const upload = await findUploadForActor(ctx, uploadId);
  const file = await completeStoredFile(ctx, upload.file, { queue: false });
  return { ...upload, file };
};
