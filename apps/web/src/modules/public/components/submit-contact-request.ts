import type { ContactRequestInput } from '@tidewise/shared/contact';

const MUTATION = `mutation SubmitContactRequest($input: SubmitContactRequestInput!) {
  submitContactRequest(input: $input) { success message errors { message field } }
}`;

export const FALLBACK_ERROR = 'Something went wrong. Please try again.';

type GraphqlError = { message: string; extensions?: { code?: string; field?: string | null } };
type MessageResponse = { success: boolean; message: string | null; errors: { message: string; field: string | null }[] };

export type ContactResult = { ok: true; message: string } | { ok: false; message: string; field?: keyof ContactRequestInput };

const fieldOf = (path: string | null | undefined) => {
  const name = path?.replace(/^input\./, '');
  return name === 'name' || name === 'email' || name === 'company' || name === 'reason' || name === 'message' ? name : undefined;
};

/**
 * Sends the public contact mutation with a plain POST: the public pages stay free of the GraphQL
 * client library, which only the signed-in areas need.
 */
export const submitContactRequest = async (input: ContactRequestInput, honeypot: string): Promise<ContactResult> => {
  let body: { data?: { submitContactRequest: MessageResponse | null } | null; errors?: GraphqlError[] };
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: MUTATION, variables: { input: { ...input, honeypot: honeypot || null } } }),
    });
    body = await response.json();
  } catch {
    return { ok: false, message: FALLBACK_ERROR };
  }
  const error = body.errors?.[0];
  if (error) return { ok: false, message: error.message || FALLBACK_ERROR, field: fieldOf(error.extensions?.field) };
  const result = body.data?.submitContactRequest;
  if (!result) return { ok: false, message: FALLBACK_ERROR };
  if (!result.success) {
    const first = result.errors[0];
    return { ok: false, message: first?.message || result.message || FALLBACK_ERROR, field: fieldOf(first?.field) };
  }
  return { ok: true, message: result.message ?? 'Thank you. We will answer within 24 hours on business days.' };
};
