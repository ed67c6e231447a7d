import type { CombinedError } from 'urql';

/** The spec's fallback for screens without a more specific text (section 8). */
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

const MASKED_CODES = new Set(['INTERNAL_SERVER_ERROR']);

/**
 * The text for the red alert: the server's own message when it wrote one for people, otherwise the
 * fallback (also for network failures and masked errors).
 */
export const errorMessage = (error: CombinedError | null | undefined, fallback = FALLBACK_MESSAGE): string => {
  const first = error?.graphQLErrors.find((e) => e.message);
  if (!first || MASKED_CODES.has(String(first.extensions?.code ?? ''))) return fallback;
  return first.message;
};

/** The message of a MessageResponse that reports failure as data rather than as an error. */
export const responseMessage = (
  response: { success: boolean; message?: string | null; errors?: { message: string }[] } | null | undefined,
) => (response && !response.success ? (response.errors?.[0]?.message ?? response.message ?? FALLBACK_MESSAGE) : null);

/**
 * Runs a mutation result through both failure channels (GraphQL errors and `success: false`) and
 * returns the message to show, or null when it worked.
 */
export const mutationFailure = <T>(
  result: { data?: T | null; error?: CombinedError },
  pick: (data: T) => unknown,
  fallback = FALLBACK_MESSAGE,
): string | null => {
  if (result.error) return errorMessage(result.error, fallback);
  const payload = result.data ? pick(result.data) : null;
  if (payload === null || payload === undefined) return fallback;
  if (typeof payload === 'object' && 'success' in payload) return responseMessage(payload as { success: boolean });
  return null;
};

/** A failure to show, and the input field it is about when the server named one (`extensions.field`). */
export type ServerFailure = { message: string; field: string | null };

const fieldOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** errorMessage, with the field the server blamed (an AppError's `extensions.field`). */
export const serverFailure = (error: CombinedError | null | undefined, fallback = FALLBACK_MESSAGE): ServerFailure => {
  const message = errorMessage(error, fallback);
  const first = error?.graphQLErrors.find((e) => e.message);
  return { message, field: message === fallback ? null : fieldOf(first?.extensions?.field) };
};

/**
 * mutationFailure with the field the server blamed: an AppError's `extensions.field`, or the
 * `field` of a MessageResponse's first error when the document asks for it. Forms put it on that
 * field (ui/form.tsx `setServerError`).
 */
export const mutationError = <T>(
  result: { data?: T | null; error?: CombinedError },
  pick: (data: T) => unknown,
  fallback = FALLBACK_MESSAGE,
): ServerFailure | null => {
  const message = mutationFailure(result, pick, fallback);
  if (message === null) return null;
  if (result.error) return serverFailure(result.error, fallback);
  const payload = result.data ? pick(result.data) : null;
  const errors = payload && typeof payload === 'object' && 'errors' in payload ? (payload as { errors?: unknown }).errors : null;
  const first = Array.isArray(errors) ? (errors[0] as { field?: unknown } | undefined) : undefined;
  return { message, field: fieldOf(first?.field) };
};
