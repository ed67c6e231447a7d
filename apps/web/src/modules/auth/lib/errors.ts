import type { CombinedError } from 'urql';

const MASKED_CODES = new Set(['INTERNAL_SERVER_ERROR']);

/**
 * The message for the red alert: the server's own message when it sent one meant for people,
 * otherwise the screen's fallback text from spec section 8 (also for network failures).
 */
export const errorMessage = (error: CombinedError | null | undefined, fallback: string): string => {
  const first = error?.graphQLErrors.find((e) => e.message);
  if (!first || MASKED_CODES.has(String(first.extensions?.code ?? ''))) return fallback;
  return first.message;
};
