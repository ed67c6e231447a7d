import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads } from '@tidewise/db/schema/uploads';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import { taskEndDateRefusal } from '@tidewise/shared/requests/inputs';
import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppServices, Context } from '../context.ts';
import { recordAudit } from './audit.ts';
import { isUuid } from './db.ts';
import { AppError, notFound } from './errors.ts';
import type { Mailer, MailMessage } from './mail.ts';

/**
 * The one way to create a data request (decision 0017): a task of type `data_request` in a customer's
 * calendar, asking one supplier organization. Used by the requests module (a request made by hand) and by the
 * completion of a customer's file upload (requests made from the suppliers named in it). Both run it inside
 * their own transaction with the deferred mailer of `inTransactionWithMail`, so the supplier is emailed only
 * once the request is saved, and publish `publishCalendarTaskChange` after commit.
 */

export type CalendarRow = typeof calendars.$inferSelect;
export type CalendarTaskRow = typeof calendarTasks.$inferSelect;

/** What the audit trail and the email links need of the caller: a request context satisfies it. */
export type DataRequestCaller = Pick<Context, 'actor' | 'requestMeta' | 'env'>;

/** A task of either side changed: payload carries ids and the status only; subscribers read the task again. */
export type CalendarTaskEvent = { calendarTaskId: string; parentTaskId: string | null; status: string };

declare module './events/create-pubsub.ts' {
  interface LiveEventRegistry {
    'requests.task': CalendarTaskEvent;
  }
}

/**
 * Tells both organizations of the task (the customer and the supplier) that it changed (decision 10). Call
 * after the change is committed, once per changed task (a parent whose status followed its subtask included).
 */
export const publishCalendarTaskChange = (
  services: Pick<AppServices, 'pubsub'>,
  task: Pick<CalendarTaskRow, 'id' | 'parentTaskId' | 'status' | 'organizationId' | 'supplierOrganizationId'>,
): void => {
  const event: CalendarTaskEvent = { calendarTaskId: task.id, parentTaskId: task.parentTaskId, status: task.status };
  services.pubsub.publish('requests.task', task.organizationId, event);
  if (task.supplierOrganizationId !== task.organizationId) services.pubsub.publish('requests.task', task.supplierOrganizationId, event);
};

/** A new calendar of the customer organization, holding requests that share a deadline. Audited when `who` is given. */
export const createCalendarRow = async (
  tx: Executor,
  input: { organizationId: string; deadline: Date; createdByUserId: string | null },
  who?: DataRequestCaller,
): Promise<CalendarRow> => {
  const [row] = await tx
    .insert(calendars)
    .values({ organizationId: input.organizationId, deadline: input.deadline, createdByUserId: input.createdByUserId })
    .returning();
  if (!row) throw new Error('calendar not inserted');
  if (who) {
    await recordAudit(tx, who, {
      action: 'createCalendar',
      resource: 'calendar',
      resourceId: row.id,
      organizationId: row.organizationId,
      description: `Created a calendar with the deadline ${row.deadline.toISOString()}`,
      before: null,
      after: { deadline: row.deadline },
    });
  }
  return row;
};

