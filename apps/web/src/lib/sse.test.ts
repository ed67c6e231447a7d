import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseClient } from './sse.ts';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const eventStream = (chunks: string[]) => new Response(streamOf(chunks), { headers: { 'content-type': 'text/event-stream' } });

const collect = (headers?: () => Record<string, string>) => {
  const values: unknown[] = [];
  let error: Error | null = null;
  let completed = false;
  const done = new Promise<void>((resolve) => {
    createSseClient({ url: '/graphql', headers }).subscribe(
      { query: 'subscription Clock { clock }', operationName: 'Clock' },
      {
        next: (v) => values.push(v),
        error: (e) => {
          error = e as Error;
          resolve();
        },
        complete: () => {
          completed = true;
          resolve();
        },
      },
    );
  });
  return { values, done, state: () => ({ error: error as Error | null, completed }) };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SSE subscriptions', () => {
  it('posts JSON accepting an event stream and delivers each next event, split across chunks, until complete', async () => {
    const fetchMock = vi.fn(async () =>
      eventStream([
        ':\n\nevent: next\ndata: {"data":{"clock":"a"}}\n\nevent: next\nda',
        'ta: {"data":{"clock":"b"}}\n\nevent: complete\ndata:\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const run = collect(() => ({ authorization: 'Bearer tok-1' }));
    await run.done;
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init.body))).toEqual({ query: 'subscription Clock { clock }', operationName: 'Clock' });
    expect(run.values).toEqual([{ data: { clock: 'a' } }, { data: { clock: 'b' } }]);
    expect(run.state()).toEqual({ error: null, completed: true });
  });

  it('logs and skips a malformed event and keeps streaming', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        eventStream(['event: next\ndata: {not json\n\nevent: next\ndata: {"data":{"clock":"c"}}\n\nevent: complete\ndata:\n\n']),
      ),
    );
    const run = collect();
    await run.done;
    expect(warn).toHaveBeenCalledWith('Failed to parse SSE data', '{not json');
    expect(run.values).toEqual([{ data: { clock: 'c' } }]);
    expect(run.state().completed).toBe(true);
  });

  it('reports an HTTP failure with its status, once', async () => {
    const fetchMock = vi.fn(async () => new Response('nope', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const run = collect();
    await run.done;
    expect(run.state().error?.message).toBe('HTTP error! status 503');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a response without a body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const run = collect();
    await run.done;
    expect(run.state().error?.message).toBe('No response body');
  });

  it('reads the headers for each subscription and aborts the request when unsubscribed', async () => {
    let signal: AbortSignal | undefined;
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return eventStream([':\n\n']);
    });
    vi.stubGlobal('fetch', fetchMock);
    let token = 'first';
    const client = createSseClient({ url: '/graphql', headers: () => ({ authorization: `Bearer ${token}` }) });
    const sink = { next: () => undefined, error: () => undefined, complete: () => undefined };
    client.subscribe({ query: 'subscription { clock }' }, sink)();
    token = 'second';
    const unsubscribe = client.subscribe({ query: 'subscription { clock }' }, sink);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).get('authorization')).toBe('Bearer second');
    expect(signal?.aborted).toBe(false);
    unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});
