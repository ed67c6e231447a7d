import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// The inbox (requests sent to the supplier's organization) ---------------------------------------

/** What a line of the inbox shows about one request. */
export const InboxTaskFields = graphql(`
  fragment InboxTaskFields on CalendarTask {
    id title subTitle status displayStatus statusLabel isOverdue deadline updatedAt
    requiredUploadPurpose requiredUploadSecondaryPurpose itemCount
    customerOrganization { id name }
    assignedUser { id email firstName lastName }
  }
`);

export type InboxTask = ResultOf<typeof InboxTaskFields>;

export const InboxTasksQuery = graphql(
  `
    query InboxTasks($pagination: PaginationInput, $filter: CalendarTaskFilterInput, $sort: CalendarTaskSortInput) {
      calendarTasks(pagination: $pagination, filter: $filter, sort: $sort) {
        data { ...InboxTaskFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [InboxTaskFields, PageInfoFields],
);

export type CalendarTaskFilter = NonNullable<VariablesOf<typeof InboxTasksQuery>['filter']>;
export type CalendarTaskSortField = NonNullable<VariablesOf<typeof InboxTasksQuery>['sort']>['field'];
export type CalendarTaskDisplayStatus = InboxTask['displayStatus'];
export type CalendarTaskStatus = InboxTask['status'];

/** The counts above the inbox: one page of one row per status, read for its total. */
export const InboxCountsQuery = graphql(`
  query InboxCounts {
    requested: calendarTasks(filter: { side: supplier, status: requested }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
    inProgress: calendarTasks(filter: { side: supplier, status: in_progress }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
    returned: calendarTasks(filter: { side: supplier, status: returned }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
    overdue: calendarTasks(filter: { side: supplier, status: overdue }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
    submitted: calendarTasks(filter: { side: supplier, status: submitted }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
    accepted: calendarTasks(filter: { side: supplier, status: accepted }, pagination: { page: 1, pageSize: 1 }) {
      pageInfo { totalCount }
    }
  }
`);

export type InboxCountsResult = ResultOf<typeof InboxCountsQuery>;

/** The organisations the supplier answers to: the customer filter's choices. */
export const InboxCustomersQuery = graphql(`
  query InboxCustomers {
    organizationRelationships(side: supplier, pagination: { page: 1, pageSize: 100 }) {
      data { id status customerOrganization { id name } }
    }
  }
`);

export const CalendarTasksUpdatedSubscription = graphql(`
  subscription InboxTasksUpdated {
    calendarTasksUpdated { calendarTaskId status }
  }
`);

// One request ------------------------------------------------------------------------------------

/** A file of the answer, with how far it got: read, mapped, validated. */
export const AnswerFileFields = graphql(`
  fragment AnswerFileFields on File {
    id originalName status updatedAt
    error { message }
    validation { fileId status isValid errorCount warningCount validRows invalidRows totalRows category failureReason }
  }
`);

export type AnswerFile = ResultOf<typeof AnswerFileFields>;

export const InboxRequestFields = graphql(
  `
    fragment InboxRequestFields on CalendarTask {
      ...InboxTaskFields
      message taskType viewerSide allowedTransitions submittedAt acceptedAt createdAt startDate endDate
      responseUploadId parentTaskId
      supplierOrganizationId
      responseUpload {
        id name status createdAt
        files { ...AnswerFileFields }
      }
      reviews {
        id message createdAt createdByEmail
        comments { rowNumber field message }
      }
      subtasks { id title subTitle status displayStatus statusLabel deadline isOverdue }
    }
  `,
  [InboxTaskFields, AnswerFileFields],
);

export type InboxRequest = ResultOf<typeof InboxRequestFields>;
export type AnswerUpload = NonNullable<InboxRequest['responseUpload']>;
export type TaskReview = InboxRequest['reviews'][number];

export const InboxRequestQuery = graphql(
  `
    query InboxRequest($id: ID!) {
      calendarTask(id: $id) { ...InboxRequestFields }
    }
  `,
  [InboxRequestFields],
);

export const CalendarTaskUpdatedSubscription = graphql(
  `
    subscription InboxRequestUpdated($calendarTaskId: ID!) {
      calendarTaskUpdated(calendarTaskId: $calendarTaskId) { ...InboxRequestFields }
    }
  `,
  [InboxRequestFields],
);

/** The answer's validation, live while its files are checked. */
export const AnswerValidationUpdatedSubscription = graphql(`
  subscription AnswerValidationUpdated($fileUploadId: ID!) {
    fileUploadValidationUpdated(fileUploadId: $fileUploadId) {
      fileUploadId status
      files { fileId status isValid errorCount warningCount validRows invalidRows totalRows category failureReason }
    }
  }
`);

export const RequestFieldsQuery = graphql(`
  query RequestFields($category: FileCategory!) {
    fieldsByCategory(category: $category) { key label requirement description }
  }
`);

export type RequestField = ResultOf<typeof RequestFieldsQuery>['fieldsByCategory'][number];

/** Which rows of the customer's files the request concerns, per file. */
export const RequestRowsQuery = graphql(`
  query RequestRows($calendarTaskId: ID!) {
    uploadSupplierDataByTask(calendarTaskId: $calendarTaskId) { id fileName itemCount supplierName }
  }
`);

/** Colleagues a request can be assigned to (needs users:read). */
export const ColleaguesQuery = graphql(`
  query InboxColleagues {
    organizationUsers(pagination: { page: 1, pageSize: 100 }) {
      data { id userId firstName lastName email registered lockedAt }
    }
  }
`);

export type Colleague = ResultOf<typeof ColleaguesQuery>['organizationUsers']['data'][number];

export const RequestTemplateMutation = graphql(`
  mutation RequestTemplate($calendarTaskId: ID!) {
    calendarTaskTemplate(calendarTaskId: $calendarTaskId) { url fileName expiresAt }
  }
`);

export const CreateAnswerUploadMutation = graphql(`
  mutation CreateAnswerUpload($input: CreateFileUploadInput!) {
    createFileUpload(input: $input) { id name calendarTaskId }
  }
`);

export const UpdateRequestMutation = graphql(
  `
    mutation UpdateRequest($input: UpdateCalendarTaskInput!) {
      updateCalendarTask(input: $input) { ...InboxRequestFields }
    }
  `,
  [InboxRequestFields],
);

/** The server's time, once: how far this browser's clock is off. */
export const ServerClockSubscription = graphql(`
  subscription ServerClock {
    clock(ticks: 1)
  }
`);
