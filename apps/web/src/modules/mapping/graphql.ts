import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// The catalogue ----------------------------------------------------------------------------------

export const FieldDefinitionFields = graphql(`
  fragment FieldDefinitionFields on FieldDefinition {
    key label description category dataType requirement canonicalUnit min max pattern validator
    acceptedUnits { unit label factor needsDensity synonyms }
    allowedValues { value label synonyms }
  }
`);

export type FieldDefinition = ResultOf<typeof FieldDefinitionFields>;
export type FieldUnit = FieldDefinition['acceptedUnits'][number];

export const FieldsByCategoryQuery = graphql(
  `
    query FieldsByCategory($category: FileCategory!) {
      fieldsByCategory(category: $category) { ...FieldDefinitionFields }
    }
  `,
  [FieldDefinitionFields],
);

// Columns and their mappings ------------------------------------------------------------------------

export const ColumnAnalysisFields = graphql(`
  fragment ColumnAnalysisFields on ColumnAnalysis {
    id fileId sourceColumn sourceIndex category suggestedTargetField suggestedTargetLabel confidence reasoning
    isAccepted isRejected detectedUnit dataType sampleValues analyzedAt
    alternativeSuggestions { targetField label confidence reasoning }
  }
`);

export type ColumnAnalysis = ResultOf<typeof ColumnAnalysisFields>;

export const FileMappingFields = graphql(`
  fragment FileMappingFields on FileMapping {
    id fileId sourceColumn sourceIndex targetField targetLabel category isActive origin createdAt
    transformations { type factor unit density mapping dateFormat }
    validation { required dataType min max pattern }
  }
`);

export type FileMapping = ResultOf<typeof FileMappingFields>;
export type MappingTransformation = FileMapping['transformations'][number];
export type TransformationInput = NonNullable<VariablesOf<typeof CreateFileMappingMutation>['input']['transformations']>[number];

/** What the mapping screen needs of the file, its upload, its columns and their mappings. */
export const MappingScreenQuery = graphql(
  `
    query MappingScreen($fileId: ID!, $fileUploadId: ID!) {
      file(id: $fileId) {
        id fileUploadId originalName status
        fileMetadata { category totalRows categoryAnalysis { suggestedCategory } }
        validation { status }
      }
      fileUpload(id: $fileUploadId) { id name status }
      columnAnalyses(fileId: $fileId) { ...ColumnAnalysisFields }
      fileMappings(fileId: $fileId) { ...FileMappingFields }
    }
  `,
  [ColumnAnalysisFields, FileMappingFields],
);

export type MappingScreen = ResultOf<typeof MappingScreenQuery>;
export type MappingFile = NonNullable<MappingScreen['file']>;

export const ValidationIssueFields = graphql(`
  fragment ValidationIssueFields on ValidationIssue { code message type field rowNumber value }
`);

export type ValidationIssue = ResultOf<typeof ValidationIssueFields>;

export const MappingPreviewQuery = graphql(
  `
    query MappingPreview($fileId: ID!, $rows: Int) {
      mappingPreview(fileId: $fileId, rows: $rows) {
        fileId category
        issues { ...ValidationIssueFields }
        rows {
          rowNumber isValid
          values { fieldName label stringValue numberValue booleanValue dateValue unit dataType isValid validationError }
          issues { ...ValidationIssueFields }
        }
      }
    }
  `,
  [ValidationIssueFields],
);

export type MappingPreview = ResultOf<typeof MappingPreviewQuery>['mappingPreview'];
export type PreviewRow = MappingPreview['rows'][number];
export type PreviewValue = PreviewRow['values'][number];

export const AcceptColumnSuggestionMutation = graphql(
  `
    mutation AcceptColumnSuggestion($id: ID!) {
      acceptColumnSuggestion(id: $id) { ...ColumnAnalysisFields }
    }
  `,
  [ColumnAnalysisFields],
);

