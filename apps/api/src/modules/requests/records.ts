import type { Executor } from '@tidewise/db/client';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { OPEN_CALENDAR_TASK_STATUSES, effectiveDeadline } from '@tidewise/shared/requests/statuses';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from '../../context.ts';
import { requireActor } from '../../lib/authz.ts';
import type { CalendarTaskRow } from '../../lib/data-requests.ts';
import { isUuid } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { sideOf, type TaskSide } from './requests.policy.ts';

/**
 * Loading tasks for a caller: every read names the caller's organization as the task's customer or its
 * supplier, so another organization's id answers NOT_FOUND exactly like an unknown one.
 */

/** A task as the API answers it: the row, its effective deadline, and the side the caller is on. */
export type TaskView = CalendarTaskRow & { deadline: Date; viewerSide: TaskSide };

export const parentTasks = alias(calendarTasks, 'parent_task');

/** The effective deadline in SQL: the task's end date, else its parent's, else its calendar's. */
export const deadlineSql = sql`coalesce(${calendarTasks.endDate}, ${parentTasks.endDate}, ${calendars.deadline})`;

/** The task is open (the supplier still has to act) and its deadline is before `now`. */
export const overdueSql = (now: Date): SQL =>
  sql`(${inArray(calendarTasks.status, [...OPEN_CALENDAR_TASK_STATUSES])} and ${deadlineSql} < ${now.toISOString()}::timestamptz)`;

/** The caller's organization is the task's customer or its supplier. */
export const visibleTo = (organizationId: string): SQL =>
  or(eq(calendarTasks.organizationId, organizationId), eq(calendarTasks.supplierOrganizationId, organizationId)) as SQL;

export const taskSelection = { task: calendarTasks, parentEndDate: parentTasks.endDate, calendarDeadline: calendars.deadline };
export type TaskSelected = { task: CalendarTaskRow; parentEndDate: Date | null; calendarDeadline: Date };

export const selectTasks = (executor: Executor) =>
  executor
    .select(taskSelection)
    .from(calendarTasks)
    .innerJoin(calendars, eq(calendars.id, calendarTasks.calendarId))
    .leftJoin(parentTasks, eq(parentTasks.id, calendarTasks.parentTaskId));

export const viewOf = (row: TaskSelected, organizationId: string): TaskView => ({
  ...row.task,
  deadline: effectiveDeadline(row.task.endDate, row.parentEndDate, row.calendarDeadline) ?? row.calendarDeadline,
  viewerSide: sideOf(organizationId, row.task) ?? 'customer',
});

/** A task of either side of the caller, or NOT_FOUND. */
export const findTaskForActor = async (
  ctx: Pick<Context, 'actor' | 'db'>,
  taskId: string,
  executor: Executor = ctx.db,
): Promise<TaskView> => {
  const actor = requireActor(ctx);
  if (!isUuid(taskId)) throw notFound('CalendarTask', taskId);
  const [row] = await selectTasks(executor)
    .where(and(eq(calendarTasks.id, taskId), visibleTo(actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('CalendarTask', taskId);
  return viewOf(row, actor.organizationId);
};

/** Tasks by id, as the caller sees them (ids of other organizations are left out), in the order given. */
export const tasksForActor = async (ctx: Pick<Context, 'actor' | 'db'>, ids: readonly string[]): Promise<TaskView[]> => {
  const actor = requireActor(ctx);
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await selectTasks(ctx.db).where(and(inArray(calendarTasks.id, valid), visibleTo(actor.organizationId)));
  const byId = new Map(rows.map((r) => [r.task.id, viewOf(r, actor.organizationId)]));
  return valid.flatMap((id) => byId.get(id) ?? []);
};

/** Locks the task row (FOR UPDATE) and answers it; NOT_FOUND when it is not the caller's. */
export const lockTask = async (tx: Executor, organizationId: string, taskId: string): Promise<CalendarTaskRow> => {
  if (!isUuid(taskId)) throw notFound('CalendarTask', taskId);
  const [row] = await tx
    .select()
    .from(calendarTasks)
    .where(and(eq(calendarTasks.id, taskId), visibleTo(organizationId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('CalendarTask', taskId);
  return row;
};

/** Statuses of a request's subtasks, cancelled ones included. */
export const subtaskStatuses = async (executor: Executor, parentTaskId: string): Promise<string[]> =>
  (await executor.select({ status: calendarTasks.status }).from(calendarTasks).where(eq(calendarTasks.parentTaskId, parentTaskId))).map(
    (r) => r.status,
  );

/** Whether the request has subtasks that still count (not cancelled). */
export const hasLiveSubtasks = async (executor: Executor, taskId: string): Promise<boolean> => {
  const [row] = await executor
    .select({ id: calendarTasks.id })
    .from(calendarTasks)
    .where(and(eq(calendarTasks.parentTaskId, taskId), ne(calendarTasks.status, 'cancelled')))
    .limit(1);
  return row !== undefined;
};
