import { expect } from 'vitest';
import type { Client } from './auth-test-kit.ts';
import type { GraphQLResult, TestServer } from './harness.ts';

/**
 * Shared by the integration tests of every module: a signed-in person's GraphQL calls, reading an answer's data or its
 * refusal, polling until a job settles, and holding a subscription open as a browser does.
 */

export type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>>;

/** The calls of one signed-in person, from the address its client was made for. */
export const gqlOf =
  (party: { client: Client; token: string }): Gql =>
  (query, variables) =>
    party.client.gql(query, variables, party.token);

/** Data of a successful answer; fails the test with the errors otherwise. */
export const dataOf = <T>(result: GraphQLResult<T>): T => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
};

/** The first error's code, message and field; an answer without an error fails the test here, with what it held. */
export const refusalOf = (result: GraphQLResult<unknown>) => {
  const [error] = result.errors ?? [];
  if (!error) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return { code: error.extensions?.code, message: error.message, field: error.extensions?.field ?? null };
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds for what `read` answers; the deadline only turns a hang into a readable failure. */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(50);
  }
};

/**
 * A subscription held as a browser holds it: one streaming POST accepting text/event-stream, read event by event; its
 * results as they arrive, and a wait for the results a test expects that fails at once when the stream ends without.
 */
export const holdSubscription = async <T>(server: TestServer, query: string, variables: Record<string, unknown>, token: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const results: GraphQLResult<T>[] = [];
  let complete = false;
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (block.startsWith('event: complete')) complete = true;
          else if (data) results.push(JSON.parse(data) as GraphQLResult<T>);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      complete = true;
    }
  })();
  return {
    results,
    isComplete: () => complete,
    waitFor: (check: (results: GraphQLResult<T>[]) => boolean, what: string) =>
      waitFor(
        async () => results,
        (r) => check(r) || complete,
        what,
        60_000,
      ).then((r) => {
        if (!check(r)) throw new Error(`${what}: the stream ended with ${JSON.stringify(r)}`);
      }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};
