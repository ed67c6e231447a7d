import { GRAPHQL_URL } from './graphql-client.ts';
import type { SessionUser } from './session-user.ts';

/** The API's session routes; the refresh cookie (HttpOnly, Path=/session) is sent to these only. */
export const SESSION_REFRESH_URL = '/session/refresh';
export const SESSION_END_URL = '/session/end';

/** Serialises refreshes across this origin's tabs: they share one cookie, and a refresh token works once. */
const REFRESH_LOCK = 'tidewise-session-refresh';

const LOGOUT_DOCUMENT = 'mutation Logout { logout { success } }';

/** How long sign-out waits for the server before leaving anyway. */
const END_TIMEOUT_MS = 5_000;

export type RefreshOutcome =
  /** The cookie was good: a new access token, the user, and a rotated cookie. */
  | { status: 'restored'; session: { user: SessionUser; token: string } }
  /** No cookie, or one the server refused (expired, revoked, reused); the server has cleared it. */
  | { status: 'signed-out' }
  /** The server could not be reached or failed; the cookie may still be good, so try again later. */
  | { status: 'failed' };

const SIGNED_OUT: RefreshOutcome = { status: 'signed-out' };
const FAILED: RefreshOutcome = { status: 'failed' };

/** The session routes take JSON only (a cross-site form cannot send it); the cookie goes along. */
const postJson = (url: string, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
    ...init,
  });

/**
 * Runs `work` while no other tab of this origin refreshes. Two tabs presenting the same cookie at
 * once would look like a stolen refresh token to the server, which then revokes the session.
 * Without the Web Locks API (insecure origins, old browsers) each tab relies on its own de-duplication.
 */
const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  let result: { value: T } | undefined;
  await navigator.locks.request(REFRESH_LOCK, async () => {
    result = { value: await work() };
  });
  if (!result) throw new Error('the refresh lock was released without running');
  return result.value;
};

const isSessionBody = (body: unknown): body is { token: string; user: SessionUser } => {
  const candidate = body as { token?: unknown; user?: { id?: unknown; email?: unknown } | null } | null;
  return typeof candidate?.token === 'string' && candidate.token !== '' && typeof candidate.user?.id === 'string';
};

const requestRefresh = async (): Promise<RefreshOutcome> => {
  try {
    const response = await postJson(SESSION_REFRESH_URL);
    if (response.status === 401) return SIGNED_OUT;
    if (!response.ok) return FAILED;
    const body: unknown = await response.json();
    return isSessionBody(body) ? { status: 'restored', session: { user: body.user, token: body.token } } : FAILED;
  } catch {
    return FAILED;
  }
};

let inFlight: Promise<RefreshOutcome> | null = null;
let ended = false;

/**
 * One `POST /session/refresh`: rotates the refresh cookie and answers a new access token with the
 * user. Callers that ask while a refresh is on its way share it (a refresh token works once, and
 * React runs effects twice in development). After this page signed out it answers `signed-out`
 * without asking.
 */
export const refreshSession = (): Promise<RefreshOutcome> => {
  if (ended) return Promise.resolve(SIGNED_OUT);
  inFlight ??= exclusively(requestRefresh).finally(() => {
    inFlight = null;
  });
  return inFlight;
};

/**
 * Ends the session on the server: the logout mutation (for the access token's session) and
 * `POST /session/end` (for the cookie's session, which also clears the cookie). Never throws: a
 * failure here must not keep anyone signed in on this device, and the cookie is cleared either way
 * by whichever call arrives.
 */
export const endServerSession = async (token: string) => {
  ended = true;
  const signal = AbortSignal.timeout(END_TIMEOUT_MS);
  await Promise.allSettled([
    token
      ? fetch(GRAPHQL_URL, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: LOGOUT_DOCUMENT, operationName: 'Logout' }),
          signal,
        })
      : null,
    exclusively(() => postJson(SESSION_END_URL, { signal })),
  ]);
};
