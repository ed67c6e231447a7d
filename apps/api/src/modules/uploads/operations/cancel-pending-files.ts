import { files } from '@tidewise/db/schema/uploads';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import { deleteStoredObjects, fileEventOf, fileUploadEventOf, lockFilesOfBatches, lockFileUpload, publishChange } from '../file-changes.ts';
import {
  type FileUploadRecord,
  fileStatusOf,
  fileUploadStatusOf,
  filesOfUpload,
  findFileUploadForActor,
  refreshFileUploadStatus,
} from '../records.ts';
import { cancelRefusal, openBatchRefusal } from '../uploads.policy.ts';

/**
 * Gives up uploads in progress: the batch's pending files (all of them, or those listed) become cancelled, and
 * anything already stored under their keys is removed after the commit. A listed file of another batch is
 * NOT_FOUND; a listed file whose bytes already arrived is refused (delete it instead); one already cancelled
 * stays so. All or nothing.
 */
export const cancelPendingFiles = async (
  ctx: Context,
  input: { fileUploadId: string; fileIds: readonly string[] | null },
): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await findFileUploadForActor(ctx, input.fileUploadId, tx);
    await lockFilesOfBatches(tx, [found.id]);
    const batch = await lockFileUpload(tx, actor.organizationId, found.id);
    const closed = openBatchRefusal(fileUploadStatusOf(batch.status));
    if (closed) refuse(closed);
    const batchFiles = await filesOfUpload(tx, batch.id);
    let chosen = batchFiles.filter((f) => f.status === 'pending');
    if (input.fileIds) {
      const ids = [...new Set(input.fileIds)];
      const listed = ids.map((id) => {
        const file = isUuid(id) ? batchFiles.find((f) => f.id === id.toLowerCase()) : undefined;
        if (!file) throw notFound('File', id);
        return file;
      });
      for (const file of listed) {
        const refusal = cancelRefusal(fileStatusOf(file.status));
        if (refusal) refuse(refusal);
      }
      chosen = listed.filter((f) => f.status === 'pending');
    }
    const cancelled =
      chosen.length === 0
        ? []
        : await tx
            .update(files)
            .set({ status: 'cancelled' })
            .where(
              and(
                eq(files.fileUploadId, batch.id),
                eq(files.status, 'pending'),
                inArray(
                  files.id,
                  chosen.map((f) => f.id),
                ),
              ),
            )
            .returning();
    const { fileUpload } = await refreshFileUploadStatus(tx, batch.id);
    await recordAudit(tx, ctx, {
      resource: 'fileUpload',
      resourceId: batch.id,
      description:
        cancelled.length === 0
          ? `No pending file to cancel in the upload "${batch.name}"`
          : `Cancelled ${cancelled.length === 1 ? 'the upload of 1 file' : `the uploads of ${cancelled.length} files`} in "${batch.name}": ${cancelled.map((f) => `"${f.originalName}"`).join(', ')}`,
      before: { status: batch.status, cancelledFiles: [] },
      after: { status: fileUpload.status, cancelledFiles: cancelled.map((f) => f.id) },
    });
    return { cancelled, fileUpload };
  });
  await deleteStoredObjects(
    ctx,
    outcome.cancelled.map((f) => f.storageKey),
  );
  publishChange(ctx, {
    organizationId: actor.organizationId,
    files: outcome.cancelled.map((f) => fileEventOf(f, null)),
    batches: [fileUploadEventOf(outcome.fileUpload)],
  });
  return outcome.fileUpload;
};
