import { Client, cacheExchange, type CombinedError, type Exchange, fetchExchange, type Operation, subscriptionExchange } from 'urql';
import { filter, pipe } from 'wonka';
import { createSseClient } from './sse.ts';

export const GRAPHQL_URL = '/graphql';

/** Pages where an UNAUTHENTICATED answer is expected and must not bounce the user to reauth. */
const AUTH_ENTRY_PATHS = ['/auth/login', '/auth/reauth', '/auth/callback'];

export const isUnauthenticatedError = (error: CombinedError | undefined) =>
  Boolean(
    error?.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED' || e.message === 'Unauthenticated') ||
      (error?.response as Response | undefined)?.status === 401,
  );

/** The reauth URL for the current location, with the previous path URL-encoded in the fragment. */
export const reauthUrl = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `/auth/reauth#prevPath=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

export const isAuthEntryPath = (pathname: string) => AUTH_ENTRY_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Drops any result that says the caller is not signed in and runs the unauthorised handler instead
 * (spec section 8), except on the sign-in pages themselves. The handler runs once per operation: urql
 * repeats a subscription's last result when the stream completes.
 */
export const unauthorizedExchange =
  (onUnauthorized: () => void, currentPath: () => string): Exchange =>
  ({ forward }) =>
  (operations$) => {
    const reported = new WeakSet<Operation>();
    return pipe(
      forward(operations$),
      filter((result) => {
        if (!isUnauthenticatedError(result.error)) return true;
        if (reported.has(result.operation)) return false;
        if (isAuthEntryPath(currentPath())) return true;
        reported.add(result.operation);
        onUnauthorized();
        return false;
      }),
    );
  };

export type GraphqlClientOptions = {
  getToken: () => string;
  onUnauthorized: () => void;
  currentPath?: () => string;
  url?: string;
  /** Extra exchanges placed before the cache (e.g. token refresh). */
  exchanges?: Exchange[];
};

const authHeaders = (token: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * One POST per operation to /graphql with the bearer token when one exists; partial data is kept
 * together with errors; subscriptions stream over SSE on the same path.
 */
export const createGraphqlClient = ({
  getToken,
  onUnauthorized,
  currentPath = () => window.location.pathname,
  url = GRAPHQL_URL,
  exchanges = [],
}: GraphqlClientOptions) => {
  const sse = createSseClient({ url, headers: () => authHeaders(getToken()) });
  return new Client({
    url,
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    fetchOptions: () => ({ headers: authHeaders(getToken()) }),
    exchanges: [
      unauthorizedExchange(onUnauthorized, currentPath),
      ...exchanges,
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: sse.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
};
