import type { files } from '@tidewise/db/schema/uploads';
import type { Context } from '../../context.ts';
import { refuse, requireActor } from '../../lib/authz.ts';
import { sanitizeFileName } from '../../lib/storage/content-disposition.ts';
import { createObjectKey } from '../../lib/storage/object-key.ts';
import type { UploadUrl } from '../../lib/storage/storage.ts';
import { fileSizeRefusal } from './uploads.policy.ts';

/** What the client says about a file before sending it (fileToSendSchema of @tidewise/shared/uploads, parsed). */
export type FileToSend = { fileName: string; mimeType: string; size: number; sha256?: string | null };

/** The signed URL the client PUTs the bytes to, as the API answers it. */
export type UploadUrlView = { uploadUrl: string; expiresAt: Date; method: string; headers: { name: string; value: string }[] };

export const uploadUrlView = (url: UploadUrl): UploadUrlView => ({
  uploadUrl: url.url,
  expiresAt: url.expiresAt,
  method: url.method,
  headers: Object.entries(url.headers).map(([name, value]) => ({ name, value })),
});

/**
 * Checks the declared size against UPLOAD_MAX_FILE_BYTES (VALIDATION_FAILED on `size`, before anything is
 * stored), picks a new storage key of the caller's organization and signs the upload URL for exactly that
 * size. Signing touches no database and no network, so it runs before the operation's transaction; the
 * returned `row` is the pending file to insert inside it.
 */
export const prepareFileUpload = async (ctx: Context, input: FileToSend) => {
  const actor = requireActor(ctx);
  const limit = ctx.env.UPLOAD_MAX_FILE_BYTES;
  const refusal = fileSizeRefusal(input.size, limit);
  if (refusal) refuse(refusal);
  const key = createObjectKey(actor.organizationId);
  const url = await ctx.storage.createUploadUrl({ key, maxBytes: limit, contentLength: input.size, contentType: input.mimeType });
  const row = (fileUploadId: string | null, uploadedByEmail: string | null): typeof files.$inferInsert => ({
    organizationId: actor.organizationId,
    fileUploadId,
    originalName: input.fileName,
    sanitizedName: sanitizeFileName(input.fileName),
    mimeType: input.mimeType,
    size: input.size,
    status: 'pending',
    storageKey: key,
    // The checksum the client declared, if any: verified on completion, then the stored content's.
    sha256: input.sha256 ?? null,
    uploadedBy: actor.userId,
    uploadedByEmail,
    uploadExpiresAt: url.expiresAt,
  });
  return { url, row };
};
