import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { calendarTaskReviews, calendarTasks, uploadSupplierData } from '@tidewise/db/schema/requests';
import { fileUploads } from '@tidewise/db/schema/uploads';
import {
  CALENDAR_TASK_DISPLAY_STATUS_LABELS,
  CALENDAR_TASK_STATUSES,
  CALENDAR_TASK_TYPES,
  type CalendarTaskStatus,
  type CalendarTaskType,
  calendarTaskDisplayStatus,
} from '@tidewise/shared/requests/statuses';
import type { FileCategory } from '@tidewise/shared/uploads';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../../context.ts';
import { requireActor } from '../../lib/authz.ts';
import { now } from '../../lib/clock.ts';
import type { CalendarRow } from '../../lib/data-requests.ts';
import { notFound } from '../../lib/errors.ts';
import { RESPONSE_READABLE_STATUSES } from '../../lib/request-access.ts';
import { builder } from '../../schema/builder.ts';
import { ExportLinkRef, PaginationInput, pageArg, pageOf } from '../../schema/common.graphql.ts';
import { OrganizationRef } from '../../schema/identity.graphql.ts';
import { sortInputOf } from '../../schema/sorting.graphql.ts';
import { FileCategoryRef, FileUploadRef } from '../../schema/uploads.graphql.ts';
import { calendarTaskCount, findCalendars, getCalendar } from './operations/calendars.ts';
import { calendarTaskTemplate } from './operations/calendar-task-template.ts';
import { createCalendar } from './operations/create-calendar.ts';
import { createCalendarTask } from './operations/create-calendar-task.ts';
import { type DataRequestOverview, dataRequestOverview, type SupplierStats } from './operations/data-request-overview.ts';
import { CALENDAR_TASK_SORT_FIELDS, findCalendarTasks } from './operations/find-calendar-tasks.ts';
import { updateCalendarTask } from './operations/update-calendar-task.ts';
import { findTaskForActor, hasLiveSubtasks, selectTasks, type TaskView, viewOf } from './records.ts';
import { allowedTransitionsFor } from './requests.policy.ts';

/** Calendars and data requests (CalendarTask): types, queries and mutations. docs/decisions/0017-data-requests.md. */

const READ = 'calendar:read';
const CREATE = 'calendar:create';
const UPDATE = 'calendar:update';

export const CalendarTaskStatusRef = builder.enumType('CalendarTaskStatus', { values: CALENDAR_TASK_STATUSES });
export const CalendarTaskDisplayStatusRef = builder.enumType('CalendarTaskDisplayStatus', {
  values: [...CALENDAR_TASK_STATUSES, 'overdue'] as const,
});
const CalendarTaskTypeRef = builder.enumType('CalendarTaskType', { values: CALENDAR_TASK_TYPES });
const CalendarTaskSideRef = builder.enumType('CalendarTaskSide', { values: ['customer', 'supplier'] as const });

const statusOf = (task: { status: string }) => task.status as CalendarTaskStatus;

export const CalendarRef = builder.objectRef<CalendarRow>('Calendar').implement({
  description: "A customer's calendar of data requests sharing one deadline (spec Calendar).",
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    deadline: t.field({ type: 'DateTime', resolve: (c) => c.deadline }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    taskCount: t.int({
      description: 'Top-level requests in it, cancelled ones included.',
      resolve: (c, _args, ctx) => calendarTaskCount(ctx, c.id),
    }),
  }),
});
const CalendarPageRef = pageOf('Calendar', CalendarRef);

type TaskUser = { id: string; email: string; firstName: string | null; lastName: string | null };
const CalendarTaskUserRef = builder.objectRef<TaskUser>('CalendarTaskUser').implement({
  description: 'A user a task is assigned to (a user of the supplier organization).',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.string({ nullable: true, resolve: (u) => u.firstName }),
    lastName: t.string({ nullable: true, resolve: (u) => u.lastName }),
  }),
});

type ReviewRow = typeof calendarTaskReviews.$inferSelect;
type ReviewComment = ReviewRow['comments'][number];
const CalendarTaskReviewCommentRef = builder.objectRef<ReviewComment>('CalendarTaskReviewComment').implement({
  description: 'On a row (rowNumber), a field (a catalogue field key), or a cell (both).',
  fields: (t) => ({
    rowNumber: t.int({ nullable: true, resolve: (c) => c.rowNumber }),
    field: t.string({ nullable: true, resolve: (c) => c.field }),
    message: t.exposeString('message'),
  }),
});
const CalendarTaskReviewRef = builder.objectRef<ReviewRow>('CalendarTaskReview').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message'),
    comments: t.field({ type: [CalendarTaskReviewCommentRef], resolve: (r) => r.comments }),
    createdByEmail: t.string({ nullable: true, resolve: (r) => r.createdByEmail }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

const organizationById = async (ctx: Context, id: string) => {
  const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!row) throw notFound('Organization', id);
  return row;
};

