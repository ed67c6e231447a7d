import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens of the PACT host API (POST /auth/token). Signed with the server's token key like session tokens,
 * but with their own audience, so a PACT token is never accepted by /graphql and a session token never here.
 */
const ISSUER = 'tidewise';
export const PACT_TOKEN_AUDIENCE = 'tidewise-pact';

export type PactTokenClaims = {
  /** pact_clients.id (the row, not the public client id). */
  clientRowId: string;
  organizationId: string;
};

/**
 * `malformed`: not a JWT at all (the spec's "malformed value of the header authorization"); `invalid`: a JWT this host
 * does not accept (another key, issuer or audience).
 */
export type PactTokenCheck = { kind: 'valid'; claims: PactTokenClaims } | { kind: 'expired' } | { kind: 'invalid' } | { kind: 'malformed' };

/** Signs a token for the client; `expiresAt` is seconds since the epoch (tests sign past ones). */
export const signPactToken = (key: Uint8Array, claims: PactTokenClaims, expiresAt: number) =>
  new SignJWT({ org: claims.organizationId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.clientRowId)
    .setIssuer(ISSUER)
    .setAudience(PACT_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);

/**
 * Expired only when the signature, issuer and audience are right and the expiry has passed (jose checks the
 * signature before the claims), so a forged token never answers TokenExpired.
 */
export const verifyPactToken = async (key: Uint8Array, token: string): Promise<PactTokenCheck> => {
  try {
    decodeProtectedHeader(token);
    decodeJwt(token);
  } catch {
    // jose throws a TypeError or a JWTInvalid for text that does not decode as a JWT: either way, not a token.
    return { kind: 'malformed' };
  }
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: PACT_TOKEN_AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') return { kind: 'invalid' };
    return { kind: 'valid', claims: { clientRowId: payload.sub, organizationId: payload.org } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { kind: 'expired' };
    if (error instanceof errors.JOSEError) return { kind: 'invalid' };
    throw error;
  }
};
