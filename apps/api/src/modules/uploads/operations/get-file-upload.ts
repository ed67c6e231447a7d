import type { Context } from '../../../context.ts';
import { type FileUploadRecord, findFileUploadForActor } from '../records.ts';

/** One batch of the caller's organization, or NOT_FOUND. */
export const getFileUpload = (ctx: Context, id: string): Promise<FileUploadRecord> => findFileUploadForActor(ctx, id);