/** The addresses of an organization's users, oldest member first. */
export const emailsOfOrganization = async (tx: Executor, organizationId: string): Promise<string[]> => {
  const rows = await tx
    .select({ email: users.email })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(organizationUsers.organizationId, organizationId))
    .orderBy(asc(organizationUsers.createdAt));
  return [...new Set(rows.map((r) => r.email))];
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A deadline as an email says it: the UTC day and time, unambiguous whatever the reader's zone. */
export const formatDeadline = (deadline: Date): string => `${deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The label of a required upload purpose, or the raw value when it is not a known category. */
export const purposeLabel = (purpose: string | null): string | null =>
  purpose ? (FILE_CATEGORY_LABELS[purpose as FileCategory] ?? purpose) : null;

/** One plain email of the requests flow: lines of text, one link; the HTML part says the same. */
export const requestEmail = (
  to: string,
  options: { subject: string; lines: readonly string[]; action: string; url: string; kind: string; calendarTaskId: string },
): MailMessage => ({
  to,
  subject: options.subject,
  text: [...options.lines, `${options.action}: ${options.url}`, PRODUCT_NAME].join('\n\n'),
  html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${options.lines
    .map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`)
    .join('')}<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.action)}</a></p></div>`,
  metadata: { kind: options.kind, calendarTaskId: options.calendarTaskId },
});

/** The supplier's page of a request. */
export const supplierRequestUrl = (env: Pick<Context['env'], 'APP_URL'>, taskId: string) => `${env.APP_URL}/app/inbox/${taskId}`;
/** The customer's page of a request. */
export const customerRequestUrl = (env: Pick<Context['env'], 'APP_URL'>, taskId: string) => `${env.APP_URL}/app/requests/${taskId}`;

export type NewDataRequestInput = {
  calendarId: string;
  customerOrganizationId: string;
  supplierOrganizationId: string;
  title: string;
  subTitle?: string | null;
  message?: string | null;
  /** The request's own deadline; null takes the calendar's. Not after the calendar's deadline. */
  endDate?: Date | null;
  startDate?: Date | null;
  requestUploadId?: string | null;
  requiredUploadPurpose?: string | null;
  requiredUploadSecondaryPurpose?: string | null;
  createdByUserId: string | null;
  /** The address of a supplier invited in the same change: the request email goes there instead of to its users. */
  invitedEmail?: string | null;
};

/**
 * Creates a data request (status `requested`) in the customer's calendar, records it in the audit trail
 * (`createCalendarTask`), and queues the "new data request" email on `mail` (the deferred mailer: it leaves
 * after commit) to the supplier's users, or to `invitedEmail` for a supplier invited in the same change. The
 * caller publishes `publishCalendarTaskChange(ctx, row)` after its transaction commits.
 * Refuses (NOT_FOUND) a calendar that is not the customer's, and (VALIDATION_FAILED) an end date after the
 * calendar's deadline.
 */
export const createDataRequestTask = async (
  tx: Executor,
  mail: Mailer,
  input: NewDataRequestInput,
  who: DataRequestCaller,
): Promise<CalendarTaskRow> => {
  const [calendar] = await tx.select().from(calendars).where(eq(calendars.id, input.calendarId)).limit(1);
  if (!calendar || calendar.organizationId !== input.customerOrganizationId) throw notFound('Calendar', input.calendarId);
  const endDateRefusal = taskEndDateRefusal(input.endDate ?? null, calendar.deadline);
  if (endDateRefusal) throw new AppError('VALIDATION_FAILED', endDateRefusal, { field: 'endDate' });
  const [customer] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.customerOrganizationId))
    .limit(1);
  const [supplier] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.supplierOrganizationId))
    .limit(1);
  if (!customer) throw notFound('Organization', input.customerOrganizationId);
  if (!supplier) throw notFound('Supplier', input.supplierOrganizationId);

  const [task] = await tx
    .insert(calendarTasks)
    .values({
      calendarId: calendar.id,
      organizationId: input.customerOrganizationId,
      supplierOrganizationId: input.supplierOrganizationId,
      taskType: 'data_request',
      title: input.title,
      subTitle: input.subTitle ?? null,
      status: 'requested',
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      requestUploadId: input.requestUploadId ?? null,
      requiredUploadPurpose: input.requiredUploadPurpose ?? null,
      requiredUploadSecondaryPurpose: input.requiredUploadSecondaryPurpose ?? null,
      message: input.message ?? null,
      createdByUserId: input.createdByUserId,
    })
    .returning();
  if (!task) throw new Error('calendar task not inserted');

  await recordAudit(tx, who, {
    action: 'createCalendarTask',
    resource: 'calendarTask',
    resourceId: task.id,
    organizationId: task.organizationId,
    description: `Requested "${task.title}" from ${supplier.name}`,
    before: null,
    after: {
      status: task.status,
      taskType: task.taskType,
      title: task.title,
      calendarId: task.calendarId,
      supplierOrganizationId: task.supplierOrganizationId,
      endDate: task.endDate,
      requiredUploadPurpose: task.requiredUploadPurpose,
      requiredUploadSecondaryPurpose: task.requiredUploadSecondaryPurpose,
      requestUploadId: task.requestUploadId,
    },
  });

  const deadline = task.endDate ?? calendar.deadline;
  const purpose = purposeLabel(task.requiredUploadPurpose);
  const lines = [
    `${customer.name} asks ${supplier.name} for data on ${PRODUCT_NAME}: ${task.title}.`,
    ...(task.subTitle ? [task.subTitle] : []),
    ...(purpose
      ? [
          `Data asked for: ${purpose}${task.requiredUploadSecondaryPurpose ? `, reporting period ${task.requiredUploadSecondaryPurpose}` : ''}.`,
        ]
      : []),
    `Deadline: ${formatDeadline(deadline)}.`,
    ...(task.message ? [`Message from ${customer.name}:\n${task.message}`] : []),
  ];
  const recipients = input.invitedEmail ? [input.invitedEmail] : await emailsOfOrganization(tx, input.supplierOrganizationId);
  for (const to of recipients) {
    await mail.send(
      requestEmail(to, {
        subject: `${customer.name} asks for data by ${deadline.toISOString().slice(0, 10)}: ${task.title}`,
        lines,
        action: input.invitedEmail ? 'Open the request once you have registered' : 'Open the request',
        url: supplierRequestUrl(who.env, task.id),
        kind: 'data-request-new',
        calendarTaskId: task.id,
      }),
    );
  }
  return task;
};

/**
 * A request a new upload of `organizationId` is to answer (decision 2), locked: one the organization was asked
 * (NOT_FOUND for anyone else's, FORBIDDEN for its customer) and still waiting for the supplier (CONFLICT).
 */
export const lockTaskForAnswer = async (tx: Executor, organizationId: string, calendarTaskId: string): Promise<CalendarTaskRow> => {
  const [task] = isUuid(calendarTaskId)
    ? await tx.select().from(calendarTasks).where(eq(calendarTasks.id, calendarTaskId)).for('update').limit(1)
    : [];
  if (!task || (task.organizationId !== organizationId && task.supplierOrganizationId !== organizationId))
    throw notFound('CalendarTask', calendarTaskId);
  if (task.supplierOrganizationId !== organizationId)
    throw new AppError('FORBIDDEN', 'Only the supplier can answer a request.', { field: 'calendarTaskId' });
  if (!['requested', 'in_progress', 'returned'].includes(task.status))
    throw new AppError(
      'CONFLICT',
      `A request that is ${task.status.replace('_', ' ')} cannot take a new answer${task.status === 'submitted' ? '; take the submission back first' : ''}.`,
      { field: 'calendarTaskId' },
    );
  return task;
};

/**
 * Records the upload as the request's response upload and moves a `requested` or `returned` request (without
 * subtasks) to `in_progress`. Audited; the caller publishes `publishCalendarTaskChange(ctx, after)` after commit.
 */
export const attachResponseUpload = async (
  tx: Executor,
  who: DataRequestCaller,
  task: CalendarTaskRow,
  fileUploadId: string,
): Promise<CalendarTaskRow> => {
  const [live] = await tx
    .select({ id: calendarTasks.id })
    .from(calendarTasks)
    .where(and(eq(calendarTasks.parentTaskId, task.id), ne(calendarTasks.status, 'cancelled')))
    .limit(1);
  const status = !live && (task.status === 'requested' || task.status === 'returned') ? 'in_progress' : task.status;
  const [after] = await tx
    .update(calendarTasks)
    .set({ responseUploadId: fileUploadId, status })
    .where(eq(calendarTasks.id, task.id))
    .returning();
  if (!after) throw new Error('calendar task missing');
  await recordAudit(tx, who, {
    action: 'updateCalendarTask',
    resource: 'calendarTask',
    resourceId: after.id,
    organizationId: who.actor?.organizationId ?? after.supplierOrganizationId,
    description: `The supplier started answering "${after.title}" with a new upload`,
    before: { status: task.status, responseUploadId: task.responseUploadId },
    after: { status: after.status, responseUploadId: after.responseUploadId },
  });
  return after;
};

/**
 * The category a file of this batch takes because the batch answers a request (decision 2): the request's
 * required upload purpose and the words that say why, or null when the batch answers none or the request names
 * no category.
 */
export const requiredCategoryOfBatch = async (
  tx: Executor,
  fileUploadId: string | null,
): Promise<{ category: string; reasoning: string } | null> => {
  if (!fileUploadId) return null;
  const [row] = await tx
    .select({ purpose: calendarTasks.requiredUploadPurpose, title: calendarTasks.title })
    .from(fileUploads)
    .innerJoin(
      calendarTasks,
      and(eq(calendarTasks.id, fileUploads.calendarTaskId), eq(calendarTasks.supplierOrganizationId, fileUploads.organizationId)),
    )
    .where(eq(fileUploads.id, fileUploadId))
    .limit(1);
  if (!row?.purpose) return null;
  return { category: row.purpose, reasoning: `Required by the data request “${row.title}”` };
};
