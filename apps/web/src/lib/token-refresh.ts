import { type Exchange, makeOperation, type Operation, type OperationResult } from 'urql';
import { empty, fromPromise, fromValue, makeSubject, map, merge, mergeMap, pipe, type Source } from 'wonka';
import { GRAPHQL_URL, isUnauthenticatedError } from './graphql-client.ts';

export type RefreshedTokens = { token: string; refreshToken: string };

export type TokenRefreshOptions = {
  getToken: () => string;
  getRefreshToken: () => string;
  setTokens: (tokens: RefreshedTokens) => void;
  /** Exchanges a refresh token for new tokens; null when the server refuses. */
  refresh?: (refreshToken: string) => Promise<RefreshedTokens | null>;
};

const REFRESH_DOCUMENT = 'mutation RefreshSession($token: String!) { refreshToken(token: $token) { token refreshToken } }';

/**
 * One `refreshToken(token)` call, sent directly rather than through the client so that a refused
 * refresh cannot loop back into this exchange.
 */
export const requestTokenRefresh = async (refreshToken: string, url = GRAPHQL_URL): Promise<RefreshedTokens | null> => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: REFRESH_DOCUMENT, variables: { token: refreshToken }, operationName: 'RefreshSession' }),
    });
    const body = (await response.json()) as { data?: { refreshToken?: Partial<RefreshedTokens> | null } | null };
    const tokens = body.data?.refreshToken;
    return tokens?.token && tokens.refreshToken ? { token: tokens.token, refreshToken: tokens.refreshToken } : null;
  } catch {
    return null;
  }
};

type RefreshState = { sentWith: string; retried: boolean };
const stateOf = (operation: Operation) => (operation.context as { tokenRefresh?: RefreshState }).tokenRefresh;

/**
 * Renews an expired access token without the user noticing. When an answer says UNAUTHENTICATED and
 * a refresh token exists, it calls refreshToken once (operations failing together share that one
 * call, since refresh tokens work only once), stores the new tokens and sends the operation again.
 * An operation is retried at most once; when the refresh is refused the original answer goes on to
 * the unauthorised handler, which opens reauth.
 */
export const tokenRefreshExchange = ({
  getToken,
  getRefreshToken,
  setTokens,
  refresh = requestTokenRefresh,
}: TokenRefreshOptions): Exchange => {
  let inFlight: Promise<boolean> | null = null;
  const refreshOnce = () => {
    inFlight ??= (async () => {
      const refreshToken = getRefreshToken();
      const tokens = refreshToken ? await refresh(refreshToken) : null;
      if (tokens) setTokens(tokens);
      return Boolean(tokens);
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return ({ forward }) =>
    (operations$) => {
      const retries = makeSubject<Operation>();
      const stamped$ = pipe(
        operations$,
        map((operation) =>
          operation.kind === 'teardown'
            ? operation
            : makeOperation(operation.kind, operation, { ...operation.context, tokenRefresh: { sentWith: getToken(), retried: false } }),
        ),
      );
      const retry = (operation: Operation): Source<OperationResult> => {
        retries.next(
          makeOperation(operation.kind, operation, {
            ...operation.context,
            requestPolicy: 'network-only',
            tokenRefresh: { sentWith: getToken(), retried: true },
          }),
        );
        return empty;
      };
      return pipe(
        forward(merge([stamped$, retries.source])),
        mergeMap((result): Source<OperationResult> => {
          const state = stateOf(result.operation);
          if (!state || state.retried || !isUnauthenticatedError(result.error)) return fromValue(result);
          // Another operation renewed the token while this one was on its way: just send it again.
          const current = getToken();
          if (current && current !== state.sentWith) return retry(result.operation);
          if (!getRefreshToken()) return fromValue(result);
          return pipe(
            fromPromise(refreshOnce()),
            mergeMap((renewed) => (renewed ? retry(result.operation) : fromValue(result))),
          );
        }),
      );
    };
};
