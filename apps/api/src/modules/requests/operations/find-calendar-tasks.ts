import { organizations } from '@tidewise/db/schema/organizations';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { type CalendarTaskDisplayStatus, OPEN_CALENDAR_TASK_STATUSES } from '@tidewise/shared/requests/statuses';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { isUuid, likePattern } from '../../../lib/db.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import { checkDates } from '../inputs.ts';
import { deadlineSql, overdueSql, parentTasks, selectTasks, type TaskView, viewOf, visibleTo } from '../records.ts';
import type { TaskSide } from '../requests.policy.ts';

export const CALENDAR_TASK_SORT_FIELDS = ['createdAt', 'deadline', 'status', 'title'] as const;
export type CalendarTaskSortField = (typeof CALENDAR_TASK_SORT_FIELDS)[number];

export type CalendarTaskFilter = {
  assignedUserId?: string | null;
  calendarId?: string | null;
  customerOrganizationId?: string | null;
  supplierOrganizationId?: string | null;
  deadlineFrom?: Date | null;
  deadlineTo?: Date | null;
  parentTaskId?: string | null;
  period?: string | null;
  search?: string | null;
  side?: TaskSide | null;
  status?: CalendarTaskDisplayStatus | null;
  topLevelOnly?: boolean | null;
};

const customerOrganizations = alias(organizations, 'customer_organization');
const supplierOrganizations = alias(organizations, 'supplier_organization');

/** A condition that matches nothing: an id that is not a UUID names no row. */
const NOTHING = sql`false`;

/** A display status in SQL: overdue over the open statuses whose deadline has passed, with `now` as a parameter. */
export const displayStatusSql = (status: CalendarTaskDisplayStatus, at: Date): SQL => {
  if (status === 'overdue') return overdueSql(at);
  if ((OPEN_CALENDAR_TASK_STATUSES as readonly string[]).includes(status))
    return sql`(${eq(calendarTasks.status, status)} and not ${overdueSql(at)})`;
  return eq(calendarTasks.status, status);
};

/** A reporting period filter: the period itself, and for a year also its quarters, halves and months. */
export const periodSql = (period: string): SQL => {
  const normalized = period.trim().toUpperCase();
  return /^\d{4}$/.test(normalized)
    ? sql`(${calendarTasks.requiredUploadSecondaryPurpose} = ${normalized} or ${calendarTasks.requiredUploadSecondaryPurpose} like ${`${normalized}-%`})`
    : eq(calendarTasks.requiredUploadSecondaryPurpose, normalized);
};

const idCondition = (value: string | null | undefined, build: (id: string) => SQL): SQL | undefined =>
  value ? (isUuid(value) ? build(value) : NOTHING) : undefined;

/**
 * calendarTasks: the tasks of the caller's organization on either side (or one side), with the contract's
 * filters. Overdue is derived in SQL with the server clock's now as a parameter.
 */
export const findCalendarTasks = async (
  ctx: Context,
  filter: CalendarTaskFilter,
  pagination: Pagination,
  sort: Sort<CalendarTaskSortField> | null,
): Promise<Page<TaskView>> => {
  const actor = requireActor(ctx);
  checkDates({ deadlineFrom: filter.deadlineFrom, deadlineTo: filter.deadlineTo });
  const organizationId = actor.organizationId;
  const at = now();
  const conditions: (SQL | undefined)[] = [
    filter.side === 'customer'
      ? eq(calendarTasks.organizationId, organizationId)
      : filter.side === 'supplier'
        ? eq(calendarTasks.supplierOrganizationId, organizationId)
        : visibleTo(organizationId),
    idCondition(filter.parentTaskId, (id) => eq(calendarTasks.parentTaskId, id)),
    !filter.parentTaskId && filter.topLevelOnly !== false ? isNull(calendarTasks.parentTaskId) : undefined,
    idCondition(filter.assignedUserId, (id) => eq(calendarTasks.assignedUserId, id)),
    idCondition(filter.calendarId, (id) => eq(calendarTasks.calendarId, id)),
    idCondition(filter.customerOrganizationId, (id) => eq(calendarTasks.organizationId, id)),
    idCondition(filter.supplierOrganizationId, (id) => eq(calendarTasks.supplierOrganizationId, id)),
    filter.status ? displayStatusSql(filter.status, at) : undefined,
    filter.period ? periodSql(filter.period) : undefined,
    filter.deadlineFrom ? sql`${deadlineSql} >= ${filter.deadlineFrom.toISOString()}::timestamptz` : undefined,
    filter.deadlineTo ? sql`${deadlineSql} <= ${filter.deadlineTo.toISOString()}::timestamptz` : undefined,
  ];
  if (filter.search?.trim()) {
    const pattern = likePattern(filter.search.trim());
    conditions.push(
      sql`(${calendarTasks.title} ilike ${pattern} or ${calendarTasks.subTitle} ilike ${pattern} or (case when ${calendarTasks.organizationId} = ${organizationId} then ${supplierOrganizations.name} else ${customerOrganizations.name} end) ilike ${pattern})`,
    );
  }
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const order = sortOrder(
    sort,
    { createdAt: calendarTasks.createdAt, deadline: deadlineSql, status: calendarTasks.status, title: calendarTasks.title },
    calendarTasks.id,
    // Unsorted, what is still under way comes first (accepted and cancelled last), each part by deadline.
    [
      asc(sql`case when ${calendarTasks.status} in ('accepted', 'cancelled') then 1 else 0 end`),
      asc(deadlineSql),
      asc(calendarTasks.createdAt),
      asc(calendarTasks.id),
    ],
  );
  const rows = await selectTasks(ctx.db)
    .innerJoin(customerOrganizations, eq(customerOrganizations.id, calendarTasks.organizationId))
    .innerJoin(supplierOrganizations, eq(supplierOrganizations.id, calendarTasks.supplierOrganizationId))
    .where(where)
    .orderBy(...order)
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  const [total] = await ctx.db
    .select({ value: count() })
    .from(calendarTasks)
    .innerJoin(calendars, eq(calendars.id, calendarTasks.calendarId))
    .leftJoin(parentTasks, eq(parentTasks.id, calendarTasks.parentTaskId))
    .innerJoin(customerOrganizations, eq(customerOrganizations.id, calendarTasks.organizationId))
    .innerJoin(supplierOrganizations, eq(supplierOrganizations.id, calendarTasks.supplierOrganizationId))
    .where(where);
  return toPage(
    pagination,
    rows.map((r) => viewOf(r, organizationId)),
    Number(total?.value ?? 0),
  );
};
