import { graphql, type ResultOf } from '../../lib/graphql.ts';

/** The batch's supplier matching in counts, for the card that leads to the review. */
export const BatchMatchingFields = graphql(`
  fragment BatchMatchingFields on FileUploadValidation {
    fileUploadId supplierMatchingStatus totalSuppliers matchCount semiMatchCount notMatchCount
  }
`);

export type BatchMatching = ResultOf<typeof BatchMatchingFields>;

export const BatchMatchingQuery = graphql(
  `
    query BatchMatching($fileUploadId: ID!) {
      fileUploadValidation(fileUploadId: $fileUploadId) { ...BatchMatchingFields }
    }
  `,
  [BatchMatchingFields],
);

export const BatchMatchingUpdatedSubscription = graphql(
  `
    subscription BatchMatchingUpdated($fileUploadId: ID!) {
      fileUploadValidationUpdated(fileUploadId: $fileUploadId) { ...BatchMatchingFields }
    }
  `,
  [BatchMatchingFields],
);

/** The request a batch answers, if any, named for the banner. */
export const BatchRequestQuery = graphql(`
  query BatchRequest($id: ID!) {
    fileUpload(id: $id) { id calendarTaskId }
  }
`);

export const AnsweredRequestQuery = graphql(`
  query AnsweredRequest($id: ID!) {
    calendarTask(id: $id) {
      id title viewerSide
      customerOrganization { id name }
      supplierOrganization { id name }
    }
  }
`);