export const RejectColumnSuggestionMutation = graphql(
  `
    mutation RejectColumnSuggestion($id: ID!) {
      rejectColumnSuggestion(id: $id) { ...ColumnAnalysisFields }
    }
  `,
  [ColumnAnalysisFields],
);

export const BulkAcceptColumnSuggestionsMutation = graphql(
  `
    mutation BulkAcceptColumnSuggestions($input: BulkAcceptColumnSuggestionsInput!) {
      bulkAcceptColumnSuggestions(input: $input) { ...ColumnAnalysisFields }
    }
  `,
  [ColumnAnalysisFields],
);

export const CreateFileMappingMutation = graphql(
  `
    mutation CreateFileMapping($input: CreateFileMappingInput!) {
      createFileMapping(input: $input) { ...FileMappingFields }
    }
  `,
  [FileMappingFields],
);

export const DeleteFileMappingMutation = graphql(`
  mutation DeleteFileMapping($id: ID!) {
    deleteFileMapping(id: $id) { success message errors { message } }
  }
`);

// Validation -------------------------------------------------------------------------------------------

export const FileValidationFields = graphql(
  `
    fragment FileValidationFields on FileValidation {
      fileId status isValid category errorCount warningCount
      mappedFields requiredFields recommendedFields optionalFields missingRequiredFields
      totalRows emptyRows validRows invalidRows rowsValidated percent
      dataPointErrors dataPointWarnings dataPointSuccesses startedAt validatedAt failureReason
      errors { ...ValidationIssueFields }
      warnings { ...ValidationIssueFields }
    }
  `,
  [ValidationIssueFields],
);

export type FileValidation = ResultOf<typeof FileValidationFields>;
export type ValidationStatus = FileValidation['status'];

export const ApplyFileMappingsMutation = graphql(
  `
    mutation ApplyFileMappings($fileId: ID!) {
      applyFileMappings(fileId: $fileId) { ...FileValidationFields }
    }
  `,
  [FileValidationFields],
);

/** The report's file: its name, how it was read (to find a row by its number) and its validation. */
export const ValidationReportQuery = graphql(
  `
    query ValidationReport($fileId: ID!, $fileUploadId: ID!) {
      file(id: $fileId) {
        id fileUploadId originalName status updatedAt
        readDetails { headerRowNumber }
        validation { ...FileValidationFields }
      }
      fileUpload(id: $fileUploadId) { id name }
    }
  `,
  [FileValidationFields],
);

export type ReportFile = NonNullable<ResultOf<typeof ValidationReportQuery>['file']>;

export const FileValidationUpdatedSubscription = graphql(
  `
    subscription FileValidationUpdated($fileId: ID!) {
      fileUpdated(fileId: $fileId) {
        id updatedAt
        validation { ...FileValidationFields }
      }
    }
  `,
  [FileValidationFields],
);

export const ValidationIssuesQuery = graphql(
  `
    query ValidationIssues($fileId: ID!, $filter: ValidationIssueFilterInput, $pagination: PaginationInput) {
      validationIssues(fileId: $fileId, filter: $filter, pagination: $pagination) {
        data { ...ValidationIssueFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [ValidationIssueFields, PageInfoFields],
);

export const ExportValidationIssuesMutation = graphql(`
  mutation ExportValidationIssues($fileId: ID!) {
    exportValidationIssues(fileId: $fileId) { url fileName expiresAt }
  }
`);

export const RowSnippetQuery = graphql(`
  query RowSnippet($fileId: ID!, $fromRow: Int!, $toRow: Int!) {
    fileRowSnippets(fileId: $fileId, fromRow: $fromRow, toRow: $toRow) {
      fileId columns totalRows fromRow
      rows { rowNumber values }
    }
  }
`);

export const RowMappingsQuery = graphql(`
  query RowMappings($fileId: ID!) {
    fileMappings(fileId: $fileId) { id sourceIndex sourceColumn targetField targetLabel }
  }
`);
