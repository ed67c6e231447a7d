import { files } from '@tidewise/db/schema/uploads';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { emailOfUser, fileEventOf, fileUploadEventOf, lockFileUpload, publishChange } from '../file-changes.ts';
import { type FileToSend, prepareFileUpload, type UploadUrlView, uploadUrlView } from '../new-file.ts';
import { type FileRecord, fileUploadStatusOf, refreshFileUploadStatus } from '../records.ts';
import { fileCountRefusal, openBatchRefusal } from '../uploads.policy.ts';

export type GenerateUploadUrlResult = UploadUrlView & { fileId: string; file: FileRecord };

/**
 * Adds a file to an open batch and answers the signed URL its bytes go to (PUT, with the headers given). The
 * file starts `pending` until completeUpload verifies what arrived. Refused: a completed batch, a batch
 * already holding MAX_FILES_PER_UPLOAD files, a size over UPLOAD_MAX_FILE_BYTES (nothing stored).
 */
export const generateUploadUrl = async (ctx: Context, input: FileToSend & { fileUploadId: string }): Promise<GenerateUploadUrlResult> => {
  const actor = requireActor(ctx);
  const prepared = await prepareFileUpload(ctx, input);
  const { file, batch } = await ctx.db.transaction(async (tx) => {
    const before = await lockFileUpload(tx, actor.organizationId, input.fileUploadId);
    const closed = openBatchRefusal(fileUploadStatusOf(before.status));
    if (closed) refuse(closed);
    const [live] = await tx
      .select({ value: count() })
      .from(files)
      .where(and(eq(files.fileUploadId, before.id), ne(files.status, 'cancelled')));
    const full = fileCountRefusal(Number(live?.value ?? 0));
    if (full) refuse(full);
    const [inserted] = await tx
      .insert(files)
      .values(prepared.row(before.id, await emailOfUser(tx, actor.userId)))
      .returning();
    if (!inserted) throw new Error('file not inserted');
    const { fileUpload } = await refreshFileUploadStatus(tx, before.id);
    await recordAudit(tx, ctx, {
      resource: 'file',
      resourceId: inserted.id,
      description: `Added "${inserted.originalName}" to the upload "${before.name}"`,
      before: null,
      after: { fileUploadId: before.id, originalName: inserted.originalName, size: inserted.size, status: inserted.status },
    });
    return { file: inserted, batch: fileUpload };
  });
  publishChange(ctx, { organizationId: actor.organizationId, files: [fileEventOf(file, null)], batches: [fileUploadEventOf(batch)] });
  return { ...uploadUrlView(prepared.url), fileId: file.id, file };
};
