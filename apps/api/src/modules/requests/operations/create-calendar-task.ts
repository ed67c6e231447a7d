import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads } from '@tidewise/db/schema/uploads';
import { createCalendarTaskSchema, taskEndDateRefusal } from '@tidewise/shared/requests/inputs';
import { addSubtaskRefusal, type CalendarTaskStatus } from '@tidewise/shared/requests/statuses';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { type CalendarTaskRow, createDataRequestTask, publishCalendarTaskChange } from '../../../lib/data-requests.ts';
import { isUuid } from '../../../lib/db.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { notFound } from '../../../lib/errors.ts';
import { checkDates, parseInput } from '../inputs.ts';
import { findTaskForActor, lockTask, type TaskView } from '../records.ts';
import { followSubtasks } from '../task-changes.ts';

/**
 * createCalendarTask: a data request made by hand to an active supplier of the caller (no customer file), or a
 * subtask of one of the caller's requests (same supplier, same calendar; its required data defaults to the
 * request's). The request emails the supplier's users after commit; a subtask moves its request's status.
 */
export const createCalendarTask = async (ctx: Context, rawInput: unknown): Promise<TaskView> => {
  const actor = requireActor(ctx);
  const at = now();
  const input = parseInput(createCalendarTaskSchema(at), rawInput);
  checkDates({ startDate: input.startDate });
  if (input.assignedUserId) refuse({ code: 'FORBIDDEN', message: 'Only the supplier can assign a request.', field: 'assignedUserId' });

  const changed = await inTransactionWithMail(ctx, async (tx, mailer): Promise<CalendarTaskRow[]> => {
    const [calendar] = await tx
      .select()
      .from(calendars)
      .where(and(eq(calendars.id, input.calendarId), eq(calendars.organizationId, actor.organizationId)))
      .limit(1);
    if (!calendar) throw notFound('Calendar', input.calendarId);
    if (input.requestUploadId) {
      const [upload] = await tx
        .select({ id: fileUploads.id })
        .from(fileUploads)
        .where(and(eq(fileUploads.id, input.requestUploadId), eq(fileUploads.organizationId, actor.organizationId)))
        .limit(1);
      if (!upload) throw notFound('FileUpload', input.requestUploadId);
    }
    const endDateRefusal = taskEndDateRefusal(input.endDate ?? null, calendar.deadline);
    if (endDateRefusal) refuse({ code: 'VALIDATION_FAILED', message: endDateRefusal, field: 'endDate' });

    if (input.taskType === 'data_request') {
      const supplierOrganizationId = input.supplierOrganizationId as string;
      const [relationship] = await tx
        .select({ status: organizationRelationships.status, name: organizations.name })
        .from(organizationRelationships)
        .innerJoin(organizations, eq(organizations.id, organizationRelationships.supplierOrganizationId))
        .where(
          and(
            eq(organizationRelationships.customerOrganizationId, actor.organizationId),
            eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
          ),
        )
        .limit(1);
      if (!relationship) throw notFound('Supplier', supplierOrganizationId);
      if (relationship.status !== 'active')
        refuse({
          code: 'CONFLICT',
          message: `${relationship.name} is not an active supplier of yours (the relationship is ${relationship.status}). Requests go to active suppliers.`,
          field: 'supplierOrganizationId',
        });
      const task = await createDataRequestTask(
        tx,
        mailer,
        {
          calendarId: calendar.id,
          customerOrganizationId: actor.organizationId,
          supplierOrganizationId,
          title: input.title,
          subTitle: input.subTitle ?? null,
          message: input.message ?? null,
          startDate: input.startDate ?? null,
          endDate: input.endDate ?? null,
          requestUploadId: input.requestUploadId ?? null,
          requiredUploadPurpose: input.requiredUploadPurpose ?? null,
          requiredUploadSecondaryPurpose: input.requiredUploadSecondaryPurpose ?? null,
          createdByUserId: actor.userId,
        },
        ctx,
      );
      return [task];
    }

    // A subtask: only the requesting customer splits its request.
    const parentTaskId = input.parentTaskId as string;
    if (!isUuid(parentTaskId)) throw notFound('CalendarTask', parentTaskId);
    const parent = await lockTask(tx, actor.organizationId, parentTaskId);
    if (parent.organizationId !== actor.organizationId)
      refuse({ code: 'FORBIDDEN', message: 'Only the customer can add a subtask to a request.', field: 'parentTaskId' });
    if (parent.taskType !== 'data_request')
      refuse({ code: 'VALIDATION_FAILED', message: 'A subtask belongs to a data request, not to another subtask.', field: 'parentTaskId' });
    if (parent.calendarId !== calendar.id)
      refuse({ code: 'VALIDATION_FAILED', message: "A subtask is in its request's calendar.", field: 'calendarId' });
    const addRefusal = addSubtaskRefusal(parent.status as CalendarTaskStatus);
    if (addRefusal) refuse({ code: 'CONFLICT', message: addRefusal, field: 'parentTaskId' });
    const [subtask] = await tx
      .insert(calendarTasks)
      .values({
        calendarId: calendar.id,
        organizationId: actor.organizationId,
        supplierOrganizationId: parent.supplierOrganizationId,
        taskType: 'subtask',
        title: input.title,
        subTitle: input.subTitle ?? null,
        status: 'requested',
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        parentTaskId: parent.id,
        requestUploadId: input.requestUploadId ?? parent.requestUploadId,
        requiredUploadPurpose: input.requiredUploadPurpose ?? parent.requiredUploadPurpose,
        requiredUploadSecondaryPurpose:
          input.requiredUploadSecondaryPurpose ?? (input.requiredUploadPurpose ? null : parent.requiredUploadSecondaryPurpose),
        message: input.message ?? null,
        createdByUserId: actor.userId,
      })
      .returning();
    if (!subtask) throw new Error('subtask not inserted');
    await recordAudit(tx, ctx, {
      resource: 'calendarTask',
      resourceId: subtask.id,
      description: `Added the subtask "${subtask.title}" to "${parent.title}"`,
      before: null,
      after: {
        status: subtask.status,
        taskType: subtask.taskType,
        title: subtask.title,
        parentTaskId: parent.id,
        endDate: subtask.endDate,
        requiredUploadPurpose: subtask.requiredUploadPurpose,
      },
    });
    const parentAfter = await followSubtasks(tx, ctx, parent, at);
    return parentAfter ? [subtask, parentAfter] : [subtask];
  });
  for (const task of changed) publishCalendarTaskChange(ctx, task);
  const [created] = changed;
  if (!created) throw new Error('no task created');
  return findTaskForActor(ctx, created.id);
};
