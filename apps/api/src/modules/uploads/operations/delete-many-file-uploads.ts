import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { queueEmissionRecompute } from '../../../lib/emission-runs.ts';
import { deleteStoredObjects, fileUploadEventOf, lockFilesOfBatches, lockFileUpload, publishChange } from '../file-changes.ts';
import { type FileUploadRecord, fileUploadStatusOf, findFileUploadForActor } from '../records.ts';
import { openBatchRefusal } from '../uploads.policy.ts';

/**
 * Deletes batches of the caller's organization with their files and stored rows, all or none: an id the caller
 * cannot see answers NOT_FOUND, a completed batch CONFLICT, and nothing is deleted. The stored bytes are removed
 * after the commit; a job still reading one of the files finds nothing and stops. Answers how many were deleted.
 */
export const deleteManyFileUploads = async (ctx: Context, ids: readonly string[]): Promise<number> => {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
  const outcome = await ctx.db.transaction(async (tx) => {
    for (const id of unique) await findFileUploadForActor(ctx, id, tx);
    await lockFilesOfBatches(tx, unique);
    const batches: FileUploadRecord[] = [];
    for (const id of unique) batches.push(await lockFileUpload(tx, actor.organizationId, id));
    for (const batch of batches) {
      const closed = openBatchRefusal(fileUploadStatusOf(batch.status));
      if (closed) refuse({ ...closed, message: `"${batch.name}": ${closed.message}` });
    }
    const batchIds = batches.map((b) => b.id);
    const stored = batchIds.length
      ? await tx
          .select({ fileUploadId: files.fileUploadId, storageKey: files.storageKey })
          .from(files)
          .where(inArray(files.fileUploadId, batchIds))
      : [];
    for (const batch of batches) {
      await tx.delete(fileUploads).where(and(eq(fileUploads.id, batch.id), eq(fileUploads.organizationId, actor.organizationId)));
      await recordAudit(tx, ctx, {
        resource: 'fileUpload',
        resourceId: batch.id,
        description: `Deleted the upload "${batch.name}"`,
        before: {
          name: batch.name,
          status: batch.status,
          totalSize: batch.totalSize,
          files: stored.filter((f) => f.fileUploadId === batch.id).length,
        },
        after: null,
      });
    }
    return { batches, keys: stored.map((f) => f.storageKey) };
  });
  await deleteStoredObjects(ctx, outcome.keys);
  await queueEmissionRecompute(ctx, { deletedFrom: actor.organizationId });
  publishChange(ctx, { organizationId: actor.organizationId, batches: outcome.batches.map(fileUploadEventOf) });
  return outcome.batches.length;
};
