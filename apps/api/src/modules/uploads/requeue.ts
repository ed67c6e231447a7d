import { fileRowChunks, files } from '@tidewise/db/schema/uploads';
import { eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { refuse, requireActor } from '../../lib/authz.ts';
import { fileEventOf, fileUploadEventOf, lockBatchOf, lockFile, publishChange, sendReadingJob, uploadIdOf } from './file-changes.ts';
import { type FileRecord, fileStatusOf, fileUploadStatusOf, refreshFileUploadStatus } from './records.ts';
import type { ReadDetails } from './uploads-types.graphql.ts';
import { openBatchRefusal, type RequeueReason, requeueRefusal, sheetRefusal } from './uploads.policy.ts';

const sheetNamesOf = (file: FileRecord): string[] | null => {
  const sheets = (file.readDetails as Partial<ReadDetails> | null)?.sheets;
  return Array.isArray(sheets) ? sheets.map((s) => s.name) : null;
};

const DESCRIPTIONS: Record<RequeueReason, (file: FileRecord, sheet: string | null) => string> = {
  sheet: (file, sheet) => `Chose the sheet "${sheet}" of "${file.originalName}" and queued its reading`,
  retry: (file) => `Queued the reading of "${file.originalName}" again after it failed`,
  process: (file, sheet) => `Queued the reading of "${file.originalName}"${sheet ? ` (sheet "${sheet}")` : ''}`,
};

/**
 * Starts a new reading of a file whose bytes are stored: another sheet, a retry after a failed reading, or
 * processUpload. In one transaction the generation is bumped (a job of the previous reading stops without
 * writing), the rows and results of the previous reading are removed and the file goes back to `queued`; the
 * job is sent once that is committed. `sheet` null keeps the sheet chosen before.
 */
export const queueReadingAgain = async (ctx: Context, fileId: string, reason: RequeueReason, sheet: string | null): Promise<FileRecord> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const before = await lockFile(tx, actor.organizationId, fileId);
    const batch = await lockBatchOf(tx, before);
    const closed = batch ? openBatchRefusal(fileUploadStatusOf(batch.status), 'processing') : null;
    if (closed) refuse(closed);
    const wrongSheet = sheet === null ? null : sheetRefusal(before.fileType, sheetNamesOf(before), sheet, reason === 'sheet');
    if (wrongSheet) refuse(wrongSheet);
    const notNow = requeueRefusal({ status: fileStatusOf(before.status), uploadedAt: before.uploadedAt }, reason);
    if (notNow) refuse(notNow);

    await tx.delete(fileRowChunks).where(eq(fileRowChunks.fileId, before.id));
    const [file] = await tx
      .update(files)
      .set({
        status: 'queued',
        parseGeneration: sql`${files.parseGeneration} + 1`,
        selectedSheet: sheet ?? before.selectedSheet,
        rowsRead: 0,
        readPercent: 0,
        fileMetadata: null,
        error: null,
        processingStartedAt: null,
        processedAt: null,
      })
      .where(eq(files.id, before.id))
      .returning();
    if (!file) throw new Error('requeued file missing');
    const refreshed = batch ? (await refreshFileUploadStatus(tx, batch.id)).fileUpload : null;
    const uploadId = await uploadIdOf(tx, file.id);
    await recordAudit(tx, ctx, {
      resource: uploadId ? 'upload' : 'file',
      resourceId: uploadId ?? file.id,
      description: DESCRIPTIONS[reason](file, sheet ?? file.selectedSheet),
      before: { status: before.status, selectedSheet: before.selectedSheet, parseGeneration: before.parseGeneration },
      after: { status: file.status, selectedSheet: file.selectedSheet, parseGeneration: file.parseGeneration },
    });
    return { file, batch: refreshed, uploadId };
  });
  publishChange(ctx, {
    organizationId: actor.organizationId,
    files: [fileEventOf(outcome.file, outcome.uploadId)],
    batches: outcome.batch ? [fileUploadEventOf(outcome.batch)] : [],
  });
  await sendReadingJob(ctx, outcome.file);
  return outcome.file;
};
