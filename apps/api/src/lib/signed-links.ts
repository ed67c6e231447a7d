import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Short-lived download links (exports, request templates): an HS256 token signed with a key derived from
 * TOKEN_SIGNING_KEY by HKDF under the link kind's own label, so no two kinds (and no access token) share a key and
 * rotating TOKEN_SIGNING_KEY voids every link. The token carries what to serve under one claim; the route that
 * serves it checks again that the organization it names may still read it.
 */
export type SignedLinkCheck<C> = { valid: true; claims: C } | { valid: false; reason: 'invalid' | 'expired' };

export type SignedLinkKind<C> = {
  /** HKDF info, e.g. `tidewise/exports/v1`. */
  label: string;
  audience: string;
  /** The payload property the claims travel under. */
  claim: string;
  ttlSeconds: number;
  /** Whether a verified payload's claims have the expected shape. */
  isClaims: (value: unknown) => value is C;
};

export const signedLinkKind = <C>(kind: SignedLinkKind<C>) => {
  const keys = new WeakMap<Uint8Array, Uint8Array>();
  const keyOf = (tokenSigningKey: Uint8Array) => {
    let key = keys.get(tokenSigningKey);
    if (!key) {
      key = new Uint8Array(hkdfSync('sha256', tokenSigningKey, 'tidewise', kind.label, 32));
      keys.set(tokenSigningKey, key);
    }
    return key;
  };

  const sign = async (tokenSigningKey: Uint8Array, claims: C, now = Date.now()) => {
    const expiresAt = new Date(Math.floor(now / 1000) * 1000 + kind.ttlSeconds * 1000);
    const token = await new SignJWT({ [kind.claim]: claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(kind.audience)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(keyOf(tokenSigningKey));
    return { token, expiresAt };
  };

  /** `expired` only once the signature is known good: a forged link learns nothing. */
  const verify = async (tokenSigningKey: Uint8Array, token: string): Promise<SignedLinkCheck<C>> => {
    try {
      const { payload } = await jwtVerify(token, keyOf(tokenSigningKey), { algorithms: ['HS256'], audience: kind.audience });
      const claims = (payload as Record<string, unknown>)[kind.claim];
      return kind.isClaims(claims) ? { valid: true, claims } : { valid: false, reason: 'invalid' };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
      return { valid: false, reason: 'invalid' };
    }
  };

  return { sign, verify };
};
