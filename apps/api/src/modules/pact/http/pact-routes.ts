import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices, RequestMeta } from '../../../context.ts';
import { PayloadTooLargeError, readBody, sendPayloadTooLarge } from '../../../lib/body-limit.ts';
import { authenticateBearer, issuePactToken } from './pact-auth.ts';
import { getPactFootprint, listPactFootprints } from './pact-footprints.ts';
import { sendOAuthError, sendPactError } from './pact-responses.ts';
import { receivePactEvent } from './receive-pact-event.ts';

/**
 * The PACT v2 host API (docs/pact-exchange.md, decision 0020): POST /auth/token, GET /2/footprints,
 * GET /2/footprints/{id}, POST /2/events. Status codes, headers and bodies as the specification writes them.
 */

export const PACT_TOKEN_PATH = '/auth/token';
const FOOTPRINTS_PATH = '/2/footprints';
const EVENTS_PATH = '/2/events';

export const isPactRoute = (pathname: string) =>
  pathname === PACT_TOKEN_PATH || pathname === FOOTPRINTS_PATH || pathname.startsWith(`${FOOTPRINTS_PATH}/`) || pathname === EVENTS_PATH;

/** The body within MAX_BODY_BYTES, or null once the 413 (or nothing, for a client gone) was answered. */
const readBounded = async (services: AppServices, req: IncomingMessage, res: ServerResponse): Promise<Buffer | null> => {
  try {
    return await readBody(req, services.env.MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      sendPayloadTooLarge(req, res, error.limit);
      return null;
    }
    if (req.destroyed || !req.complete) return null;
    throw error;
  }
};

const notImplemented = (res: ServerResponse, req: IncomingMessage, allowed: string) => {
  res.setHeader('allow', allowed);
  sendPactError(res, 'NotImplemented', `${req.method} is not implemented here; use ${allowed}.`);
};

export const handlePactRoute = async (
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestMeta: RequestMeta,
) => {
  const { pathname } = url;
  if (pathname === PACT_TOKEN_PATH) {
    if (req.method !== 'POST') {
      req.resume();
      res.setHeader('allow', 'POST');
      sendOAuthError(res, 'invalid_request', 'Use POST for the token endpoint.', 405);
      return;
    }
    const body = await readBounded(services, req, res);
    if (body) await issuePactToken(services, req, res, requestMeta, body);
    return;
  }

  const isEvents = pathname === EVENTS_PATH;
  const allowed = isEvents ? 'POST' : 'GET';
  if (req.method !== allowed && !(allowed === 'GET' && req.method === 'HEAD')) {
    req.resume();
    notImplemented(res, req, allowed);
    return;
  }
  // Read the body before answering, so a refused request never leaves one unread on the connection.
  let body: Buffer | null = Buffer.alloc(0);
  if (isEvents) body = await readBounded(services, req, res);
  else req.resume();
  if (!body) return;
  const bearer = await authenticateBearer(services, req, requestMeta);
  if (!bearer.ok) {
    // RFC 6750 section 3, which the spec asks a TokenExpired answer to follow: the challenge says why.
    const challenge =
      bearer.code === 'TokenExpired'
        ? { 'www-authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' }
        : undefined;
    sendPactError(res, bearer.code, bearer.message, challenge);
    return;
  }
  if (isEvents) {
    await receivePactEvent(services, req, res, requestMeta, bearer.client, body);
    return;
  }
  if (pathname === FOOTPRINTS_PATH) {
    await listPactFootprints(services, req, res, url, requestMeta, bearer.client);
    return;
  }
  const id = decodeURIComponent(pathname.slice(FOOTPRINTS_PATH.length + 1));
  if (!id || id.includes('/')) {
    sendPactError(res, 'BadRequest', 'Use GET /2/footprints/{id} with one footprint id.');
    return;
  }
  await getPactFootprint(services, res, id, requestMeta, bearer.client);
};
