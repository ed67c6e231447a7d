import { fileUploads } from '@tidewise/db/schema/uploads';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { attachResponseUpload, type CalendarTaskRow, lockTaskForAnswer, publishCalendarTaskChange } from '../../../lib/data-requests.ts';
import { emailOfUser, fileUploadEventOf, publishChange } from '../file-changes.ts';
import type { FileUploadRecord } from '../records.ts';

/**
 * A new, empty batch (`draft`) of the caller's organization, to which files are then added one by one. With
 * `calendarTaskId` it answers that request of a customer (decision 2 of data requests): the request must have
 * been sent to the caller's organization and still wait for it; it takes the batch as its response upload and
 * moves to in progress, and the batch's files take the request's required category.
 */
export const createFileUpload = async (
  ctx: Context,
  input: { name: string; description: string | null; calendarTaskId?: string | null },
): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  const { batch, task } = await ctx.db.transaction(async (tx) => {
    const answered = input.calendarTaskId ? await lockTaskForAnswer(tx, actor.organizationId, input.calendarTaskId) : null;
    const [row] = await tx
      .insert(fileUploads)
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        description: input.description,
        status: 'draft',
        uploadedBy: actor.userId,
        uploadedByEmail: await emailOfUser(tx, actor.userId),
        calendarTaskId: answered?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('file upload not inserted');
    await recordAudit(tx, ctx, {
      resource: 'fileUpload',
      resourceId: row.id,
      description: answered ? `Started the upload "${row.name}" answering "${answered.title}"` : `Started the upload "${row.name}"`,
      before: null,
      after: { name: row.name, description: row.description, status: row.status, calendarTaskId: row.calendarTaskId },
    });
    const task: CalendarTaskRow | null = answered ? await attachResponseUpload(tx, ctx, answered, row.id) : null;
    return { batch: row, task };
  });
  publishChange(ctx, { organizationId: actor.organizationId, batches: [fileUploadEventOf(batch)] });
  if (task) publishCalendarTaskChange(ctx, task);
  return batch;
};
