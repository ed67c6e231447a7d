import type { IncomingMessage, ServerResponse } from 'node:http';
import { pactClients } from '@tidewise/db/schema/pact';
import type { PactErrorCode } from '@tidewise/shared/pact/product-footprint';
import { eq } from 'drizzle-orm';
import type { AppServices, RequestMeta } from '../../../context.ts';
import { type AuditStatus, recordAudit } from '../../../lib/audit.ts';
import { isUuid } from '../../../lib/db.ts';
import { AppError } from '../../../lib/errors.ts';
import { verifyAgainstNoAccount, verifyPassword } from '../../../lib/identity/passwords.ts';
import { createRateLimiter } from '../../../lib/rate-limit.ts';
import { sendJson, sendOAuthError } from './pact-responses.ts';
import { signPactToken, verifyPactToken } from './pact-token.ts';

/**
 * Action Authenticate (POST /auth/token: OAuth 2 client credentials, RFC 6749 section 4.4, errors as section 5.2)
 * and the bearer check every other PACT action starts with. Every use is audited in the client's organisation.
 */

export type PactClientRow = typeof pactClients.$inferSelect;

/** Token requests per client id and address per minute: slows guessing a secret; a partner needs one an hour. */
const tokenLimiter = createRateLimiter({ limit: 30, windowMs: 60_000 });
export const resetPactTokenRateLimit = () => tokenLimiter.reset();

/** One audit row of a PACT action: the client is the actor (no user), named in the description and metadata. */
export const auditPact = async (
  services: AppServices,
  requestMeta: RequestMeta,
  client: PactClientRow | null,
  entry: {
    action: string;
    resource: string;
    resourceId?: string | null;
    description: string;
    status?: AuditStatus;
    metadata?: Record<string, unknown>;
  },
) => {
  try {
    await recordAudit(
      services.db,
      { actor: null, requestMeta },
      {
        ...entry,
        organizationId: client?.organizationId ?? null,
        userId: null,
        metadata: {
          actorType: 'pactClient',
          ...(client ? { pactClientId: client.clientId, pactClientName: client.name } : {}),
          ...entry.metadata,
        },
      },
    );
  } catch (error) {
    services.logger.error({ err: error }, `could not record ${entry.action} in the audit trail`);
  }
};

const clientLabel = (client: PactClientRow) => `PACT client "${client.name}" (client id ${client.clientId})`;

/** RFC 6749 section 2.3.1: client id and secret are form-urlencoded before Basic encoding. */
const formDecode = (value: string) => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
};

const basicCredentials = (header: string | undefined): { clientId: string; secret: string } | null => {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
};

const isForm = (req: IncomingMessage) =>
  req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** The part of the token request after its body was read. */
