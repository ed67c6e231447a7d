import type { Executor } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { calendars, calendarTaskReviews, calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { taskDatesRefusal, taskEndDateRefusal, updateCalendarTaskSchema } from '@tidewise/shared/requests/inputs';
import { type CalendarTaskStatus, effectiveDeadline, submitRefusal } from '@tidewise/shared/requests/statuses';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { type CalendarTaskRow, emailsOfOrganization, publishCalendarTaskChange } from '../../../lib/data-requests.ts';
import { isUuid } from '../../../lib/db.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { queueEmissionRecompute } from '../../../lib/emission-runs.ts';
import { acceptedEmail, cancelledEmail, returnedEmail, submittedEmail } from '../emails.ts';
import { checkDates, parseInput } from '../inputs.ts';
import { findTaskForActor, hasLiveSubtasks, lockTask, type TaskView, visibleTo } from '../records.ts';
import {
  acceptUploadRefusal,
  CUSTOMER_FIELDS,
  fieldSideRefusal,
  finalTaskRefusal,
  responseFilesRefusal,
  responseUploadRefusal,
  SUPPLIER_FIELDS,
  sideOf,
  statusChangeRefusal,
  type TaskSide,
} from '../requests.policy.ts';
import { followSubtasks, forgetPassedReminders, statusStamps } from '../task-changes.ts';

type Input = ReturnType<ReturnType<typeof updateCalendarTaskSchema>['parse']>;

const AUDITED_FIELDS = [
  'status',
  'title',
  'subTitle',
  'startDate',
  'endDate',
  'message',
  'requestUploadId',
  'requiredUploadPurpose',
  'requiredUploadSecondaryPurpose',
  'assignedUserId',
  'responseUploadId',
  'submittedAt',
  'acceptedAt',
  'cancelledAt',
] as const satisfies readonly (keyof CalendarTaskRow)[];

const snapshot = (task: CalendarTaskRow) => Object.fromEntries(AUDITED_FIELDS.map((f) => [f, task[f]]));

/** The files of the response upload with their validation status, for the submission check. */
const responseFiles = (tx: Executor, fileUploadId: string) =>
  tx
    .select({ name: files.originalName, status: files.status, validationStatus: fileValidations.status })
    .from(files)
    .leftJoin(fileValidations, eq(fileValidations.fileId, files.id))
    .where(eq(files.fileUploadId, fileUploadId))
    .orderBy(asc(files.createdAt));

/** The customer's terms of the request, checked against the stored row and its calendar. */
const customerChanges = async (tx: Executor, organizationId: string, before: CalendarTaskRow, input: Input) => {
  const changes: Partial<CalendarTaskRow> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.subTitle !== undefined) changes.subTitle = input.subTitle;
  if (input.message !== undefined) changes.message = input.message;
  if (input.startDate !== undefined) changes.startDate = input.startDate;
  if (input.endDate !== undefined) changes.endDate = input.endDate;
  if (input.requiredUploadPurpose !== undefined) changes.requiredUploadPurpose = input.requiredUploadPurpose;
  if (input.requiredUploadSecondaryPurpose !== undefined) changes.requiredUploadSecondaryPurpose = input.requiredUploadSecondaryPurpose;
  if (input.requestUploadId !== undefined) {
    if (input.requestUploadId !== null) {
      const [upload] = await tx
        .select({ id: fileUploads.id })
        .from(fileUploads)
        .where(and(eq(fileUploads.id, input.requestUploadId), eq(fileUploads.organizationId, organizationId)))
        .limit(1);
      if (!upload) throw notFound('FileUpload', input.requestUploadId);
    }
    changes.requestUploadId = input.requestUploadId;
  }
  const datesRefusal = taskDatesRefusal(
    changes.startDate !== undefined ? changes.startDate : before.startDate,
    changes.endDate !== undefined ? changes.endDate : before.endDate,
  );
  if (input.startDate !== undefined || input.endDate !== undefined) {
    if (datesRefusal) refuse({ code: 'VALIDATION_FAILED', message: datesRefusal, field: 'endDate' });
  }
  // A request's own deadline may move past its calendar's (an extension granted to this supplier); a subtask
  // stays within the calendar it was planned in.
  if (input.endDate && before.taskType === 'subtask') {
    const [calendar] = await tx.select({ deadline: calendars.deadline }).from(calendars).where(eq(calendars.id, before.calendarId));
    const refusal = calendar ? taskEndDateRefusal(input.endDate, calendar.deadline) : null;
    if (refusal) refuse({ code: 'VALIDATION_FAILED', message: refusal, field: 'endDate' });
  }
  const purpose = changes.requiredUploadPurpose !== undefined ? changes.requiredUploadPurpose : before.requiredUploadPurpose;
  const period =
    changes.requiredUploadSecondaryPurpose !== undefined ? changes.requiredUploadSecondaryPurpose : before.requiredUploadSecondaryPurpose;
  if (period && !purpose)
    refuse({
      code: 'VALIDATION_FAILED',
      message: 'Choose the required data before its reporting period',
      field: 'requiredUploadPurpose',
    });
  return changes;
};