export const CalendarTaskRef = builder.objectRef<TaskView>('CalendarTask');
CalendarTaskRef.implement({
  description:
    'A data request (taskType data_request) or one part of it (subtask). Seen by the requesting customer and by the supplier asked, each through its own organization.',
  fields: (t) => ({
    id: t.exposeID('id'),
    calendarId: t.exposeID('calendarId'),
    organizationId: t.exposeID('organizationId', { description: 'The requesting customer (spec organizationId of the Calendar).' }),
    supplierOrganizationId: t.exposeID('supplierOrganizationId'),
    customerOrganization: t.field({
      type: OrganizationRef,
      description: 'The requesting customer.',
      resolve: (task, _args, ctx) => organizationById(ctx, task.organizationId),
    }),
    supplierOrganization: t.field({
      type: OrganizationRef,
      resolve: (task, _args, ctx) => organizationById(ctx, task.supplierOrganizationId),
    }),
    taskType: t.field({ type: CalendarTaskTypeRef, resolve: (task) => task.taskType as CalendarTaskType }),
    title: t.exposeString('title'),
    subTitle: t.string({ nullable: true, resolve: (task) => task.subTitle }),
    message: t.string({ nullable: true, description: "The customer's note to the supplier.", resolve: (task) => task.message }),
    status: t.field({ type: CalendarTaskStatusRef, resolve: statusOf }),
    displayStatus: t.field({
      type: CalendarTaskDisplayStatusRef,
      description: 'status, or overdue when the deadline passed and the supplier still has to act.',
      resolve: (task) => calendarTaskDisplayStatus(statusOf(task), task.deadline, now()),
    }),
    statusLabel: t.string({
      description: 'The status in words, e.g. "Returned with comments" or "Overdue".',
      resolve: (task) => CALENDAR_TASK_DISPLAY_STATUS_LABELS[calendarTaskDisplayStatus(statusOf(task), task.deadline, now())],
    }),
    isOverdue: t.boolean({ resolve: (task) => calendarTaskDisplayStatus(statusOf(task), task.deadline, now()) === 'overdue' }),
    deadline: t.field({
      type: 'DateTime',
      description: "The effective deadline: its own endDate, else its parent's, else the calendar's.",
      resolve: (task) => task.deadline,
    }),
    startDate: t.field({ type: 'DateTime', nullable: true, resolve: (task) => task.startDate }),
    endDate: t.field({ type: 'DateTime', nullable: true, resolve: (task) => task.endDate }),
    submittedAt: t.field({ type: 'DateTime', nullable: true, resolve: (task) => task.submittedAt }),
    acceptedAt: t.field({ type: 'DateTime', nullable: true, resolve: (task) => task.acceptedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (task) => task.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (task) => task.updatedAt }),
    parentTaskId: t.id({ nullable: true, resolve: (task) => task.parentTaskId }),
    requestUploadId: t.id({ nullable: true, resolve: (task) => task.requestUploadId }),
    responseUploadId: t.id({ nullable: true, resolve: (task) => task.responseUploadId }),
    requiredUploadPurpose: t.field({
      type: FileCategoryRef,
      nullable: true,
      resolve: (task) => task.requiredUploadPurpose as FileCategory | null,
    }),
    requiredUploadSecondaryPurpose: t.string({ nullable: true, resolve: (task) => task.requiredUploadSecondaryPurpose }),
    assignedUserId: t.id({ nullable: true, resolve: (task) => task.assignedUserId }),
    assignedUser: t.field({
      type: CalendarTaskUserRef,
      nullable: true,
      resolve: async (task, _args, ctx) => {
        if (!task.assignedUserId) return null;
        const [row] = await ctx.db
          .select({ id: users.id, email: users.email, firstName: organizationUsers.firstName, lastName: organizationUsers.lastName })
          .from(users)
          .innerJoin(organizationUsers, eq(organizationUsers.userId, users.id))
          .where(and(eq(users.id, task.assignedUserId), eq(organizationUsers.organizationId, task.supplierOrganizationId)))
          .limit(1);
        return row ?? null;
      },
    }),
    viewerSide: t.field({
      type: CalendarTaskSideRef,
      description: 'Which side the caller is on for this task.',
      resolve: (task) => task.viewerSide,
    }),
    allowedTransitions: t.field({
      type: [CalendarTaskStatusRef],
      description: "The statuses the caller's side may move it to now (empty when it is not the caller's turn).",
      resolve: async (task, _args, ctx) => allowedTransitionsFor(task, task.viewerSide, await hasLiveSubtasks(ctx.db, task.id)),
    }),
    itemCount: t.int({
      description: "Rows of the customer's file this request concerns (sum over its UploadSupplierData).",
      resolve: async (task, _args, ctx) => {
        const [row] = await ctx.db
          .select({ value: sql<string | number | null>`coalesce(sum(${uploadSupplierData.itemCount}), 0)` })
          .from(uploadSupplierData)
          .where(eq(uploadSupplierData.calendarTaskId, task.id));
        return Number(row?.value ?? 0);
      },
    }),
    responseUpload: t.field({
      type: FileUploadRef,
      nullable: true,
      description: "The supplier's file upload that answers it; the customer sees it once submitted.",
      resolve: async (task, _args, ctx) => {
        if (!task.responseUploadId) return null;
        if (task.viewerSide === 'customer' && !RESPONSE_READABLE_STATUSES.includes(statusOf(task))) return null;
        const [row] = await ctx.db
          .select()
          .from(fileUploads)
          .where(and(eq(fileUploads.id, task.responseUploadId), eq(fileUploads.organizationId, task.supplierOrganizationId)))
          .limit(1);
        return row ?? null;
      },
    }),
    reviews: t.field({
      type: [CalendarTaskReviewRef],
      description: 'Returns with comments, newest first.',
      resolve: (task, _args, ctx) =>
        ctx.db
          .select()
          .from(calendarTaskReviews)
          .where(eq(calendarTaskReviews.taskId, task.id))
          .orderBy(desc(calendarTaskReviews.createdAt), desc(calendarTaskReviews.id)),
    }),
    subtasks: t.field({
      type: [CalendarTaskRef],
      description: 'Oldest first.',
      resolve: async (task, _args, ctx) => {
        const actor = requireActor(ctx);
        const rows = await selectTasks(ctx.db)
          .where(eq(calendarTasks.parentTaskId, task.id))
          .orderBy(asc(calendarTasks.createdAt), asc(calendarTasks.id));
        return rows.map((r) => viewOf(r, actor.organizationId));
      },
    }),
  }),
});