export const issuePactToken = async (
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  requestMeta: RequestMeta,
  body: Buffer,
) => {
  const credentials = basicCredentials(req.headers.authorization);
  if (!credentials) {
    sendOAuthError(res, 'invalid_client', 'Authentication failed: send the client id and secret as HTTP Basic authentication.');
    return;
  }
  try {
    tokenLimiter.hit(`${credentials.clientId}\u0000${requestMeta.ipAddress ?? 'unknown'}`, 'token requests');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfter = String((error.extensions.details as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 60);
    sendOAuthError(res, 'invalid_request', error.message, 429, { 'retry-after': retryAfter });
    return;
  }
  const [client] = await services.db.select().from(pactClients).where(eq(pactClients.clientId, credentials.clientId)).limit(1);
  let secretMatches = false;
  // An unknown client id takes the time of one hash check too, so timing does not tell which ids exist.
  if (client) secretMatches = await verifyPassword(client.secretHash, credentials.secret);
  else await verifyAgainstNoAccount(credentials.secret);
  const refuse = async (reason: string) => {
    await auditPact(services, requestMeta, client ?? null, {
      action: 'pact.authenticate',
      resource: 'pactClient',
      resourceId: client?.id ?? null,
      status: 'denied',
      description: `PACT token refused for client id "${credentials.clientId.slice(0, 100)}": ${reason}`,
    });
    sendOAuthError(res, 'invalid_client', 'Authentication failed');
  };
  if (!client) return refuse('unknown client id');
  if (!secretMatches) return refuse('wrong secret');
  if (client.revokedAt) return refuse('the credentials are revoked');

  if (!isForm(req)) {
    sendOAuthError(res, 'invalid_request', 'Send the body as application/x-www-form-urlencoded with grant_type=client_credentials.');
    return;
  }
  const grantType = new URLSearchParams(body.toString('utf8')).get('grant_type');
  if (!grantType) {
    sendOAuthError(res, 'invalid_request', 'The body has no grant_type; send grant_type=client_credentials.');
    return;
  }
  if (grantType !== 'client_credentials') {
    sendOAuthError(res, 'unsupported_grant_type', `The grant type "${grantType.slice(0, 50)}" is not supported; use client_credentials.`);
    return;
  }

  const ttl = services.env.PACT_TOKEN_TTL_SECONDS;
  const accessToken = await signPactToken(
    services.secrets.tokenSigningKey,
    { clientRowId: client.id, organizationId: client.organizationId },
    Math.floor(Date.now() / 1000) + ttl,
  );
  await services.db.update(pactClients).set({ lastUsedAt: new Date() }).where(eq(pactClients.id, client.id));
  await auditPact(services, requestMeta, client, {
    action: 'pact.authenticate',
    resource: 'pactClient',
    resourceId: client.id,
    description: `Issued a PACT access token to ${clientLabel(client)}, valid ${ttl} s`,
  });
  sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: ttl }, { pragma: 'no-cache' });
};

export type BearerCheck = { ok: true; client: PactClientRow } | { ok: false; code: PactErrorCode; message: string };

/**
 * The client behind `authorization: Bearer <token>`, re-read on every request so revoked credentials stop at once.
 * As the spec's ListFootprints and GetFootprint responses write it: a token the host does not accept (none, forged, a
 * session token, credentials revoked or deleted since) answers AccessDenied; an expired one TokenExpired; anything
 * else, such as an authorization header that is not a Bearer JWT, BadRequest.
 */
export const authenticateBearer = async (services: AppServices, req: IncomingMessage, requestMeta: RequestMeta): Promise<BearerCheck> => {
  const header = req.headers.authorization;
  if (!header)
    return { ok: false, code: 'AccessDenied', message: 'Send an access token from POST /auth/token as authorization: Bearer <token>.' };
  const token = header.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) return { ok: false, code: 'BadRequest', message: 'The authorization header is not a Bearer token.' };
  const check = await verifyPactToken(services.secrets.tokenSigningKey, token);
  if (check.kind === 'expired')
    return { ok: false, code: 'TokenExpired', message: 'The specified access token has expired; get a new one from POST /auth/token.' };
  if (check.kind === 'malformed') return { ok: false, code: 'BadRequest', message: 'The bearer token is not a JWT.' };
  if (check.kind === 'invalid' || !isUuid(check.claims.clientRowId)) {
    return { ok: false, code: 'AccessDenied', message: 'The access token is not one this host issued.' };
  }
  const [client] = await services.db.select().from(pactClients).where(eq(pactClients.id, check.claims.clientRowId)).limit(1);
  if (!client || client.organizationId !== check.claims.organizationId) {
    return { ok: false, code: 'AccessDenied', message: 'The access token is not one this host issued.' };
  }
  if (client.revokedAt) {
    await auditPact(services, requestMeta, client, {
      action: 'pact.access',
      resource: 'pactClient',
      resourceId: client.id,
      status: 'denied',
      description: `Refused a request of ${clientLabel(client)}: the credentials are revoked`,
    });
    return { ok: false, code: 'AccessDenied', message: 'Access denied: the credentials of this access token were revoked.' };
  }
  await services.db.update(pactClients).set({ lastUsedAt: new Date() }).where(eq(pactClients.id, client.id));
  return { ok: true, client };
};

export const describeClient = clientLabel;
