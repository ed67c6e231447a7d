import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a local upload URL allows: one PUT of at most `maxBytes` bytes to `key` until `expiresAt`. */
export type UploadClaims = { method: 'PUT'; key: string; maxBytes: number; expiresAt: number };

/** What a local download URL allows: one object, offered under `fileName`, until `expiresAt`. */
export type DownloadClaims = { method: 'GET'; key: string; fileName: string; expiresAt: number };

export type UrlClaims = UploadClaims | DownloadClaims;

/** `expired` only once the signature is known good: a forged URL learns nothing about its expiry. */
export type ClaimsCheck = 'valid' | 'invalid' | 'expired';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key for file URLs, derived from the token signing key (HKDF-SHA256 with its own label) so the two
 * uses never share a key, nothing new has to be generated or configured, and rotating TOKEN_SIGNING_KEY
 * also voids every outstanding file URL.
 */
export const deriveUrlSigningKey = (tokenSigningKey: Uint8Array): Buffer =>
  Buffer.from(hkdfSync('sha256', tokenSigningKey, 'tidewise', 'tidewise/file-urls/v1', 32));

/** One unambiguous string per claim set: JSON of a fixed-order array, so no field can bleed into another. */
const canonical = (claims: UrlClaims) =>
  JSON.stringify(
    claims.method === 'PUT'
      ? ['v1', claims.method, claims.key, claims.maxBytes, claims.expiresAt]
      : ['v1', claims.method, claims.key, claims.fileName, claims.expiresAt],
  );

/** HMAC-SHA256 of the claims, base64url: what goes in the URL's `sig`. */
export const signClaims = (secret: Buffer, claims: UrlClaims): string =>
  createHmac('sha256', secret).update(canonical(claims)).digest('base64url');

/**
 * Checks a URL's signature in constant time, then its expiry (`expiresAt` in seconds since the epoch,
 * `now` in milliseconds). Any change to method, key, size, name or expiry gives `invalid`.
 */
export const checkClaims = (secret: Buffer, claims: UrlClaims, signature: string, now: number): ClaimsCheck => {
  if (!SIGNATURE.test(signature)) return 'invalid';
  // Compared as text: base64url of 32 bytes has spare bits, so two spellings would decode to one MAC.
  const expected = Buffer.from(signClaims(secret, claims), 'ascii');
  const given = Buffer.from(signature, 'ascii');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now >= claims.expiresAt * 1000 ? 'expired' : 'valid';
};
