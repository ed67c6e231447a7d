import { files } from '@tidewise/db/schema/uploads';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { queueEmissionRecompute } from '../../../lib/emission-runs.ts';
import type { MessageResponseShape } from '../../../schema/common.graphql.ts';
import { deleteStoredObjects, fileEventOf, fileUploadEventOf, lockBatchOf, lockFile, publishChange, uploadIdOf } from '../file-changes.ts';
import { fileUploadStatusOf, refreshFileUploadStatus } from '../records.ts';
import { openBatchRefusal } from '../uploads.policy.ts';

/**
 * Deletes a file with its stored rows (and the single upload it belongs to, if any); its bytes are removed
 * once that is committed. A job still reading it finds nothing and stops. Refused in a completed batch.
 */
export const deleteFile = async (ctx: Context, fileId: string): Promise<MessageResponseShape> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const file = await lockFile(tx, actor.organizationId, fileId);
    const batch = await lockBatchOf(tx, file);
    const closed = batch ? openBatchRefusal(fileUploadStatusOf(batch.status)) : null;
    if (closed) refuse(closed);
    const uploadId = await uploadIdOf(tx, file.id);
    await tx.delete(files).where(eq(files.id, file.id));
    const refreshed = batch ? (await refreshFileUploadStatus(tx, batch.id)).fileUpload : null;
    await recordAudit(tx, ctx, {
      resource: 'file',
      resourceId: file.id,
      description: `Deleted the file "${file.originalName}"${batch ? ` from the upload "${batch.name}"` : ''}`,
      before: { originalName: file.originalName, status: file.status, size: file.size, fileUploadId: file.fileUploadId, uploadId },
      after: null,
    });
    return { file, batch: refreshed, uploadId };
  });
  await deleteStoredObjects(ctx, [outcome.file.storageKey]);
  await queueEmissionRecompute(ctx, { deletedFrom: actor.organizationId });
  publishChange(ctx, {
    organizationId: actor.organizationId,
    files: [fileEventOf(outcome.file, outcome.uploadId)],
    batches: outcome.batch ? [fileUploadEventOf(outcome.batch)] : [],
  });
  return { success: true, message: `Deleted "${outcome.file.originalName}".` };
};
