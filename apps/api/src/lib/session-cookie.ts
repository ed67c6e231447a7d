import type { Env } from '../env.ts';

/**
 * The refresh token travels in this cookie so a session survives a reload; the access token stays
 * in browser memory. HttpOnly keeps it from scripts, SameSite=Strict and the JSON-only routes keep
 * it from other sites, and Path=/session sends it to the two session routes and nowhere else.
 */
export const REFRESH_COOKIE_NAME = 'tidewise_refresh';
export const REFRESH_COOKIE_PATH = '/session';

type CookieEnv = Pick<Env, 'APP_URL'>;

const attributes = (env: CookieEnv, maxAgeSeconds: number) =>
  [
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(/^https:/i.test(env.APP_URL) ? ['Secure'] : []),
  ].join('; ');

/** The Set-Cookie value that keeps `token` until it expires (Max-Age is its remaining lifetime). */
export const refreshCookie = (env: CookieEnv, token: string, expiresAt: Date, now = Date.now()) =>
  `${REFRESH_COOKIE_NAME}=${token}; ${attributes(env, Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)))}`;

/** The Set-Cookie value that makes the browser forget the refresh token. */
export const clearedRefreshCookie = (env: CookieEnv) => `${REFRESH_COOKIE_NAME}=; ${attributes(env, 0)}`;

/** The refresh token in a Cookie header, or null. */
export const readRefreshCookie = (cookieHeader: string | null | undefined): string | null => {
  for (const part of cookieHeader?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== REFRESH_COOKIE_NAME) continue;
    const value = part.slice(separator + 1).trim();
    return value || null;
  }
  return null;
};
