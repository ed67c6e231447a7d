import type { ContactRequestInput } from '@tidewise/shared/contact';
import type { ResultOf, VariablesOf } from '../../../lib/graphql.ts';
import type { SubmitContactRequestMutation } from '../graphql.ts';
import { SUBMIT_CONTACT_REQUEST } from './contact-request-document.ts';

export const FALLBACK_ERROR = 'Something went wrong. Please try again.';

type GraphqlError = { message: string; extensions?: { code?: string; field?: string | null } };

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
  let body: { data?: ResultOf<typeof SubmitContactRequestMutation> | null; errors?: GraphqlError[] };
  const variables: VariablesOf<typeof SubmitContactRequestMutation> = { input: { ...input, honeypot: honeypot || null } };
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: SUBMIT_CONTACT_REQUEST, variables }),
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
