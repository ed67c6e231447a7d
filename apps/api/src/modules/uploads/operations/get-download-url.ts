import type { Context } from '../../../context.ts';
import { refuse } from '../../../lib/authz.ts';
import type { DownloadUrl } from '../../../lib/storage/storage.ts';
import { fileStatusOf, findFileForActor } from '../records.ts';
import { downloadRefusal } from '../uploads.policy.ts';

/**
 * A short-lived link to a file's stored bytes, served as an attachment named after the sanitised name (and,
 * on local storage, with nosniff). Only for bytes that are stored: CONFLICT for a pending, cancelled or
 * refused file.
 */
export const getDownloadUrl = async (ctx: Context, fileId: string): Promise<DownloadUrl> => {
  const file = await findFileForActor(ctx, fileId);
  const refusal = downloadRefusal({ status: fileStatusOf(file.status), uploadedAt: file.uploadedAt });
  if (refusal) refuse(refusal);
  return ctx.storage.createDownloadUrl({ key: file.storageKey, fileName: file.sanitizedName });
};
