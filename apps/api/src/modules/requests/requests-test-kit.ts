import { dataOf, type Gql } from '../../test/graphql-test-kit.ts';

/** For the requests integration tests: the GraphQL documents of the requests API and the calls a test makes with them. */

export const TASK_FIELDS = `id calendarId organizationId supplierOrganizationId taskType title subTitle message status displayStatus statusLabel
  isOverdue deadline endDate submittedAt acceptedAt parentTaskId requestUploadId responseUploadId requiredUploadPurpose
  requiredUploadSecondaryPurpose assignedUserId viewerSide allowedTransitions itemCount
  assignedUser { id email }
  customerOrganization { id name } supplierOrganization { id name }
  reviews { message createdByEmail comments { rowNumber field message } }
  subtasks { id status title }
  responseUpload { id status name calendarTaskId }`;

export type TaskResult = {
  id: string;
  calendarId: string;
  organizationId: string;
  supplierOrganizationId: string;
  taskType: string;
  title: string;
  subTitle: string | null;
  message: string | null;
  status: string;
  displayStatus: string;
  statusLabel: string;
  isOverdue: boolean;
  deadline: string;
  endDate: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  parentTaskId: string | null;
  requestUploadId: string | null;
  responseUploadId: string | null;
  requiredUploadPurpose: string | null;
  requiredUploadSecondaryPurpose: string | null;
  assignedUserId: string | null;
  viewerSide: string;
  allowedTransitions: string[];
  itemCount: number;
  assignedUser: { id: string; email: string } | null;
  customerOrganization: { id: string; name: string };
  supplierOrganization: { id: string; name: string };
  reviews: {
    message: string;
    createdByEmail: string | null;
    comments: { rowNumber: number | null; field: string | null; message: string }[];
  }[];
  subtasks: { id: string; status: string; title: string }[];
  responseUpload: { id: string; status: string; name: string; calendarTaskId: string | null } | null;
};

export const CREATE_CALENDAR =
  'mutation($deadline: DateTime!) { createCalendar(deadline: $deadline) { id deadline organizationId taskCount } }';
export const CREATE_TASK = `mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { ${TASK_FIELDS} } }`;
export const UPDATE_TASK = `mutation($input: UpdateCalendarTaskInput!) { updateCalendarTask(input: $input) { ${TASK_FIELDS} } }`;
export const TASK = `query($id: ID!) { calendarTask(id: $id) { ${TASK_FIELDS} } }`;
export const TASKS = `query($filter: CalendarTaskFilterInput, $sort: CalendarTaskSortInput, $pagination: PaginationInput) {
  calendarTasks(filter: $filter, sort: $sort, pagination: $pagination) { data { id title status displayStatus viewerSide } pageInfo { totalCount } }
}`;

export const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const createCalendar = async (gql: Gql, deadline = inDays(30)) =>
  dataOf(await gql<{ createCalendar: { id: string; deadline: string } }>(CREATE_CALENDAR, { deadline })).createCalendar;

export const createRequest = async (gql: Gql, input: Record<string, unknown>) =>
  dataOf(await gql<{ createCalendarTask: TaskResult }>(CREATE_TASK, { input: { taskType: 'data_request', ...input } })).createCalendarTask;

export const updateTask = (gql: Gql, input: Record<string, unknown>) => gql<{ updateCalendarTask: TaskResult }>(UPDATE_TASK, { input });

export const readTask = async (gql: Gql, id: string) => dataOf(await gql<{ calendarTask: TaskResult }>(TASK, { id })).calendarTask;

export const listTasks = async (gql: Gql, variables: Record<string, unknown> = {}) =>
  dataOf(
    await gql<{
      calendarTasks: {
        data: { id: string; title: string; status: string; displayStatus: string; viewerSide: string }[];
        pageInfo: { totalCount: number };
      };
    }>(TASKS, variables),
  ).calendarTasks;