/** The supplier's side: who answers, and the upload that answers. */
const supplierChanges = async (tx: Executor, before: CalendarTaskRow, input: Input) => {
  const changes: Partial<CalendarTaskRow> = {};
  if (input.assignedUserId !== undefined) {
    if (input.assignedUserId !== null) {
      const [member] = await tx
        .select({ userId: organizationUsers.userId })
        .from(organizationUsers)
        .where(and(eq(organizationUsers.userId, input.assignedUserId), eq(organizationUsers.organizationId, before.supplierOrganizationId)))
        .limit(1);
      if (!member) throw notFound('User', input.assignedUserId);
    }
    changes.assignedUserId = input.assignedUserId;
  }
  if (input.responseUploadId !== undefined) {
    const refusal = responseUploadRefusal(before);
    if (refusal) refuse(refusal);
    if (input.responseUploadId !== null) {
      const [upload] = await tx
        .select()
        .from(fileUploads)
        .where(and(eq(fileUploads.id, input.responseUploadId), eq(fileUploads.organizationId, before.supplierOrganizationId)))
        .for('update')
        .limit(1);
      if (!upload) throw notFound('FileUpload', input.responseUploadId);
      if (upload.calendarTaskId && upload.calendarTaskId !== before.id)
        refuse({ code: 'CONFLICT', message: `The upload "${upload.name}" answers another request.`, field: 'responseUploadId' });
      if (upload.status === 'completed')
        refuse({
          code: 'CONFLICT',
          message: `The upload "${upload.name}" is completed; start a new upload for this request.`,
          field: 'responseUploadId',
        });
      if (!upload.calendarTaskId) await tx.update(fileUploads).set({ calendarTaskId: before.id }).where(eq(fileUploads.id, upload.id));
    }
    changes.responseUploadId = input.responseUploadId;
  }
  return changes;
};

type Outcome = {
  task: CalendarTaskRow;
  changed: CalendarTaskRow[];
  completedUpload: { id: string; organizationId: string } | null;
};

/**
 * updateCalendarTask: the customer changes the request's terms, the supplier who answers and with which upload,
 * and either side moves the status as decision 0016 allows it. Refused changes (wrong side: FORBIDDEN; wrong
 * status: CONFLICT) change nothing.
 */