const CalendarTaskPageRef = pageOf('CalendarTask', CalendarTaskRef);
const CalendarTaskSortInput = sortInputOf('CalendarTask', CALENDAR_TASK_SORT_FIELDS);

const idArg = z.string().max(100).nullish();
const searchArg = z.string().max(200, { error: 'The search is at most 200 characters' }).nullish();
const periodArg = z.string().max(20, { error: 'The period is at most 20 characters' }).nullish();

const CalendarTaskFilterInput = builder.inputType('CalendarTaskFilterInput', {
  fields: (t) => ({
    assignedUserId: t.id({ required: false, validate: idArg }),
    calendarId: t.id({ required: false, validate: idArg }),
    customerOrganizationId: t.id({ required: false, description: 'The requesting customer (supplier side).', validate: idArg }),
    supplierOrganizationId: t.id({ required: false, validate: idArg }),
    deadlineFrom: t.field({ type: 'DateTime', required: false, description: 'Effective deadline on or after.' }),
    deadlineTo: t.field({ type: 'DateTime', required: false, description: 'Effective deadline on or before.' }),
    parentTaskId: t.id({
      required: false,
      description: 'Subtasks of this request. Without it (and without topLevelOnly false) only requests are listed.',
      validate: idArg,
    }),
    period: t.string({
      required: false,
      description: 'A reporting period (requiredUploadSecondaryPurpose), e.g. 2025 or 2025-Q3.',
      validate: periodArg,
    }),
    search: t.string({
      required: false,
      description: "Matches the title, the subtitle and the other organization's name.",
      validate: searchArg,
    }),
    side: t.field({
      type: CalendarTaskSideRef,
      required: false,
      description: "customer: requests the caller's organization sent; supplier: requests sent to it. Default both.",
    }),
    status: t.field({
      type: CalendarTaskDisplayStatusRef,
      required: false,
      description: 'overdue selects the open tasks past their deadline.',
    }),
    topLevelOnly: t.boolean({
      required: false,
      description: 'Default true: requests only, not their subtasks (ignored when parentTaskId is given).',
    }),
  }),
});

