import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gql } from 'urql';
import { createGraphqlClient } from './graphql-client.ts';
import { tokenRefreshExchange } from './token-refresh.ts';

const MeQuery = gql<{ me: string }, { n: number }>`
  query Me($n: Int!) {
    me(n: $n)
  }
`;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const unauthenticated = { data: null, errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] };

/**
 * A fake API: only `Bearer fresh` is accepted. The refresh cookie starts as `cookie` and rotates on
 * each POST /session/refresh; `r1` yields `fresh` + `r2`, anything else (or a reuse) is refused.
 */
const fakeServer = (cookie: string) => {
  const jar = { cookie };
  const refreshCalls: string[] = [];
  const usedRefreshTokens = new Set<string>();
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url) === '/session/refresh') {
      const presented = jar.cookie;
      refreshCalls.push(presented);
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
      expect(init?.credentials).toBe('same-origin');
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (presented !== 'r1' || usedRefreshTokens.has(presented)) {
        jar.cookie = '';
        return new Response(JSON.stringify(unauthenticated), { status: 401 });
      }
      usedRefreshTokens.add(presented);
      jar.cookie = 'r2';
      return json({ token: 'fresh', refreshToken: null, user: { id: 'u1', email: 'astrid@example.test' } });
    }
    const headers = new Headers(init?.headers);
    return headers.get('authorization') === 'Bearer fresh' ? json({ data: { me: 'Astrid' } }) : json(unauthenticated);
  });
  return { fetchMock, refreshCalls, jar };
};

const setup = (initial: { token: string }) => {
  const session = { ...initial };
  const onUnauthorized = vi.fn();
  const setToken = vi.fn((token: string) => Object.assign(session, { token }));
  const client = createGraphqlClient({
    getToken: () => session.token,
    onUnauthorized,
    currentPath: () => '/app',
    url: 'http://localhost/graphql',
    exchanges: [tokenRefreshExchange({ getToken: () => session.token, setToken })],
  });
  return { client, session, onUnauthorized, setToken };
};

describe('tokenRefreshExchange', () => {
  let server: ReturnType<typeof fakeServer>;
  const serve = (cookie: string) => {
    server = fakeServer(cookie);
    vi.stubGlobal('fetch', server.fetchMock);
  };
  beforeEach(() => serve('r1'));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renews an expired access token once through the cookie and answers the original query', async () => {
    const { client, session, onUnauthorized, setToken } = setup({ token: 'expired' });
    const result = await client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data?.me).toBe('Astrid');
    expect(setToken).toHaveBeenCalledWith('fresh');
    expect(session).toEqual({ token: 'fresh' });
    expect(server.refreshCalls).toEqual(['r1']);
    expect(server.jar.cookie).toBe('r2');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between operations that fail together', async () => {
    const { client } = setup({ token: 'expired' });
    const results = await Promise.all([1, 2, 3].map((n) => client.query(MeQuery, { n }, { requestPolicy: 'network-only' }).toPromise()));
    expect(results.map((r) => r.data?.me)).toEqual(['Astrid', 'Astrid', 'Astrid']);
    expect(server.refreshCalls).toEqual(['r1']);
  });

  it('lets the answer through to the unauthorised handler when the refresh is refused', async () => {
    serve('already-used');
    const { client, onUnauthorized, setToken } = setup({ token: 'expired' });
    const seen = vi.fn();
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(seen);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(server.refreshCalls).toEqual(['already-used']);
    expect(setToken).not.toHaveBeenCalled();
    expect(seen).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('does not renew an operation sent without an access token', async () => {
    const { client, onUnauthorized } = setup({ token: '' });
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(server.refreshCalls).toEqual([]);
    unsubscribe();
  });

  it('retries at most once when the renewed token is refused too', async () => {
    server.fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/session/refresh') return json({ token: 'also-bad', user: { id: 'u1' } });
      return json(unauthenticated);
    });
    const { client, onUnauthorized } = setup({ token: 'expired' });
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    const queries = server.fetchMock.mock.calls.filter(([url]) => String(url) !== '/session/refresh');
    expect(queries).toHaveLength(2);
    unsubscribe();
  });
});
