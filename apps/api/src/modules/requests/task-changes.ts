import type { Executor } from '@tidewise/db/client';
import { organizationSettings } from '@tidewise/db/schema/organization-admin';
import { calendarTasks, reminderDeliveries } from '@tidewise/db/schema/requests';
import { type ReminderSchedule, reminderKeysToForget, reminderPointsFor } from '@tidewise/shared/requests/reminders';
import { type CalendarTaskStatus, deriveParentTaskStatus, FINAL_CALENDAR_TASK_STATUSES } from '@tidewise/shared/requests/statuses';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CalendarTaskRow } from '../../lib/data-requests.ts';
import { subtaskStatuses } from './records.ts';

/** The moments a status records: when it was submitted, accepted or cancelled. */
export const statusStamps = (status: CalendarTaskStatus, at: Date): Partial<CalendarTaskRow> =>
  status === 'submitted'
    ? { submittedAt: at }
    : status === 'accepted'
      ? { acceptedAt: at }
      : status === 'cancelled'
        ? { cancelledAt: at }
        : {};

/**
 * A request with subtasks takes its status from them (`deriveParentTaskStatus`). Call with the parent's row
 * locked, after a subtask was added or changed; answers the parent after the change, or null when it kept its
 * status (a final parent never moves).
 */
export const followSubtasks = async (
  tx: Executor,
  who: Pick<Context, 'actor' | 'requestMeta'>,
  parent: CalendarTaskRow,
  at: Date,
): Promise<CalendarTaskRow | null> => {
  if (FINAL_CALENDAR_TASK_STATUSES.includes(parent.status as CalendarTaskStatus)) return null;
  const derived = deriveParentTaskStatus((await subtaskStatuses(tx, parent.id)) as CalendarTaskStatus[]);
  if (derived === parent.status) return null;
  const [after] = await tx
    .update(calendarTasks)
    .set({ status: derived, ...statusStamps(derived, at) })
    .where(eq(calendarTasks.id, parent.id))
    .returning();
  if (!after) throw new Error('parent task missing');
  await recordAudit(tx, who, {
    resource: 'calendarTask',
    resourceId: after.id,
    organizationId: after.organizationId,
    description: `The request "${after.title}" follows its subtasks: ${parent.status} → ${after.status}`,
    before: { status: parent.status },
    after: { status: after.status },
    metadata: { derivedFromSubtasks: true },
  });
  return after;
};

/** The reminder schedule the server runs with (REMINDER_* settings). */
export const reminderScheduleOf = (
  env: Pick<Env, 'REMINDER_DAYS_BEFORE' | 'REMINDER_OVERDUE_EVERY_DAYS' | 'REMINDER_OVERDUE_FOR_DAYS' | 'REMINDER_LOCAL_HOUR'>,
): ReminderSchedule => ({
  daysBefore: env.REMINDER_DAYS_BEFORE,
  overdueEveryDays: env.REMINDER_OVERDUE_EVERY_DAYS > 0 ? env.REMINDER_OVERDUE_EVERY_DAYS : null,
  overdueForDays: env.REMINDER_OVERDUE_FOR_DAYS,
  sendHour: env.REMINDER_LOCAL_HOUR,
});

/**
 * A deadline moved later: the reminders already sent whose point now lies ahead are forgotten, so the supplier
 * is reminded again for the new date (`reminderKeysToForget`). Answers the keys forgotten.
 */
export const forgetPassedReminders = async (
  tx: Executor,
  env: Parameters<typeof reminderScheduleOf>[0],
  task: { id: string; supplierOrganizationId: string },
  newDeadline: Date,
  at: Date,
): Promise<string[]> => {
  const sent = await tx.select({ key: reminderDeliveries.key }).from(reminderDeliveries).where(eq(reminderDeliveries.taskId, task.id));
  if (sent.length === 0) return [];
  const [settings] = await tx
    .select({ timezone: organizationSettings.timezone })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, task.supplierOrganizationId))
    .limit(1);
  const points = reminderPointsFor({
    taskId: task.id,
    deadline: newDeadline,
    schedule: reminderScheduleOf(env),
    timeZone: settings?.timezone ?? 'UTC',
  });
  const forget = reminderKeysToForget(new Set(sent.map((s) => s.key)), points, at);
  if (forget.length > 0)
    await tx.delete(reminderDeliveries).where(and(eq(reminderDeliveries.taskId, task.id), inArray(reminderDeliveries.key, forget)));
  return forget;
};
