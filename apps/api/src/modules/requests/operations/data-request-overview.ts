import { organizations } from '@tidewise/db/schema/organizations';
import { calendarTasks } from '@tidewise/db/schema/requests';
import {
  type CalendarTaskDisplayStatus,
  type CalendarTaskStatus,
  calendarTaskDisplayStatus,
  OPEN_CALENDAR_TASK_STATUSES,
} from '@tidewise/shared/requests/statuses';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { checkDates } from '../inputs.ts';
import { deadlineSql, selectTasks, viewOf } from '../records.ts';
import { displayStatusSql, periodSql } from './find-calendar-tasks.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export type SupplierStats = {
  supplierOrganization: OrganizationRow;
  total: number;
  open: number;
  overdue: number;
  answered: number;
  onTime: number;
  accepted: number;
};

export type DataRequestOverview = {
  total: number;
  requested: number;
  inProgress: number;
  submitted: number;
  returned: number;
  accepted: number;
  cancelled: number;
  overdue: number;
  responseRate: number;
  onTimeRate: number;
  suppliers: SupplierStats[];
};

export type OverviewFilter = {
  deadlineFrom?: Date | null;
  deadlineTo?: Date | null;
  period?: string | null;
  status?: CalendarTaskDisplayStatus | null;
};

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/**
 * dataRequestOverview: how suppliers answer the requests the caller's organization sent (top-level requests only).
 * Status counts are by stored status and add up to `total`; `overdue` counts the open ones past their deadline
 * (a subset of requested, in progress and returned). A request is answered once it was submitted (its
 * `submittedAt`), and on time when that submission was not after its deadline.
 */
export const dataRequestOverview = async (ctx: Context, filter: OverviewFilter): Promise<DataRequestOverview> => {
  const actor = requireActor(ctx);
  checkDates({ deadlineFrom: filter.deadlineFrom, deadlineTo: filter.deadlineTo });
  const at = now();
  const conditions: SQL[] = [
    eq(calendarTasks.organizationId, actor.organizationId),
    eq(calendarTasks.taskType, 'data_request'),
    isNull(calendarTasks.parentTaskId),
  ];
  if (filter.status) conditions.push(displayStatusSql(filter.status, at));
  if (filter.period) conditions.push(periodSql(filter.period));
  if (filter.deadlineFrom) conditions.push(sql`${deadlineSql} >= ${filter.deadlineFrom.toISOString()}::timestamptz`);
  if (filter.deadlineTo) conditions.push(sql`${deadlineSql} <= ${filter.deadlineTo.toISOString()}::timestamptz`);
  const tasks = (await selectTasks(ctx.db).where(and(...conditions))).map((r) => viewOf(r, actor.organizationId));

  const counts: Record<CalendarTaskStatus, number> = {
    requested: 0,
    in_progress: 0,
    submitted: 0,
    returned: 0,
    accepted: 0,
    cancelled: 0,
  };
  const bySupplier = new Map<string, Omit<SupplierStats, 'supplierOrganization'>>();
  let overdue = 0;
  let answered = 0;
  let onTime = 0;
  for (const task of tasks) {
    const status = task.status as CalendarTaskStatus;
    counts[status] += 1;
    const isOverdue = calendarTaskDisplayStatus(status, task.deadline, at) === 'overdue';
    const isAnswered = task.submittedAt !== null && status !== 'cancelled';
    const wasOnTime = isAnswered && (task.submittedAt as Date).getTime() <= task.deadline.getTime();
    if (isOverdue) overdue += 1;
    if (isAnswered) answered += 1;
    if (wasOnTime) onTime += 1;
    const stats = bySupplier.get(task.supplierOrganizationId) ?? { total: 0, open: 0, overdue: 0, answered: 0, onTime: 0, accepted: 0 };
    stats.total += 1;
    if (OPEN_CALENDAR_TASK_STATUSES.includes(status)) stats.open += 1;
    if (isOverdue) stats.overdue += 1;
    if (isAnswered) stats.answered += 1;
    if (wasOnTime) stats.onTime += 1;
    if (status === 'accepted') stats.accepted += 1;
    bySupplier.set(task.supplierOrganizationId, stats);
  }
  const supplierRows =
    bySupplier.size === 0
      ? []
      : await ctx.db
          .select()
          .from(organizations)
          .where(inArray(organizations.id, [...bySupplier.keys()]));
  const suppliers = supplierRows
    .map((organization) => ({
      supplierOrganization: organization,
      ...(bySupplier.get(organization.id) as Omit<SupplierStats, 'supplierOrganization'>),
    }))
    .sort((a, b) => b.total - a.total || a.supplierOrganization.name.localeCompare(b.supplierOrganization.name));
  return {
    total: tasks.length,
    requested: counts.requested,
    inProgress: counts.in_progress,
    submitted: counts.submitted,
    returned: counts.returned,
    accepted: counts.accepted,
    cancelled: counts.cancelled,
    overdue,
    responseRate: rate(answered, tasks.length - counts.cancelled),
    onTimeRate: rate(onTime, answered),
    suppliers,
  };
};
