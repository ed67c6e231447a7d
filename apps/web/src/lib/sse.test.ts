import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeOverSse } from './sse.ts';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const collect = () => {
  const values: unknown[] = [];
  let error: Error | null = null;
  let completed = false;
  const done = new Promise<void>((resolve) => {
    const sink = {
      next: (v: unknown) => values.push(v),
      error: (e: Error) => {
        error = e;
        resolve();
      },
      complete: () => {
        completed = true;
        resolve();
      },
    };
    subscribeOverSse({ url: '/graphql', body: { query: 'subscription { clock }' } }, sink);
  });
  return { values, done, state: () => ({ error, completed }) };
};

afterEach(() => vi.unstubAllGlobals());

describe('subscribeOverSse', () => {
  it('posts JSON accepting an event stream and delivers each data: line, split across chunks', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          streamOf([
            ':\n\nevent: next\ndata: {"data":{"clock":"a"}}\n\nevent: next\nda',
            'ta: {"data":{"clock":"b"}}\n\nevent: complete\ndata:\n\n',
          ]),
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const run = collect();
    await run.done;
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(run.values).toEqual([{ data: { clock: 'a' } }, { data: { clock: 'b' } }]);
    expect(run.state().completed).toBe(true);
  });

  it('logs and skips a malformed line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(streamOf(['data: {not json\n\ndata: {"data":{"clock":"c"}}\n\n']))),
    );
    const run = collect();
    await run.done;
    expect(warn).toHaveBeenCalledWith('Failed to parse SSE data', '{not json');
    expect(run.values).toEqual([{ data: { clock: 'c' } }]);
  });

  it('reports an HTTP failure with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 503 })),
    );
    const run = collect();
    await run.done;
    expect(run.state().error?.message).toBe('HTTP error! status 503');
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
});
