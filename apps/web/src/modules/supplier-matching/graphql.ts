import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';

/** One supplier named in one file of the upload, with what matching found and what the customer decided. */
export const SupplierRowFields = graphql(`
  fragment SupplierRowFields on UploadSupplierData {
    id fileId fileName supplierName itemCount matchStatus matchReason matchScore isConfirmed contactEmail
    supplierOrgId calendarTaskId
    supplierOrganization { id name }
    possibleMatches { score reason organization { id name } }
  }
`);

export type SupplierRow = ResultOf<typeof SupplierRowFields>;
export type PossibleMatch = SupplierRow['possibleMatches'][number];
export type SupplierMatchStatus = SupplierRow['matchStatus'];

/** The batch's matching as a whole: whether it runs, and the counts per outcome. */
export const MatchingFields = graphql(`
  fragment MatchingFields on FileUploadValidation {
    fileUploadId supplierMatchingStatus totalSuppliers
    matchCount matchRowCount semiMatchCount semiMatchRowCount notMatchCount notMatchRowCount
  }
`);

export type Matching = ResultOf<typeof MatchingFields>;
export type SupplierMatchingStatus = Matching['supplierMatchingStatus'];

/** A request sent from the upload, as the result lists it. */
export const SentRequestFields = graphql(`
  fragment SentRequestFields on CalendarTask {
    id title deadline itemCount requiredUploadPurpose requiredUploadSecondaryPurpose
    supplierOrganization { id name }
  }
`);

export type SentRequest = ResultOf<typeof SentRequestFields>;

/** The upload the review is about: its state, its files' categories, and the requests already sent from it. */
export const ReviewUploadFields = graphql(
  `
    fragment ReviewUploadFields on FileUpload {
      id name status completedAt supplierEmails
      files { id originalName status fileMetadata { category } }
      requests { ...SentRequestFields }
    }
  `,
  [SentRequestFields],
);

export type ReviewUpload = ResultOf<typeof ReviewUploadFields>;

export const SupplierReviewQuery = graphql(
  `
    query SupplierReview($fileUploadId: ID!) {
      fileUpload(id: $fileUploadId) { ...ReviewUploadFields }
      fileUploadValidation(fileUploadId: $fileUploadId) { ...MatchingFields }
      uploadSupplierData(fileUploadId: $fileUploadId) { ...SupplierRowFields }
    }
  `,
  [ReviewUploadFields, MatchingFields, SupplierRowFields],
);

/** The batch's validation as it changes; the review reads its suppliers again when matching ends. */
export const MatchingUpdatedSubscription = graphql(
  `
    subscription MatchingUpdated($fileUploadId: ID!) {
      fileUploadValidationUpdated(fileUploadId: $fileUploadId) { ...MatchingFields }
    }
  `,
  [MatchingFields],
);

export const ConfirmSupplierMatchMutation = graphql(
  `
    mutation ConfirmSupplierMatch($input: ConfirmSupplierMatchInput!) {
      confirmSupplierMatch(input: $input) { ...SupplierRowFields }
    }
  `,
  [SupplierRowFields],
);

export const SetUploadSupplierContactMutation = graphql(
  `
    mutation SetUploadSupplierContact($input: SetUploadSupplierContactInput!) {
      setUploadSupplierContact(input: $input) { ...SupplierRowFields }
    }
  `,
  [SupplierRowFields],
);

export const SendUploadRequestsMutation = graphql(
  `
    mutation SendUploadRequests($input: CompleteFileUploadInput!) {
      completeFileUpload(input: $input) { ...ReviewUploadFields }
    }
  `,
  [ReviewUploadFields],
);

export type DataRequestInput = NonNullable<VariablesOf<typeof SendUploadRequestsMutation>['input']['request']>;
export type RequestCategory = DataRequestInput['requiredUploadPurpose'];
