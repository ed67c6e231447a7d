import type { GraphQLResult } from '../../test/harness.ts';

/**
 * A subscription held as a browser holds it (spec section 7): one streaming POST of JSON accepting
 * `text/event-stream`, read line by line. Shared by the live-update tests of this module.
 */
export type HeldSubscription<T> = {
  status: number;
  /** The results of the `next` events so far, in order. */
  results: GraphQLResult<T>[];
  /** True once the server sent `complete` or closed the stream. */
  isComplete: () => boolean;
  /** Waits until `check` holds for the results; fails with `what` (and what arrived) past the deadline. */
  waitFor: (check: (results: GraphQLResult<T>[]) => boolean, what: string, timeoutMs?: number) => Promise<void>;
  /** Waits for the end of the stream. */
  ended: (timeoutMs?: number) => Promise<void>;
  /** Goes away as a client closing the page does (aborts the request). */
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; the deadline only turns a hang into a readable failure. */
export const waitUntil = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(10);
  }
};

/** Opens a subscription on `baseUrl`/graphql. Resolves once the server has answered with its headers. */
export const holdSubscription = async <T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<HeldSubscription<T>> => {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const results: GraphQLResult<T>[] = [];
  let complete = false;
  let failure: unknown = null;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.search(/\r?\n\r?\n/); end !== -1; end = buffer.search(/\r?\n\r?\n/)) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          const lines = block.split(/\r?\n/);
          const event =
            lines
              .find((line) => line.startsWith('event:'))
              ?.slice(6)
              .trim() ?? 'message';
          const data = lines
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (event === 'complete') complete = true;
          else if (data !== '') results.push(JSON.parse(data) as GraphQLResult<T>);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) failure = error;
    } finally {
      complete = true;
    }
  })();
  const describe = () => `${JSON.stringify(results)}${failure ? ` (stream failed: ${String(failure)})` : ''}`;
  return {
    status: response.status,
    results,
    isComplete: () => complete,
    waitFor: (check, what, timeoutMs) =>
      waitUntil(() => check(results), what, timeoutMs).catch((error: Error) => {
        throw new Error(`${error.message}; received ${describe()}`);
      }),
    ended: (timeoutMs) => waitUntil(() => complete, 'end of the stream', timeoutMs),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};
