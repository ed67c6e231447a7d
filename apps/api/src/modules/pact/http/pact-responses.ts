import type { ServerResponse } from 'node:http';
import { PACT_ERRORS, type PactErrorCode } from '@tidewise/shared/pact/product-footprint';

/** What the PACT host answers: JSON bodies, the spec's error responses and RFC 6749 token errors. */

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
};

/**
 * An error response of the spec: the code's HTTP status, content type application/json and `{ code, message }`.
 * The message says what is wrong in this request; without one, the spec's example message.
 */
export const sendPactError = (res: ServerResponse, code: PactErrorCode, message?: string, headers?: Record<string, string>) =>
  sendJson(res, PACT_ERRORS[code].status, { code, message: message ?? PACT_ERRORS[code].message }, headers);

/** RFC 6749 section 5.2 error codes the token endpoint uses. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_grant';

/** The token endpoint's error response (RFC 6749 section 5.2; status 400 as the spec's example writes it). */
export const sendOAuthError = (
  res: ServerResponse,
  error: OAuthErrorCode,
  description: string,
  status = 400,
  headers: Record<string, string> = {},
) => sendJson(res, status, { error, error_description: description }, { pragma: 'no-cache', ...headers });