export const updateCalendarTask = async (ctx: Context, rawInput: unknown): Promise<TaskView> => {
  const actor = requireActor(ctx);
  const at = now();
  const input = parseInput(updateCalendarTaskSchema(at), rawInput);
  checkDates({ startDate: input.startDate });

  const outcome = await inTransactionWithMail(ctx, async (tx, mailer): Promise<Outcome> => {
    // Lock the parent before the subtask, the order every change of a request and its subtasks takes.
    if (!isUuid(input.id)) throw notFound('CalendarTask', input.id);
    const [peek] = await tx
      .select({ parentTaskId: calendarTasks.parentTaskId })
      .from(calendarTasks)
      .where(and(eq(calendarTasks.id, input.id), visibleTo(actor.organizationId)))
      .limit(1);
    if (!peek) throw notFound('CalendarTask', input.id);
    const parent = peek.parentTaskId ? await lockTask(tx, actor.organizationId, peek.parentTaskId) : null;
    const before = await lockTask(tx, actor.organizationId, input.id);
    const side = sideOf(actor.organizationId, before) as TaskSide;

    const sideRefusal = fieldSideRefusal(input, side);
    if (sideRefusal) refuse(sideRefusal);
    const touchesFields = [...CUSTOMER_FIELDS, ...SUPPLIER_FIELDS].some((f) => input[f] !== undefined);
    if (touchesFields) {
      const refusal = finalTaskRefusal(before);
      if (refusal) refuse(refusal);
    }
    const changes: Partial<CalendarTaskRow> =
      side === 'customer' ? await customerChanges(tx, actor.organizationId, before, input) : await supplierChanges(tx, before, input);

    let completedUpload: Outcome['completedUpload'] = null;
    let review: { message: string; comments: { rowNumber: number | null; field: string | null; message: string }[] } | null = null;
    const cancelledSubtasks: CalendarTaskRow[] = [];
    const hasSubtasks = await hasLiveSubtasks(tx, before.id);

    // Attaching an answer starts the work on a request waiting for it.
    let status = input.status;
    if (status === undefined && changes.responseUploadId && !hasSubtasks && (before.status === 'requested' || before.status === 'returned'))
      status = 'in_progress';

    if (status !== undefined) {
      const refusal = statusChangeRefusal(before, status, side, hasSubtasks);
      // The refusal carries both statuses, for the client and the audit row of the refused mutation.
      if (refusal)
        throw new AppError(refusal.code, refusal.message, { field: 'status', details: { status: before.status, requestedStatus: status } });
      const responseUploadId = changes.responseUploadId !== undefined ? changes.responseUploadId : before.responseUploadId;
      if (status === 'submitted') {
        const missing = submitRefusal({ requiredUploadPurpose: before.requiredUploadPurpose, responseUploadId });
        if (missing) refuse({ code: 'CONFLICT', message: missing, field: 'responseUploadId' });
        if (responseUploadId) {
          const filesRefusal = responseFilesRefusal(await responseFiles(tx, responseUploadId));
          if (filesRefusal) refuse(filesRefusal);
        }
      }
      if (status === 'accepted' && responseUploadId) {
        const [upload] = await tx.select().from(fileUploads).where(eq(fileUploads.id, responseUploadId)).for('update').limit(1);
        const refusal = acceptUploadRefusal(upload?.status ?? null);
        if (refusal) refuse(refusal);
        if (upload && upload.status !== 'completed') {
          await tx.update(fileUploads).set({ status: 'completed', completedAt: at }).where(eq(fileUploads.id, upload.id));
          await recordAudit(tx, ctx, {
            resource: 'fileUpload',
            resourceId: upload.id,
            organizationId: upload.organizationId,
            description: `Completed the upload "${upload.name}": its request "${before.title}" was accepted`,
            before: { status: upload.status },
            after: { status: 'completed', completedAt: at },
          });
          completedUpload = { id: upload.id, organizationId: upload.organizationId };
        }
      }
      if (status === 'returned' && input.review) {
        const [author] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
        review = {
          message: input.review.message,
          comments: input.review.comments.map((c) => ({ rowNumber: c.rowNumber ?? null, field: c.field ?? null, message: c.message })),
        };
        await tx.insert(calendarTaskReviews).values({
          taskId: before.id,
          organizationId: before.organizationId,
          message: review.message,
          comments: review.comments,
          responseUploadId,
          createdByUserId: actor.userId,
          createdByEmail: author?.email ?? null,
        });
      }
      if (status === 'cancelled') {
        const open = await tx
          .update(calendarTasks)
          .set({ status: 'cancelled', cancelledAt: at })
          .where(and(eq(calendarTasks.parentTaskId, before.id), notInArray(calendarTasks.status, ['accepted', 'cancelled'])))
          .returning();
        cancelledSubtasks.push(...open);
      }
      Object.assign(changes, { status }, statusStamps(status, at));
    }

    if (Object.keys(changes).length === 0) return { task: before, changed: [], completedUpload };
    const [after] = await tx.update(calendarTasks).set(changes).where(eq(calendarTasks.id, before.id)).returning();
    if (!after) throw new Error('calendar task missing');
    await recordAudit(tx, ctx, {
      resource: 'calendarTask',
      resourceId: after.id,
      organizationId: actor.organizationId,
      description:
        after.status !== before.status
          ? `${side === 'customer' ? 'The customer' : 'The supplier'} moved "${after.title}" from ${before.status} to ${after.status}`
          : `${side === 'customer' ? 'The customer' : 'The supplier'} changed "${after.title}"`,
      before: snapshot(before),
      after: snapshot(after),
      metadata: {
        side,
        ...(review ? { reviewComments: review.comments.length } : {}),
        ...(cancelledSubtasks.length > 0 ? { cancelledSubtaskIds: cancelledSubtasks.map((t) => t.id) } : {}),
      },
    });

    // A deadline moved later: reminders already sent for points now ahead go again.
    const parentEnd = parent?.endDate ?? null;
    if (changes.endDate !== undefined) {
      const [calendar] = await tx.select({ deadline: calendars.deadline }).from(calendars).where(eq(calendars.id, before.calendarId));
      const deadlineOf = (task: CalendarTaskRow, inherited: Date | null) =>
        effectiveDeadline(task.endDate, inherited, calendar?.deadline) ?? new Date(0);
      const oldDeadline = deadlineOf(before, parentEnd);
      const newDeadline = deadlineOf(after, parentEnd);
      if (newDeadline.getTime() > oldDeadline.getTime()) {
        await forgetPassedReminders(tx, ctx.env, after, newDeadline, at);
        // Subtasks without their own end date follow the request's.
        const inheriting = await tx
          .select()
          .from(calendarTasks)
          .where(and(eq(calendarTasks.parentTaskId, after.id), isNull(calendarTasks.endDate)));
        for (const subtask of inheriting) await forgetPassedReminders(tx, ctx.env, subtask, newDeadline, at);
      }
    }

    const changed = [after, ...cancelledSubtasks];
    if (parent && after.status !== before.status) {
      const parentAfter = await followSubtasks(tx, ctx, parent, at);
      if (parentAfter) changed.push(parentAfter);
    }
    if (after.status !== before.status) await sendStatusEmail(tx, mailer, ctx, after, review, parent?.endDate ?? null);
    return { task: after, changed, completedUpload };
  });

  for (const task of outcome.changed) publishCalendarTaskChange(ctx, task);
  // An accepted answer joins the customer's figures (lib/request-access.ts): they are recomputed.
  const accepted = outcome.changed.filter((task) => task.status === 'accepted' && task.responseUploadId);
  if (accepted.length > 0) await queueEmissionRecompute(ctx, { organizationIds: accepted.map((task) => task.organizationId) });
  if (outcome.completedUpload)
    ctx.pubsub.publish('uploads.fileUpload', outcome.completedUpload.organizationId, {
      fileUploadId: outcome.completedUpload.id,
      status: 'completed',
    });
  return findTaskForActor(ctx, outcome.task.id);
};

