import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// Requests ------------------------------------------------------------------------------------------

/** What a request's line in the list and the calendar shows. */
export const RequestRowFields = graphql(`
  fragment RequestRowFields on CalendarTask {
    id title subTitle status displayStatus statusLabel isOverdue deadline endDate
    requiredUploadPurpose requiredUploadSecondaryPurpose submittedAt acceptedAt createdAt updatedAt
    supplierOrganization { id name }
  }
`);

export type RequestRow = ResultOf<typeof RequestRowFields>;

export const RequestsQuery = graphql(
  `
    query CustomerRequests($filter: CalendarTaskFilterInput, $pagination: PaginationInput, $sort: CalendarTaskSortInput) {
      calendarTasks(filter: $filter, pagination: $pagination, sort: $sort) {
        data { ...RequestRowFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [RequestRowFields, PageInfoFields],
);

export type RequestsFilter = NonNullable<VariablesOf<typeof RequestsQuery>['filter']>;
export type RequestSortField = NonNullable<VariablesOf<typeof RequestsQuery>['sort']>['field'];

export const RequestOverviewQuery = graphql(`
  query CustomerRequestOverview($filter: DataRequestOverviewFilterInput) {
    dataRequestOverview(filter: $filter) {
      total requested inProgress submitted returned accepted cancelled overdue responseRate onTimeRate
      suppliers { total answered onTime overdue open accepted supplierOrganization { id name } }
    }
  }
`);

export type RequestOverview = ResultOf<typeof RequestOverviewQuery>['dataRequestOverview'];
export type SupplierStats = RequestOverview['suppliers'][number];

/** Any request of the organisation changed; the screens read again. */
export const RequestsUpdatedSubscription = graphql(`
  subscription CustomerRequestsUpdated {
    calendarTasksUpdated { calendarTaskId status }
  }
`);

// One request ---------------------------------------------------------------------------------------

export const RequestDetailFields = graphql(
  `
    fragment RequestDetailFields on CalendarTask {
      ...RequestRowFields
      taskType message startDate viewerSide allowedTransitions itemCount parentTaskId calendarId responseUploadId
      assignedUser { id email firstName lastName }
      customerOrganization { id name }
      reviews { id message createdAt createdByEmail comments { rowNumber field message } }
      subtasks { id title status displayStatus statusLabel isOverdue deadline endDate allowedTransitions }
      responseUpload {
        id name status completedAt
        files { id originalName status }
      }
    }
  `,
  [RequestRowFields],
);

export type RequestDetail = ResultOf<typeof RequestDetailFields>;
export type Subtask = RequestDetail['subtasks'][number];
export type Review = RequestDetail['reviews'][number];

export const RequestQuery = graphql(
  `
    query CustomerRequest($id: ID!) {
      calendarTask(id: $id) { ...RequestDetailFields }
    }
  `,
  [RequestDetailFields],
);

export const RequestUpdatedSubscription = graphql(
  `
    subscription CustomerRequestUpdated($id: ID!) {
      calendarTaskUpdated(calendarTaskId: $id) { ...RequestDetailFields }
    }
  `,
  [RequestDetailFields],
);

export const UpdateRequestMutation = graphql(
  `
    mutation UpdateCustomerRequest($input: UpdateCalendarTaskInput!) {
      updateCalendarTask(input: $input) { ...RequestDetailFields }
    }
  `,
  [RequestDetailFields],
);

export type UpdateRequestInput = VariablesOf<typeof UpdateRequestMutation>['input'];

/** The deadline of the calendar a request was sent in: a request's own deadline stays within it. */
export const RequestCalendarQuery = graphql(`
  query RequestCalendarDeadline($id: ID!) {
    calendar(id: $id) { id deadline }
  }
`);

// Creating ------------------------------------------------------------------------------------------

export const CreateCalendarMutation = graphql(`
  mutation CreateRequestCalendar($deadline: DateTime!) {
    createCalendar(deadline: $deadline) { id deadline }
  }
`);

export const CreateRequestMutation = graphql(
  `
    mutation CreateCustomerRequest($input: CreateCalendarTaskInput!) {
      createCalendarTask(input: $input) { ...RequestRowFields parentTaskId }
    }
  `,
  [RequestRowFields],
);

export type CreateRequestInput = VariablesOf<typeof CreateRequestMutation>['input'];

/** Active suppliers to ask by hand (the customer's side of its relationships). */
export const ActiveSuppliersQuery = graphql(`
  query RequestActiveSuppliers($search: String, $pagination: PaginationInput) {
    organizationRelationships(status: active, side: customer, search: $search, pagination: $pagination) {
      data { id supplierOrganization { id name } }
      pageInfo { totalCount }
    }
  }
`);

// The answer ----------------------------------------------------------------------------------------

export const AnswerValidationQuery = graphql(`
  query RequestAnswerValidation($fileUploadId: ID!) {
    fileUploadValidation(fileUploadId: $fileUploadId) {
      fileUploadId status totalRowCount validRowCount invalidRowCount emptyRowCount
      dataPointErrors dataPointWarnings dataPointSuccesses
      files {
        fileId category status totalRows validRows invalidRows errorCount warningCount isValid validatedAt
        missingRequiredFields
        errors { code field message rowNumber type value }
        warnings { code field message rowNumber type value }
      }
    }
  }
`);

export type AnswerValidation = ResultOf<typeof AnswerValidationQuery>['fileUploadValidation'];
export type AnswerFileValidation = AnswerValidation['files'][number];

export const AnswerEntriesQuery = graphql(
  `
    query RequestAnswerEntries($filter: DataEntryFilterInput, $pagination: PaginationInput) {
      dataEntries(filter: $filter, pagination: $pagination, order: { field: rowIndex, direction: ASC }) {
        data {
          id rowNumber isValid entryDate fileId
          values { fieldName label stringValue numberValue booleanValue dateValue unit dataType }
        }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [PageInfoFields],
);

export type AnswerEntry = ResultOf<typeof AnswerEntriesQuery>['dataEntries']['data'][number];

export const CategoryFieldsQuery = graphql(`
  query RequestCategoryFields($category: FileCategory!) {
    fieldsByCategory(category: $category) { key label }
  }
`);

export type CategoryField = ResultOf<typeof CategoryFieldsQuery>['fieldsByCategory'][number];

export const AnswerIssuesExportMutation = graphql(`
  mutation AnswerIssuesExport($fileId: ID!) {
    exportValidationIssues(fileId: $fileId) { url fileName expiresAt }
  }
`);
