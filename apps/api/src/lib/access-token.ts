import { errors, jwtVerify, SignJWT } from 'jose';

/** Default lifetime; ACCESS_TOKEN_TTL_SECONDS overrides it. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'tidewise';
const AUDIENCE = 'tidewise-api';

export type AccessClaims = {
  userId: string;
  organizationId: string;
  sessionId: string;
};

/** Short-lived bearer token for the API; the session it names can be revoked server-side. */
export const signAccessToken = (key: Uint8Array, claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
  new SignJWT({ org: claims.organizationId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);

/** Returns the claims of a valid token, or null for a malformed, forged or expired one. */
export const verifyAccessToken = async (key: Uint8Array, token: string): Promise<AccessClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    return { userId: payload.sub, organizationId: payload.org, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
};
