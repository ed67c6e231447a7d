import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Client, CombinedError, cacheExchange, makeResult, type Operation, Provider } from 'urql';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';

/** An answer to one operation: its data, or a GraphQL error with its code. */
export type Answer = { data: unknown } | { error: string; code?: string; field?: string };

/** Operation name → the answer to give it, from its variables. */
export type Answers = Record<string, (variables: Record<string, unknown>) => Answer>;

export type Sent = { name: string; variables: Record<string, unknown> };

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

/**
 * A urql client for component tests with the application's document cache in front (so a mutation
 * reads the queries of its types again, as in the app); it answers by operation name and keeps what
 * it was sent. Unknown operations never answer.
 */
export const testClient = (answers: Answers, sent: Sent[] = []) =>
  new Client({
    url: '/graphql',
    requestPolicy: 'cache-and-network',
    exchanges: [
      cacheExchange,
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

/** A screen inside the router, the time zone and a test client. */
export const WithClient = ({ client, path = '/', children }: { client: Client; path?: string; children: ReactNode }) => (
  <MemoryRouter initialEntries={[path]}>
    <TimeZoneProvider timeZone="UTC">
      <Provider value={client}>{children}</Provider>
    </TimeZoneProvider>
  </MemoryRouter>
);
