import { fileUploads } from '@tidewise/db/schema/uploads';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { fileUploadEventOf, lockFileUpload, publishChange } from '../file-changes.ts';
import { type FileUploadRecord, fileUploadStatusOf } from '../records.ts';
import { completeFileUploadRefusal } from '../uploads.policy.ts';

/**
 * Hands a batch in: only a ready one (every file settled, at least one read) becomes completed, with the
 * supplier addresses data requests will go to. From then on nothing of the batch changes.
 */
export const completeFileUpload = async (
  ctx: Context,
  input: { fileUploadId: string; supplierEmails: string[] },
): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  const batch = await ctx.db.transaction(async (tx) => {
    const before = await lockFileUpload(tx, actor.organizationId, input.fileUploadId);
    const refusal = completeFileUploadRefusal(fileUploadStatusOf(before.status));
    if (refusal) refuse(refusal);
    const [after] = await tx
      .update(fileUploads)
      .set({ status: 'completed', completedAt: new Date(), supplierEmails: input.supplierEmails })
      .where(eq(fileUploads.id, before.id))
      .returning();
    if (!after) throw new Error('file upload missing');
    await recordAudit(tx, ctx, {
      resource: 'fileUpload',
      resourceId: after.id,
      description: `Completed the upload "${after.name}"`,
      before: { status: before.status, supplierEmails: before.supplierEmails },
      after: { status: after.status, supplierEmails: after.supplierEmails, completedAt: after.completedAt },
    });
    return after;
  });
  publishChange(ctx, { organizationId: actor.organizationId, batches: [fileUploadEventOf(batch)] });
  return batch;
};
