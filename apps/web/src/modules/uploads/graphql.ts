import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// Batches (FileUpload) ----------------------------------------------------------------------------

export const FileUploadFields = graphql(`
  fragment FileUploadFields on FileUpload {
    id name description status uploadedByEmail totalSize startedAt completedAt createdAt updatedAt
    progress { filesTotal filesPending filesInProgress filesProcessed filesFailed percent }
  }
`);

export type FileUpload = ResultOf<typeof FileUploadFields>;

export const FileUploadsQuery = graphql(
  `
    query FileUploads($pagination: PaginationInput, $filter: FileUploadFilterInput, $sort: FileUploadSortInput) {
      fileUploads(pagination: $pagination, filter: $filter, sort: $sort) {
        data { ...FileUploadFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [FileUploadFields, PageInfoFields],
);

export type FileUploadSortField = NonNullable<VariablesOf<typeof FileUploadsQuery>['sort']>['field'];

export const FileUploadsUpdatedSubscription = graphql(
  `
    subscription FileUploadsUpdated {
      fileUploadsUpdated { ...FileUploadFields }
    }
  `,
  [FileUploadFields],
);

export const CreateFileUploadMutation = graphql(
  `
    mutation CreateFileUpload($input: CreateFileUploadInput!) {
      createFileUpload(input: $input) { ...FileUploadFields }
    }
  `,
  [FileUploadFields],
);

export const DeleteFileUploadMutation = graphql(`
  mutation DeleteFileUpload($id: ID!) {
    deleteFileUpload(id: $id) { success message errors { message } }
  }
`);

export const DeleteManyFileUploadsMutation = graphql(`
  mutation DeleteManyFileUploads($ids: [ID!]!) {
    deleteManyFileUploads(ids: $ids) { success message errors { message } }
  }
`);

export const CompleteFileUploadMutation = graphql(
  `
    mutation CompleteFileUpload($input: CompleteFileUploadInput!) {
      completeFileUpload(input: $input) { ...FileUploadFields supplierEmails }
    }
  `,
  [FileUploadFields],
);

// Files of a batch ---------------------------------------------------------------------------------

/** What a file's line in its batch shows: status and progress, the failure, the duplicate flag. */
export const FileFields = graphql(`
  fragment FileFields on File {
    id fileUploadId originalName size mimeType status fileType createdAt updatedAt uploadedAt processedAt
    progress { phase bytesReceived totalBytes rowsRead percent }
    error { code message }
    duplicateOf { fileId originalName fileUploadId uploadedAt }
    fileMetadata { totalRows }
  }
`);

export type UploadedFile = ResultOf<typeof FileFields>;

export const UploadProcessingConfigFields = graphql(`
  fragment UploadProcessingConfigFields on UploadProcessingConfig {
    maxFileBytes maxFilesPerUpload acceptedExtensions acceptedMimeTypes
  }
`);

export type UploadProcessingConfig = ResultOf<typeof UploadProcessingConfigFields>;

export const FileUploadBatchQuery = graphql(
  `
    query FileUploadBatch($id: ID!) {
      fileUpload(id: $id) {
        ...FileUploadFields
        supplierEmails
        files { ...FileFields }
      }
      uploadProcessingConfig { ...UploadProcessingConfigFields }
    }
  `,
  [FileUploadFields, FileFields, UploadProcessingConfigFields],
);

export type FileUploadBatch = NonNullable<ResultOf<typeof FileUploadBatchQuery>['fileUpload']>;

export const FilesUpdatedSubscription = graphql(
  `
    subscription FilesUpdated($fileUploadId: ID!) {
      filesUpdated(fileUploadId: $fileUploadId) { ...FileFields }
    }
  `,
  [FileFields],
);

export const GenerateUploadUrlMutation = graphql(
  `
    mutation GenerateUploadUrl($input: GenerateUploadUrlInput!) {
      generateUploadUrl(input: $input) {
        fileId uploadUrl expiresAt method
        headers { name value }
        file { ...FileFields }
      }
    }
  `,
  [FileFields],
);

export const CompleteUploadMutation = graphql(
  `
    mutation CompleteUpload($fileId: ID!) {
      completeUpload(fileId: $fileId) { ...FileFields }
    }
  `,
  [FileFields],
);

export const CancelPendingFilesMutation = graphql(`
  mutation CancelPendingFiles($fileUploadId: ID!, $fileIds: [ID!]) {
    cancelPendingFiles(fileUploadId: $fileUploadId, fileIds: $fileIds) { id status }
  }
`);

export const RetryFileProcessingMutation = graphql(
  `
    mutation RetryFileProcessing($fileId: ID!) {
      retryFileProcessing(fileId: $fileId) { ...FileFields }
    }
  `,
  [FileFields],
);

export const DeleteFileMutation = graphql(`
  mutation DeleteFile($fileId: ID!) {
    deleteFile(fileId: $fileId) { success message errors { message } }
  }
`);

// One file ------------------------------------------------------------------------------------------

/** Everything the file screen shows: how it was read, what was found in it, and its category. */
export const FileDetailFields = graphql(
  `
    fragment FileDetailFields on File {
      ...FileFields
      sanitizedName uploadedByEmail selectedSheet
      readDetails {
        format encoding delimiter numberStyle headerRowNumber sheet
        sheets { index name rowCount hidden }
      }
      fileMetadata {
        category totalRows
        categoryAnalysis { suggestedCategory confidence reasoning analyzedAt }
        detectedColumns { index name dataType sampleValues }
      }
    }
  `,
  [FileFields],
);

export type FileDetail = ResultOf<typeof FileDetailFields>;

export const FileDetailQuery = graphql(
  `
    query FileDetail($id: ID!, $fileUploadId: ID!) {
      file(id: $id) { ...FileDetailFields }
      fileUpload(id: $fileUploadId) { id name status }
    }
  `,
  [FileDetailFields],
);

export const FileUpdatedSubscription = graphql(
  `
    subscription FileUpdated($fileId: ID!) {
      fileUpdated(fileId: $fileId) { ...FileDetailFields }
    }
  `,
  [FileDetailFields],
);

export const FileRowSnippetsQuery = graphql(`
  query FileRowSnippets($fileId: ID!, $fromRow: Int!, $toRow: Int!) {
    fileRowSnippets(fileId: $fileId, fromRow: $fromRow, toRow: $toRow) {
      fileId columns totalRows fromRow
      rows { rowNumber values }
    }
  }
`);

export type FileRowSnippet = ResultOf<typeof FileRowSnippetsQuery>['fileRowSnippets'];

export const DownloadUrlQuery = graphql(`
  query DownloadUrl($fileId: ID!) {
    downloadUrl(fileId: $fileId) { url expiresAt }
  }
`);

export const UpdateFileCategoryMutation = graphql(
  `
    mutation UpdateFileCategory($input: UpdateFileCategoryInput!) {
      updateFileCategory(input: $input) { ...FileDetailFields }
    }
  `,
  [FileDetailFields],
);

export const UpdateFileSheetMutation = graphql(
  `
    mutation UpdateFileSheet($input: UpdateFileSheetInput!) {
      updateFileSheet(input: $input) { ...FileDetailFields }
    }
  `,
  [FileDetailFields],
);

/** Whether the file has been validated: the file screen then links to its report. */
export const FileValidationStatusQuery = graphql(`
  query FileValidationStatus($fileId: ID!) {
    fileValidation(fileId: $fileId) { fileId status }
  }
`);
