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

/** A fake API: only `Bearer fresh` is accepted; refresh token `r1` works once and yields `fresh` + `r2`. */
const fakeServer = () => {
  const usedRefreshTokens = new Set<string>();
  const refreshCalls: string[] = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { operationName?: string; variables?: { token?: string } };
    if (body.operationName === 'RefreshSession') {
      const token = body.variables?.token ?? '';
      refreshCalls.push(token);
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (token !== 'r1' || usedRefreshTokens.has(token)) return json(unauthenticated);
      usedRefreshTokens.add(token);
      return json({ data: { refreshToken: { token: 'fresh', refreshToken: 'r2' } } });
    }
    const headers = new Headers(init?.headers);
    return headers.get('authorization') === 'Bearer fresh' ? json({ data: { me: 'Astrid' } }) : json(unauthenticated);
  });
  return { fetchMock, refreshCalls };
};

const setup = (initial: { token: string; refreshToken: string }) => {
  const session = { ...initial };
  const onUnauthorized = vi.fn();
  const setTokens = vi.fn((tokens: { token: string; refreshToken: string }) => Object.assign(session, tokens));
  const client = createGraphqlClient({
    getToken: () => session.token,
    onUnauthorized,
    currentPath: () => '/app',
    url: 'http://localhost/graphql',
    exchanges: [tokenRefreshExchange({ getToken: () => session.token, getRefreshToken: () => session.refreshToken, setTokens })],
  });
  return { client, session, onUnauthorized, setTokens };
};

describe('tokenRefreshExchange', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renews an expired access token once and answers the original query', async () => {
    const { client, session, onUnauthorized, setTokens } = setup({ token: 'expired', refreshToken: 'r1' });
    const result = await client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data?.me).toBe('Astrid');
    expect(setTokens).toHaveBeenCalledWith({ token: 'fresh', refreshToken: 'r2' });
    expect(session).toEqual({ token: 'fresh', refreshToken: 'r2' });
    expect(server.refreshCalls).toEqual(['r1']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between operations that fail together', async () => {
    const { client } = setup({ token: 'expired', refreshToken: 'r1' });
    const results = await Promise.all([1, 2, 3].map((n) => client.query(MeQuery, { n }, { requestPolicy: 'network-only' }).toPromise()));
    expect(results.map((r) => r.data?.me)).toEqual(['Astrid', 'Astrid', 'Astrid']);
    expect(server.refreshCalls).toEqual(['r1']);
  });

  it('lets the answer through to the unauthorised handler when the refresh is refused', async () => {
    const { client, onUnauthorized, setTokens } = setup({ token: 'expired', refreshToken: 'already-used' });
    const seen = vi.fn();
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(seen);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(server.refreshCalls).toEqual(['already-used']);
    expect(setTokens).not.toHaveBeenCalled();
    expect(seen).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('does not try to refresh without a refresh token', async () => {
    const { client, onUnauthorized } = setup({ token: 'expired', refreshToken: '' });
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(server.refreshCalls).toEqual([]);
    unsubscribe();
  });

  it('retries at most once when the renewed token is refused too', async () => {
    server.fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { operationName?: string };
      if (body.operationName === 'RefreshSession') return json({ data: { refreshToken: { token: 'also-bad', refreshToken: 'r9' } } });
      return json(unauthenticated);
    });
    const { client, onUnauthorized } = setup({ token: 'expired', refreshToken: 'r1' });
    const { unsubscribe } = client.query(MeQuery, { n: 1 }, { requestPolicy: 'network-only' }).subscribe(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    const queries = server.fetchMock.mock.calls.filter(([, init]) => !String(init?.body).includes('RefreshSession'));
    expect(queries).toHaveLength(2);
    unsubscribe();
  });
});
