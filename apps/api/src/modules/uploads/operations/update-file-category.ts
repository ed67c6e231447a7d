import { files } from '@tidewise/db/schema/uploads';
import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { fileEventOf, fileUploadEventOf, lockBatchOf, lockFile, publishChange, uploadIdOf } from '../file-changes.ts';
import { type FileRecord, fileUploadStatusOf } from '../records.ts';
import { openBatchRefusal } from '../uploads.policy.ts';

/** A person confirms or changes what a file holds (the reader only suggests it). Refused in a completed batch. */
export const updateFileCategory = async (ctx: Context, input: { fileId: string; category: FileCategory }): Promise<FileRecord> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const before = await lockFile(tx, actor.organizationId, input.fileId);
    const batch = await lockBatchOf(tx, before);
    const closed = batch ? openBatchRefusal(fileUploadStatusOf(batch.status)) : null;
    if (closed) refuse(closed);
    const [file] = await tx.update(files).set({ category: input.category }).where(eq(files.id, before.id)).returning();
    if (!file) throw new Error('file missing');
    const uploadId = await uploadIdOf(tx, file.id);
    await recordAudit(tx, ctx, {
      resource: 'file',
      resourceId: file.id,
      description: `Set the category of "${file.originalName}" to ${FILE_CATEGORY_LABELS[input.category]}`,
      before: { category: before.category },
      after: { category: file.category },
    });
    return { file, batch, uploadId, previousCategory: before.category };
  });
  publishChange(ctx, {
    organizationId: actor.organizationId,
    files: [fileEventOf(outcome.file, outcome.uploadId)],
    batches: outcome.batch ? [fileUploadEventOf(outcome.batch)] : [],
  });
  if (outcome.file.status === 'processed' && outcome.file.category !== outcome.previousCategory) {
    // The mappings module suggests fields again, for the new category (its own job).
    const { file } = outcome;
    await ctx.jobs
      .send(
        'mappings.analyzeColumns',
        { fileId: file.id, organizationId: file.organizationId, generation: file.parseGeneration },
        { singletonKey: `${file.id}:${file.parseGeneration}:${file.category ?? 'none'}` },
      )
      .catch((error: unknown) => ctx.logger.warn({ err: error, fileId: file.id }, 'could not queue the column analysis'));
  }
  return outcome.file;
};
