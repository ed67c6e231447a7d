import { files, uploads } from '@tidewise/db/schema/uploads';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { emailOfUser, fileEventOf, publishChange } from '../file-changes.ts';
import { type FileToSend, prepareFileUpload, type UploadUrlView, uploadUrlView } from '../new-file.ts';
import type { UploadWithFile } from '../records.ts';

export type CreateUploadUrlResult = UploadUrlView & { uploadId: string; fileId: string; upload: UploadWithFile };

/**
 * A single-file upload (for a purpose, such as answering a calendar task) with the signed URL its bytes go to.
 * The file starts `pending`; finishUpload verifies it. A size over UPLOAD_MAX_FILE_BYTES is refused before
 * anything is stored.
 */
export const createUploadUrl = async (
  ctx: Context,
  input: FileToSend & { purpose: string | null; secondaryPurpose: string | null },
): Promise<CreateUploadUrlResult> => {
  const actor = requireActor(ctx);
  const prepared = await prepareFileUpload(ctx, input);
  const upload = await ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .insert(files)
      .values(prepared.row(null, await emailOfUser(tx, actor.userId)))
      .returning();
    if (!file) throw new Error('file not inserted');
    const [row] = await tx
      .insert(uploads)
      .values({
        organizationId: actor.organizationId,
        fileId: file.id,
        purpose: input.purpose,
        secondaryPurpose: input.secondaryPurpose,
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('upload not inserted');
    await recordAudit(tx, ctx, {
      resource: 'upload',
      resourceId: row.id,
      description: `Started the upload of "${file.originalName}"${row.purpose ? ` for ${row.purpose}` : ''}`,
      before: null,
      after: {
        fileId: file.id,
        originalName: file.originalName,
        size: file.size,
        purpose: row.purpose,
        secondaryPurpose: row.secondaryPurpose,
      },
    });
    return { ...row, file };
  });
  publishChange(ctx, { organizationId: actor.organizationId, files: [fileEventOf(upload.file, upload.id)] });
  return { ...uploadUrlView(prepared.url), uploadId: upload.id, fileId: upload.file.id, upload };
};
