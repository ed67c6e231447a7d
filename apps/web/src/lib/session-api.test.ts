import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type SessionApi = typeof import('./session-api.ts');

const user = { id: 'u1', role: 'organization_admin', language: 'en', email: 'astrid@example.test', organizationUser: null };
const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session routes client', () => {
  let api: SessionApi;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    // A fresh module per test: it remembers an in-flight refresh and a sign-out.
    vi.resetModules();
    api = await import('./session-api.ts');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('restores the session from the cookie with one JSON POST to /session/refresh', async () => {
    fetchMock.mockResolvedValue(answer(200, { token: 'access-1', refreshToken: null, user }));
    await expect(api.refreshSession()).resolves.toEqual({ status: 'restored', session: { token: 'access-1', user } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/session/refresh');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('answers signed-out on 401, and failed on other answers, bad bodies and network errors', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] }));
    await expect(api.refreshSession()).resolves.toEqual({ status: 'signed-out' });
    fetchMock.mockResolvedValueOnce(answer(503, {}));
    await expect(api.refreshSession()).resolves.toEqual({ status: 'failed' });
    fetchMock.mockResolvedValueOnce(answer(200, { token: '', user }));
    await expect(api.refreshSession()).resolves.toEqual({ status: 'failed' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(api.refreshSession()).resolves.toEqual({ status: 'failed' });
  });

  it('shares one request between callers that ask at the same time (a refresh token works once)', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    const first = api.refreshSession();
    const second = api.refreshSession();
    release(answer(200, { token: 'access-1', user }));
    expect(await first).toEqual(await second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once answered, the next caller asks again.
    fetchMock.mockResolvedValue(answer(200, { token: 'access-2', user }));
    await expect(api.refreshSession()).resolves.toMatchObject({ status: 'restored', session: { token: 'access-2' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('takes the cross-tab lock around a refresh when the browser has one', async () => {
    const request = vi.fn(async (_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { locks: { request } });
    fetchMock.mockResolvedValue(answer(200, { token: 'access-1', user }));
    await expect(api.refreshSession()).resolves.toMatchObject({ status: 'restored' });
    expect(request).toHaveBeenCalledWith('tidewise-session-refresh', expect.any(Function));
  });

  it('signing out ends both server sessions and never restores afterwards in this page', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await api.endServerSession('access-1');
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    const logout = calls.find(([url]) => url === '/graphql');
    expect(new Headers(logout?.[1].headers).get('authorization')).toBe('Bearer access-1');
    expect(String(logout?.[1].body)).toContain('logout');
    const end = calls.find(([url]) => url === '/session/end');
    expect(end?.[1].method).toBe('POST');
    expect(new Headers(end?.[1].headers).get('content-type')).toBe('application/json');
    fetchMock.mockClear();
    await expect(api.refreshSession()).resolves.toEqual({ status: 'signed-out' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signing out without an access token still clears the cookie', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await api.endServerSession('');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/session/end']);
  });
});
