import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Client, CombinedError, cacheExchange, makeResult, type Operation, Provider } from 'urql';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../lib/time-zone.tsx';

/** An answer to one operation: its data, or a GraphQL error with its code (and the input field it names). */
export type Answer = { data: unknown } | { error: string; code?: string; field?: string };

/** Operation name → the answer to give it, from its variables. */
export type Answers = Record<string, (variables: Record<string, unknown>) => Answer>;

export type Sent = { name: string; variables: Record<string, unknown> };

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

/**
 * A urql client for component tests: it answers by operation name and keeps what it was sent, so a test can
 * read the variables a screen asked with. Unknown operations never answer. With `cache`, the application's
 * document cache sits in front (a mutation makes the queries of its types read again, as in the app).
 */
export const testClient = (answers: Answers, sent: Sent[] = [], options: { cache?: boolean } = {}) =>
  new Client({
    url: '/graphql',
    ...(options.cache ? { requestPolicy: 'cache-and-network' as const } : {}),
    exchanges: [
      ...(options.cache ? [cacheExchange] : []),
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            const name = nameOf(operation);
            const variables = (operation.variables ?? {}) as Record<string, unknown>;
            sent.push({ name, variables });
            const answer = answers[name]?.(variables);
            if (!answer) return never;
            if ('error' in answer) {
              const error = new CombinedError({
                graphQLErrors: [{ message: answer.error, extensions: { code: answer.code ?? 'VALIDATION_FAILED', field: answer.field } }],
              });
              return fromValue(makeResult(operation, { errors: error.graphQLErrors }));
            }
            return fromValue(makeResult(operation, { data: answer.data as Record<string, unknown> }));
          }),
        ),
    ],
  });

/** Shows the current address (path and query) so tests can read what a screen wrote to it. */
export const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** A screen inside the router, the time zone and a test client; `showLocation` adds the address probe. */
export const WithClient = ({
  client,
  path = '/',
  showLocation = true,
  children,
}: {
  client: Client;
  path?: string;
  showLocation?: boolean;
  children: ReactNode;
}) => (
  <MemoryRouter initialEntries={[path]}>
    <TimeZoneProvider timeZone="UTC">
      <Provider value={client}>
        {children}
        {showLocation ? <LocationProbe /> : null}
      </Provider>
    </TimeZoneProvider>
  </MemoryRouter>
);
