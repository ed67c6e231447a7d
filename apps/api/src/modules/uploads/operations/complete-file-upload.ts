import { organizations } from '@tidewise/db/schema/organizations';
import { fileUploads } from '@tidewise/db/schema/uploads';
import type { DataRequestInput } from '@tidewise/shared/supplier-matching/data-request-input';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { type CalendarTaskRow, publishCalendarTaskChange } from '../../../lib/data-requests.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { AppError } from '../../../lib/errors.ts';
import { type SentSupplierRequests, sendSupplierRequests } from '../../../lib/supplier-requests.ts';
import { fileUploadEventOf, lockFileUpload, publishChange } from '../file-changes.ts';
import { type FileUploadRecord, fileUploadStatusOf } from '../records.ts';
import { completeFileUploadRefusal } from '../uploads.policy.ts';

const requestsAudit = (sent: SentSupplierRequests | null) =>
  sent
    ? {
        requests: sent.tasks.map((task) => ({ calendarTaskId: task.id, supplierOrganizationId: task.supplierOrganizationId })),
        invited: sent.invited.map((i) => ({
          email: i.email,
          organizationId: i.organizationId,
          createdOrganization: i.createdOrganization,
        })),
        skipped: sent.skipped.map((s) => s.supplierName),
        relationshipsOpened: sent.relationshipsOpened,
      }
    : {};

/**
 * Hands a batch in: only a ready one (every file settled, at least one read) becomes completed, with the
 * supplier addresses data requests will go to. From then on nothing of the batch changes. With a request
 * (decision 7), the same transaction sends it to the suppliers named in the batch's files: matched ones are
 * asked, unmatched ones with an address among supplierEmails are invited and asked, one calendar holds the
 * requests; a semi-match nobody confirmed refuses the whole completion, naming the supplier.
 */
export const completeFileUpload = async (
  ctx: Context,
  input: { fileUploadId: string; supplierEmails: string[]; request?: DataRequestInput | null },
): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  const request = input.request ?? null;
  let outcome: { batch: FileUploadRecord; tasks: CalendarTaskRow[] };
  try {
    outcome = await inTransactionWithMail(ctx, async (tx, mailer) => {
      const before = await lockFileUpload(tx, actor.organizationId, input.fileUploadId);
      const refusal = completeFileUploadRefusal(fileUploadStatusOf(before.status));
      if (refusal) refuse(refusal);
      let sent: SentSupplierRequests | null = null;
      if (request) {
        const [customer] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).limit(1);
        if (customer?.organizationType !== 'customer')
          throw new AppError('FORBIDDEN', 'Only customer organizations send data requests to their suppliers.', { field: 'request' });
        sent = await sendSupplierRequests(tx, mailer, ctx, {
          customer,
          userId: actor.userId,
          fileUploadId: before.id,
          supplierEmails: input.supplierEmails,
          request,
        });
      }
      const [after] = await tx
        .update(fileUploads)
        .set({ status: 'completed', completedAt: new Date(), supplierEmails: input.supplierEmails })
        .where(eq(fileUploads.id, before.id))
        .returning();
      if (!after) throw new Error('file upload missing');
      await recordAudit(tx, ctx, {
        resource: 'fileUpload',
        resourceId: after.id,
        description: sent
          ? `Completed the upload "${after.name}" and requested "${request?.title}" from ${sent.tasks.length} supplier${sent.tasks.length === 1 ? '' : 's'}`
          : `Completed the upload "${after.name}"`,
        before: { status: before.status, supplierEmails: before.supplierEmails },
        after: { status: after.status, supplierEmails: after.supplierEmails, completedAt: after.completedAt, ...requestsAudit(sent) },
      });
      return { batch: after, tasks: sent?.tasks ?? [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'A supplier of this upload has just been invited. Try again.');
    throw error;
  }
  publishChange(ctx, { organizationId: actor.organizationId, batches: [fileUploadEventOf(outcome.batch)] });
  for (const task of outcome.tasks) publishCalendarTaskChange(ctx, task);
  return outcome.batch;
};
