import { afterEach, describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { createGraphqlClient, reauthUrl } from './graphql-client.ts';
import { graphql } from './graphql.ts';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUERY = graphql(`
  query Probe {
    viewer {
      userId
    }
    serverInfo {
      productName
    }
  }
`);

const CLOCK = graphql(`
  subscription Clock {
    clock(ticks: 1)
  }
`);

const eventStream = (...events: string[]) =>
  new Response(events.map((e) => `${e}\n\n`).join(''), { headers: { 'content-type': 'text/event-stream' } });

afterEach(() => vi.unstubAllGlobals());

const run = (client: ReturnType<typeof createGraphqlClient>) =>
  new Promise<{ data: unknown; error: unknown } | 'dropped'>((resolve) => {
    const timer = setTimeout(() => resolve('dropped'), 200);
    pipe(
      client.query(QUERY, {}),
      subscribe((result) => {
        clearTimeout(timer);
        resolve({ data: result.data, error: result.error });
      }),
    );
  });

describe('GraphQL client', () => {
  it('sends one POST to /graphql with the bearer token when a token exists', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: { viewer: { userId: 'u1' }, serverInfo: { productName: 'Tidewise' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createGraphqlClient({ getToken: () => 'tok-1', onUnauthorized: vi.fn(), currentPath: () => '/app' });
    await run(client);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: { viewer: null, serverInfo: { productName: 'Tidewise' } } }));
    vi.stubGlobal('fetch', fetchMock);
    await run(createGraphqlClient({ getToken: () => '', onUnauthorized: vi.fn(), currentPath: () => '/' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('keeps partial data together with errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: { viewer: null, serverInfo: { productName: 'Tidewise' } },
          errors: [{ message: 'You do not have permission to do this.', path: ['viewer'], extensions: { code: 'FORBIDDEN' } }],
        }),
      ),
    );
    const result = await run(createGraphqlClient({ getToken: () => 't', onUnauthorized: vi.fn(), currentPath: () => '/app' }));
    expect(result).not.toBe('dropped');
    expect((result as { data: unknown }).data).toEqual({ viewer: null, serverInfo: { productName: 'Tidewise' } });
    expect(String((result as { error: unknown }).error)).toContain('You do not have permission to do this.');
  });

  it.each([[{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }], [{ message: 'Unauthenticated' }]])(
    'drops an unauthenticated result and runs the handler (%j)',
    async (error) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ data: null, errors: [error] })),
      );
      const onUnauthorized = vi.fn();
      const result = await run(createGraphqlClient({ getToken: () => 't', onUnauthorized, currentPath: () => '/app/users' }));
      expect(result).toBe('dropped');
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    },
  );

  it.each(['/auth/login', '/auth/reauth', '/auth/callback'])('passes unauthenticated results through on %s', async (path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: null, errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] })),
    );
    const onUnauthorized = vi.fn();
    const result = await run(createGraphqlClient({ getToken: () => '', onUnauthorized, currentPath: () => path }));
    expect(result).not.toBe('dropped');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('streams a subscription over SSE on the same path with the bearer token', async () => {
    const fetchMock = vi.fn(async () =>
      eventStream('event: next\ndata: {"data":{"clock":"2026-01-01T00:00:00.000Z"}}', 'event: complete\ndata:'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createGraphqlClient({ getToken: () => 'tok-2', onUnauthorized: vi.fn(), currentPath: () => '/app' });
    const result = await new Promise<unknown>((resolve) =>
      pipe(
        client.subscription(CLOCK, {}),
        subscribe((r) => resolve(r.data)),
      ),
    );
    expect(result).toEqual({ clock: '2026-01-01T00:00:00.000Z' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-2');
  });

  it('drops an unauthenticated subscription result and runs the handler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        eventStream(
          'event: next\ndata: {"data":null,"errors":[{"message":"Unauthenticated","extensions":{"code":"UNAUTHENTICATED"}}]}',
          'event: complete\ndata:',
        ),
      ),
    );
    const onUnauthorized = vi.fn();
    const client = createGraphqlClient({ getToken: () => 't', onUnauthorized, currentPath: () => '/app' });
    const results: unknown[] = [];
    pipe(
      client.subscription(CLOCK, {}),
      subscribe((r) => results.push(r)),
    );
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(results).toEqual([]);
  });

  it('puts the previous path, URL-encoded, in the reauth fragment', () => {
    expect(reauthUrl({ pathname: '/app/suppliers', search: '?page=2&q=fuel oil', hash: '' })).toBe(
      '/auth/reauth#prevPath=%2Fapp%2Fsuppliers%3Fpage%3D2%26q%3Dfuel%20oil',
    );
  });
});