/** The email a status change sends (decision 5), queued on the deferred mailer. */
const sendStatusEmail = async (
  tx: Executor,
  mailer: Mailer,
  ctx: Context,
  task: CalendarTaskRow,
  review: { message: string; comments: { rowNumber: number | null; field: string | null; message: string }[] } | null,
  parentEndDate: Date | null,
) => {
  const status = task.status as CalendarTaskStatus;
  if (!['submitted', 'returned', 'accepted', 'cancelled'].includes(status)) return;
  const [customer] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, task.organizationId));
  const [supplier] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, task.supplierOrganizationId));
  const [calendar] = await tx.select({ deadline: calendars.deadline }).from(calendars).where(eq(calendars.id, task.calendarId));
  const names = { customerName: customer?.name ?? 'Your customer', supplierName: supplier?.name ?? 'Your supplier' };
  const facts = {
    id: task.id,
    title: task.title,
    deadline: effectiveDeadline(task.endDate, parentEndDate, calendar?.deadline) ?? new Date(),
  };
  if (status === 'submitted') {
    const [requester] = task.createdByUserId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, task.createdByUserId)).limit(1)
      : [];
    const recipients = requester ? [requester.email] : await emailsOfOrganization(tx, task.organizationId);
    for (const to of recipients) await mailer.send(submittedEmail(to, ctx.env, facts, names));
    return;
  }
  for (const to of await emailsOfOrganization(tx, task.supplierOrganizationId)) {
    if (status === 'returned' && review) await mailer.send(returnedEmail(to, ctx.env, facts, names, review));
    if (status === 'accepted') await mailer.send(acceptedEmail(to, ctx.env, facts, names));
    if (status === 'cancelled') await mailer.send(cancelledEmail(to, ctx.env, facts, names));
  }
};
