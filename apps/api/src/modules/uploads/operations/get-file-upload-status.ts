import type { Context } from '../../../context.ts';
import { type FileRecord, type FileUploadRecord, filesOfUpload, findFileUploadForActor } from '../records.ts';

export type FileUploadStatusView = { fileUpload: FileUploadRecord; files: FileRecord[] };

/** A batch and its files read together, so the status, progress and per-file states of one answer agree. */
export const getFileUploadStatus = async (ctx: Context, id: string): Promise<FileUploadStatusView> =>
  ctx.db.transaction(async (tx) => {
    const fileUpload = await findFileUploadForActor(ctx, id, tx);
    return { fileUpload, files: await filesOfUpload(tx, fileUpload.id) };
  });
