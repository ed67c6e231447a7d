import type { Context } from '../../../context.ts';
import { findUploadForActor, type UploadWithFile } from '../records.ts';

/** One single-file upload of the caller's organization with its file, or NOT_FOUND. */
export const getUpload = (ctx: Context, id: string): Promise<UploadWithFile> => findUploadForActor(ctx, id);
