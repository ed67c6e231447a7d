import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices, Context, RequestMeta } from '../../../context.ts';
import { runAudited } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { clearedRefreshCookie, readRefreshCookie, refreshCookie } from '../../../lib/session-cookie.ts';
import { logout } from './operations/logout.ts';
import { refreshToken } from './operations/refresh-token.ts';
import { loadSessionUser } from './session-user.ts';

export const SESSION_REFRESH_PATH = '/session/refresh';
export const SESSION_END_PATH = '/session/end';

/** True for the two routes that read the refresh cookie (its Path is `/session`). */
export const isSessionRoute = (pathname: string) => pathname === SESSION_REFRESH_PATH || pathname === SESSION_END_PATH;

const UNAUTHENTICATED = { errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] };

const send = (res: ServerResponse, status: number, cookies: readonly string[], body?: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'cache-control': 'no-store',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(cookies.length ? { 'set-cookie': [...cookies] } : {}),
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

/** JSON only: a cross-site form cannot send it, which guards the cookie beyond SameSite=Strict. */
const isJson = (req: IncomingMessage) => req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/** The context an operation expects, for a request that carries no access token. */
const contextFor = (services: AppServices, requestMeta: RequestMeta, pathname: string, cookies: string[]): Context => ({
  ...services,
  actor: null,
  hasInvalidToken: false,
  requestMeta,
  logger: services.logger.child({ requestId: requestMeta.requestId }),
  request: new Request(`${services.env.APP_URL}${pathname}`, { method: 'POST' }),
  setResponseCookie: (cookie) => cookies.push(cookie),
});

/**
 * `POST /session/refresh` and `POST /session/end`: the refresh token in the HttpOnly cookie lets a
 * reloaded page get a new access token without the refresh token ever reaching JavaScript.
 * Refresh rotates exactly as the `refreshToken` mutation does (a reused token revokes the session);
 * end revokes the cookie's session. Both clear the cookie when they end or refuse a session.
 */
export const handleSessionRoute = async (
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  requestMeta: RequestMeta,
  pathname: string,
) => {
  req.resume();
  if (req.method !== 'POST') {
    send(
      res,
      405,
      [],
      { errors: [{ message: `Use POST for ${pathname}`, extensions: { code: 'METHOD_NOT_ALLOWED' } }] },
      { allow: 'POST' },
    );
    return;
  }
  if (!isJson(req)) {
    send(res, 415, [], { errors: [{ message: 'Send content-type: application/json', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
    return;
  }
  const cookies: string[] = [];
  const ctx = contextFor(services, requestMeta, pathname, cookies);
  const presented = readRefreshCookie(req.headers.cookie);
  const cleared = clearedRefreshCookie(services.env);

  if (pathname === SESSION_END_PATH) {
    if (presented) await runAudited(ctx, 'logout', () => logout(ctx, { refreshToken: presented }));
    send(res, 204, [cleared]);
    return;
  }

  if (!presented) {
    send(res, 401, [cleared], UNAUTHENTICATED);
    return;
  }
  try {
    const session = await runAudited(ctx, 'refreshToken', () => refreshToken(ctx, presented));
    const user = await loadSessionUser(ctx.db, session.user);
    send(res, 200, [...cookies, refreshCookie(services.env, session.refreshToken, session.refreshTokenExpiresAt)], {
      token: session.token,
      refreshToken: null,
      user,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNAUTHENTICATED') throw error;
    send(res, 401, [cleared], UNAUTHENTICATED);
  }
};
