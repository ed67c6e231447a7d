import { type Exchange, makeOperation, type Operation, type OperationResult } from 'urql';
import { empty, fromPromise, fromValue, makeSubject, map, merge, mergeMap, pipe, type Source } from 'wonka';
import { isUnauthenticatedError } from './graphql-client.ts';
import { refreshSession } from './session-api.ts';

export type TokenRefreshOptions = {
  getToken: () => string;
  setToken: (token: string) => void;
  /** A new access token from the refresh cookie; null when the server refuses. */
  refresh?: () => Promise<string | null>;
};

/**
 * One `POST /session/refresh`, sent directly rather than through the client so that a refused
 * refresh cannot loop back into this exchange. The refresh token itself travels in the HttpOnly
 * cookie, rotated by the server on every use; this code never sees it.
 */
export const requestTokenRefresh = async (): Promise<string | null> => {
  const outcome = await refreshSession();
  return outcome.status === 'restored' ? outcome.session.token : null;
};

type RefreshState = { sentWith: string; retried: boolean };
const stateOf = (operation: Operation) => (operation.context as { tokenRefresh?: RefreshState }).tokenRefresh;

/**
 * Renews an expired access token without the user noticing. When an operation sent with an access
 * token is answered UNAUTHENTICATED, it refreshes once through the cookie (operations failing
 * together share that one call, since a refresh token works only once), keeps the new access token
 * and sends the operation again. An operation is retried at most once; an operation sent without a
 * token (the sign-in pages) is never renewed; when the refresh is refused the original answer goes
 * on to the unauthorised handler, which opens reauth.
 */
export const tokenRefreshExchange = ({ getToken, setToken, refresh = requestTokenRefresh }: TokenRefreshOptions): Exchange => {
  let inFlight: Promise<boolean> | null = null;
  const refreshOnce = () => {
    inFlight ??= (async () => {
      const token = await refresh();
      if (token) setToken(token);
      return Boolean(token);
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
          if (!state.sentWith) return fromValue(result);
          return pipe(
            fromPromise(refreshOnce()),
            mergeMap((renewed) => (renewed ? retry(result.operation) : fromValue(result))),
          );
        }),
      );
    };
};
