import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { EntryFilter, EntryOrder } from '../entry-query.ts';

/**
 * Export links: a short-lived token signed with a key derived from TOKEN_SIGNING_KEY (HKDF with its own label, so
 * it never shares a key with access tokens, and rotating that key voids the links). The token names the
 * organization and exactly what to export; the link is the authorization, like a file download URL, and is
 * checked again for the organization when used.
 */

export const EXPORT_LINK_TTL_SECONDS = 5 * 60;
export const EXPORT_PATH_PREFIX = '/exports/';

export type ExportFormat = 'csv' | 'xlsx';

export type ExportClaims =
  | { kind: 'entries'; organizationId: string; filter: EntryFilter; order: EntryOrder; format: ExportFormat }
  | { kind: 'issues'; organizationId: string; fileId: string; format: 'csv' };

const keys = new WeakMap<Uint8Array, Uint8Array>();
const keyOf = (tokenSigningKey: Uint8Array) => {
  let key = keys.get(tokenSigningKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', tokenSigningKey, 'tidewise', 'tidewise/exports/v1', 32));
    keys.set(tokenSigningKey, key);
  }
  return key;
};

const AUDIENCE = 'tidewise-export';

export const signExportToken = async (tokenSigningKey: Uint8Array, claims: ExportClaims, now = Date.now()) => {
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + EXPORT_LINK_TTL_SECONDS * 1000);
  const token = await new SignJWT({ export: claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(tokenSigningKey));
  return { token, expiresAt };
};

export type ExportTokenCheck = { valid: true; claims: ExportClaims } | { valid: false; reason: 'invalid' | 'expired' };

/** `expired` only once the signature is known good: a forged link learns nothing. */
export const verifyExportToken = async (tokenSigningKey: Uint8Array, token: string): Promise<ExportTokenCheck> => {
  try {
    const { payload } = await jwtVerify(token, keyOf(tokenSigningKey), { algorithms: ['HS256'], audience: AUDIENCE });
    const claims = (payload as { export?: ExportClaims }).export;
    if (!claims || (claims.kind !== 'entries' && claims.kind !== 'issues')) return { valid: false, reason: 'invalid' };
    return { valid: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
    return { valid: false, reason: 'invalid' };
  }
};