const CalendarTaskReviewCommentInput = builder.inputType('CalendarTaskReviewCommentInput', {
  fields: (t) => ({
    rowNumber: t.int({ required: false }),
    field: t.string({ required: false }),
    message: t.string({ required: true }),
  }),
});
const CalendarTaskReviewInput = builder.inputType('CalendarTaskReviewInput', {
  fields: (t) => ({
    message: t.string({ required: true }),
    comments: t.field({ type: [CalendarTaskReviewCommentInput], required: false }),
  }),
});

const CreateCalendarTaskInput = builder.inputType('CreateCalendarTaskInput', {
  fields: (t) => ({
    calendarId: t.id({ required: true }),
    taskType: t.field({ type: CalendarTaskTypeRef, required: true }),
    title: t.string({ required: true }),
    subTitle: t.string({ required: false }),
    message: t.string({ required: false }),
    supplierOrganizationId: t.id({
      required: false,
      description: "Required for a data_request (an active supplier of the caller); a subtask takes its parent's.",
    }),
    parentTaskId: t.id({ required: false }),
    startDate: t.field({ type: 'DateTime', required: false }),
    endDate: t.field({ type: 'DateTime', required: false }),
    assignedUserId: t.id({ required: false }),
    requestUploadId: t.id({ required: false }),
    requiredUploadPurpose: t.field({ type: FileCategoryRef, required: false }),
    requiredUploadSecondaryPurpose: t.string({ required: false }),
  }),
});

const UpdateCalendarTaskInput = builder.inputType('UpdateCalendarTaskInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    title: t.string({ required: false }),
    subTitle: t.string({ required: false }),
    message: t.string({ required: false }),
    status: t.field({ type: CalendarTaskStatusRef, required: false }),
    startDate: t.field({ type: 'DateTime', required: false }),
    endDate: t.field({ type: 'DateTime', required: false }),
    assignedUserId: t.id({ required: false }),
    requestUploadId: t.id({ required: false }),
    responseUploadId: t.id({ required: false }),
    requiredUploadPurpose: t.field({ type: FileCategoryRef, required: false }),
    requiredUploadSecondaryPurpose: t.string({ required: false }),
    review: t.field({ type: CalendarTaskReviewInput, required: false, description: 'Only with status returned.' }),
  }),
});

const DataRequestSupplierStatsRef = builder.objectRef<SupplierStats>('DataRequestSupplierStats').implement({
  fields: (t) => ({
    supplierOrganization: t.field({ type: OrganizationRef, resolve: (s) => s.supplierOrganization }),
    total: t.exposeInt('total'),
    open: t.exposeInt('open'),
    overdue: t.exposeInt('overdue'),
    answered: t.exposeInt('answered'),
    onTime: t.exposeInt('onTime'),
    accepted: t.exposeInt('accepted'),
  }),
});

const DataRequestOverviewRef = builder.objectRef<DataRequestOverview>('DataRequestOverview').implement({
  description: "How suppliers answer a customer's requests.",
  fields: (t) => ({
    total: t.exposeInt('total'),
    requested: t.exposeInt('requested'),
    inProgress: t.exposeInt('inProgress'),
    submitted: t.exposeInt('submitted'),
    returned: t.exposeInt('returned'),
    accepted: t.exposeInt('accepted'),
    cancelled: t.exposeInt('cancelled'),
    overdue: t.exposeInt('overdue'),
    responseRate: t.exposeFloat('responseRate', {
      description: 'Requests answered at least once (submitted, returned or accepted), out of those not cancelled.',
    }),
    onTimeRate: t.exposeFloat('onTimeRate', {
      description: 'Submitted, returned or accepted before their deadline, out of those answered.',
    }),
    suppliers: t.field({ type: [DataRequestSupplierStatsRef], resolve: (o) => o.suppliers }),
  }),
});

const DataRequestOverviewFilterInput = builder.inputType('DataRequestOverviewFilterInput', {
  fields: (t) => ({
    deadlineFrom: t.field({ type: 'DateTime', required: false }),
    deadlineTo: t.field({ type: 'DateTime', required: false }),
    period: t.string({ required: false, validate: periodArg }),
    status: t.field({ type: CalendarTaskDisplayStatusRef, required: false }),
  }),
});

