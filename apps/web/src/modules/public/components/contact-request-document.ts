/** Sent as text (no GraphQL runtime on the public pages); `../graphql.ts` types it from the schema. */
export const SUBMIT_CONTACT_REQUEST = `mutation SubmitContactRequest($input: SubmitContactRequestInput!) {
  submitContactRequest(input: $input) { success message errors { message field } }
}`;
