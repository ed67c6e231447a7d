import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

/** One value of an entry, typed: the field's data type says which of the value fields holds it. */
export const DataEntryValueFields = graphql(`
  fragment DataEntryValueFields on DataEntryValue {
    fieldName label stringValue numberValue booleanValue dateValue unit dataType isValid validationError
  }
`);

export type DataEntryValue = ResultOf<typeof DataEntryValueFields>;

export const DataEntryValidationErrorFields = graphql(`
  fragment DataEntryValidationErrorFields on DataEntryValidationError {
    field error value code type
  }
`);

export type DataEntryValidationError = ResultOf<typeof DataEntryValidationErrorFields>;

/** What a row of the entries table shows. */
export const DataEntryRowFields = graphql(
  `
    fragment DataEntryRowFields on DataEntry {
      id category sourceReference entryDate isValid rowIndex rowNumber fileId fileUploadId createdAt supplierOrganizationId
      values { ...DataEntryValueFields }
      validationErrors { ...DataEntryValidationErrorFields }
    }
  `,
  [DataEntryValueFields, DataEntryValidationErrorFields],
);

export type DataEntryRow = ResultOf<typeof DataEntryRowFields>;

export const DataEntriesQuery = graphql(
  `
    query DataEntries($filter: DataEntryFilterInput, $order: DataEntryOrderInput, $pagination: PaginationInput) {
      dataEntries(filter: $filter, order: $order, pagination: $pagination) {
        data { ...DataEntryRowFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [DataEntryRowFields, PageInfoFields],
);

export type DataEntryFilter = NonNullable<VariablesOf<typeof DataEntriesQuery>['filter']>;
export type DataEntryOrder = NonNullable<VariablesOf<typeof DataEntriesQuery>['order']>;
export type DataEntrySortField = DataEntryOrder['field'];

/** Everything the side panel shows of one entry, including the source row as read. */
export const DataEntryQuery = graphql(
  `
    query DataEntry($id: ID!) {
      dataEntry(id: $id) {
        ...DataEntryRowFields
        uploadId rawData
      }
    }
  `,
  [DataEntryRowFields],
);

export type DataEntryDetail = ResultOf<typeof DataEntryQuery>['dataEntry'];

export const FieldDefinitionFields = graphql(`
  fragment FieldDefinitionFields on FieldDefinition {
    key label dataType canonicalUnit
    allowedValues { value label }
  }
`);

export type FieldDefinition = ResultOf<typeof FieldDefinitionFields>;
export type EntryCategory = VariablesOf<typeof FieldsByCategoryQuery>['category'];

export const FieldsByCategoryQuery = graphql(
  `
    query FieldsByCategory($category: FileCategory!) {
      fieldsByCategory(category: $category) { ...FieldDefinitionFields }
    }
  `,
  [FieldDefinitionFields],
);

/** The names behind the file and upload ids a filter holds, to show them rather than ids. */
export const EntryFilterFileQuery = graphql(`
  query EntryFilterFile($id: ID!) {
    file(id: $id) { id originalName fileUploadId }
  }
`);

/** The data request a filter names, by its title and supplier. */
export const EntryFilterRequestQuery = graphql(`
  query EntryFilterRequest($id: ID!) {
    calendarTask(id: $id) { id title supplierOrganization { id name } }
  }
`);

/** A supplier organisation's name, for a filter or the Supplier column (one request per organisation, cached). */
export const EntryOrganizationNameQuery = graphql(`
  query EntryOrganizationName($id: ID!) {
    organization(id: $id) { id name }
  }
`);

export const EntryFilterUploadsQuery = graphql(`
  query EntryFilterUploads($pagination: PaginationInput, $sort: FileUploadSortInput) {
    fileUploads(pagination: $pagination, sort: $sort) {
      data { id name }
    }
  }
`);

export const EntryFilterUploadQuery = graphql(`
  query EntryFilterUpload($id: ID!) {
    fileUpload(id: $id) { id name }
  }
`);

export const ExportDataEntriesMutation = graphql(`
  mutation ExportDataEntries($input: ExportDataEntriesInput!) {
    exportDataEntries(input: $input) { url fileName expiresAt }
  }
`);

export type ExportFormat = VariablesOf<typeof ExportDataEntriesMutation>['input']['format'];