builder.queryFields((t) => ({
  calendars: t.field({
    type: CalendarPageRef,
    description: "The caller's calendars, latest deadline first.",
    authScopes: { permission: READ },
    args: { pagination: t.arg({ type: PaginationInput, required: false }) },
    resolve: (_root, args, ctx) => findCalendars(ctx, pageArg(args.pagination)),
  }),
  calendar: t.field({
    type: CalendarRef,
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getCalendar(ctx, String(args.id)),
  }),
  calendarTask: t.field({
    type: CalendarTaskRef,
    description: "A request or subtask of the caller's organization, on either side.",
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findTaskForActor(ctx, String(args.id)),
  }),
  calendarTasks: t.field({
    type: CalendarTaskPageRef,
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: CalendarTaskFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
      sort: t.arg({ type: CalendarTaskSortInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findCalendarTasks(
        ctx,
        {
          ...args.filter,
          assignedUserId: args.filter?.assignedUserId ? String(args.filter.assignedUserId) : null,
          calendarId: args.filter?.calendarId ? String(args.filter.calendarId) : null,
          customerOrganizationId: args.filter?.customerOrganizationId ? String(args.filter.customerOrganizationId) : null,
          supplierOrganizationId: args.filter?.supplierOrganizationId ? String(args.filter.supplierOrganizationId) : null,
          parentTaskId: args.filter?.parentTaskId ? String(args.filter.parentTaskId) : null,
        },
        pageArg(args.pagination),
        args.sort ?? null,
      ),
  }),
  dataRequestOverview: t.field({
    type: DataRequestOverviewRef,
    description: "Response rate, on-time rate and counts of the requests the caller's organization sent.",
    authScopes: { permission: READ },
    args: { filter: t.arg({ type: DataRequestOverviewFilterInput, required: false }) },
    resolve: (_root, args, ctx) => dataRequestOverview(ctx, args.filter ?? {}),
  }),
}));

builder.mutationFields((t) => ({
  createCalendar: t.field({
    type: CalendarRef,
    authScopes: { permission: CREATE },
    args: { deadline: t.arg({ type: 'DateTime', required: true }) },
    resolve: (_root, args, ctx) => createCalendar(ctx, { deadline: args.deadline }),
  }),
  createCalendarTask: t.field({
    type: CalendarTaskRef,
    authScopes: { permission: CREATE },
    args: { input: t.arg({ type: CreateCalendarTaskInput, required: true }) },
    resolve: (_root, args, ctx) => createCalendarTask(ctx, withoutNulls(args.input)),
  }),
  updateCalendarTask: t.field({
    type: CalendarTaskRef,
    description: 'Changes a task; a status change follows docs/decisions/0016-data-request-statuses.md.',
    authScopes: { permission: UPDATE },
    args: { input: t.arg({ type: UpdateCalendarTaskInput, required: true }) },
    resolve: (_root, args, ctx) => updateCalendarTask(ctx, args.input),
  }),
}));

/** A create input's explicit nulls mean "not given". */
const withoutNulls = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null));

builder.objectField(FileUploadRef, 'calendarTaskId', (t) =>
  t.id({ nullable: true, description: 'The request this upload answers, if any.', resolve: (upload) => upload.calendarTaskId }),
);

builder.objectField(FileUploadRef, 'requests', (t) =>
  t.field({
    type: [CalendarTaskRef],
    description: 'Requests sent from this upload.',
    resolve: async (upload, _args, ctx) => {
      const actor = requireActor(ctx);
      if (upload.organizationId !== actor.organizationId) return [];
      const rows = await selectTasks(ctx.db)
        .where(
          and(
            eq(calendarTasks.requestUploadId, upload.id),
            eq(calendarTasks.organizationId, actor.organizationId),
            isNull(calendarTasks.parentTaskId),
          ),
        )
        .orderBy(asc(calendarTasks.createdAt), asc(calendarTasks.id));
      return rows.map((r) => viewOf(r, actor.organizationId));
    },
  }),
);

builder.mutationField('calendarTaskTemplate', (t) =>
  t.field({
    type: ExportLinkRef,
    description: "A short-lived link to the request's Excel template, prefilled with the rows the customer knows.",
    authScopes: { permission: READ },
    args: { calendarTaskId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => calendarTaskTemplate(ctx, String(args.calendarTaskId)),
  }),
);
