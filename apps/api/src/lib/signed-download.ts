import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignedLinkCheck } from './signed-links.ts';

/**
 * The HTTP side every signed download link shares (the data-entry and issue exports, the emissions report export):
 * the method and token checks with their refusals, the attachment headers, and back-pressure while streaming. What a
 * link exports, and the check that it still belongs to the organisation, stay with the route that serves it.
 */

export type DownloadFormat = 'csv' | 'xlsx';

const MIME: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A compact JWS: three base64url parts. Anything else is refused before the signature is checked. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A plain-text refusal that no cache keeps. */
export const refuseDownload = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
};

/** Waits while the client is slower than the database, so a download never piles up in memory. */
export const waitForDrain = async (res: ServerResponse) => {
  if (res.writableNeedDrain && !res.destroyed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
};

const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * The claims of a download link, or null once the response has been answered: 405 for a method other than GET or
 * HEAD, 403 "This link is not valid." for a forged, altered or malformed token, 403 "This link has expired." for a
 * good signature past its time.
 */
export const openSignedDownload = async <Claims>(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  verify: (token: string) => Promise<SignedLinkCheck<Claims>>,
): Promise<Claims | null> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return null;
  }
  const check = TOKEN.test(token) ? await verify(token) : ({ valid: false, reason: 'invalid' } as const);
  if (!check.valid) {
    refuseDownload(res, 403, check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.');
    return null;
  }
  return check.claims;
};

/**
 * Starts the attachment: private, never cached, never sniffed or run as a page. True when the body should follow;
 * false for HEAD, whose answer is then complete.
 */
export const startDownload = (req: IncomingMessage, res: ServerResponse, format: DownloadFormat, name: string): boolean => {
  res.writeHead(200, {
    'content-type': MIME[format],
    'content-disposition': attachment(name),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (req.method === 'HEAD') {
    res.end();
    return false;
  }
  return true;
};
