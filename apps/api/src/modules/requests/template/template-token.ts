import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Links to a request's prefilled template: a 5-minute token signed with a key derived from TOKEN_SIGNING_KEY under
 * its own label (never an access token's or an export's key). It names the organization that asked for it and the
 * request; the route checks again that the request is still that organization's (customer or supplier).
 */

export const TEMPLATE_LINK_TTL_SECONDS = 5 * 60;
export const TEMPLATE_PATH_PREFIX = '/request-templates/';

export type TemplateClaims = { organizationId: string; calendarTaskId: string };

const keys = new WeakMap<Uint8Array, Uint8Array>();
const keyOf = (tokenSigningKey: Uint8Array) => {
  let key = keys.get(tokenSigningKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', tokenSigningKey, 'tidewise', 'tidewise/request-templates/v1', 32));
    keys.set(tokenSigningKey, key);
  }
  return key;
};

const AUDIENCE = 'tidewise-request-template';

export const signTemplateToken = async (tokenSigningKey: Uint8Array, claims: TemplateClaims, now = Date.now()) => {
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + TEMPLATE_LINK_TTL_SECONDS * 1000);
  const token = await new SignJWT({ template: claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(tokenSigningKey));
  return { token, expiresAt };
};

export type TemplateTokenCheck = { valid: true; claims: TemplateClaims } | { valid: false; reason: 'invalid' | 'expired' };

/** `expired` only once the signature is known good: a forged link learns nothing. */
export const verifyTemplateToken = async (tokenSigningKey: Uint8Array, token: string): Promise<TemplateTokenCheck> => {
  try {
    const { payload } = await jwtVerify(token, keyOf(tokenSigningKey), { algorithms: ['HS256'], audience: AUDIENCE });
    const claims = (payload as { template?: TemplateClaims }).template;
    if (typeof claims?.organizationId !== 'string' || typeof claims.calendarTaskId !== 'string') return { valid: false, reason: 'invalid' };
    return { valid: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
    return { valid: false, reason: 'invalid' };
  }
};

/** The name the template downloads under: the request's title, then "-template.xlsx". */
export const templateFileName = (title: string, category: string): string => {
  const base =
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || category;
  return `${base}-template.xlsx`;
};
