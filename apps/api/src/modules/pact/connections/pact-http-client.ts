import type { pactConnections } from '@tidewise/db/schema/pact';
import type { AppServices } from '../../../context.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import { joinUrl, partnerUrlProblem } from './partner-url.ts';

/**
 * Calls a partner's PACT host system (Technical Specifications v2): the OAuth 2 client-credentials token at the
 * token endpoint, `GET /2/footprints` page by page along the `Link: <...>; rel="next"` header, `GET
 * /2/footprints/{id}` and `POST /2/events`. Every failure becomes a PactPartnerError whose message a person can act
 * on and which never holds the secret or the token.
 */

export type PactConnectionRecord = typeof pactConnections.$inferSelect;

/** A call to the partner failed; the message says why in words for the people of the organisation. */
export class PactPartnerError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PactPartnerError';
  }
}

export const REQUEST_TIMEOUT_MS = 15_000;
/** The largest response body read (one page of footprints, a token, an error). */
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
/** Pages followed in one listing at most: a partner's `next` links that never end must not loop the job. */
const MAX_PAGES = 1000;
/** A token is renewed this long before the expiry the partner stated. */
const TOKEN_MARGIN_MS = 60_000;

export type PactHttpClient = {
  listFootprints(options?: { limit?: number; filter?: string }): AsyncIterable<unknown>;
  getFootprint(id: string): Promise<unknown>;
  postEvent(event: Record<string, unknown>): Promise<void>;
};

type CachedToken = { token: string; expiresAt: number };
/** Tokens by connection and the credentials they were issued for (a changed secret or URL asks again). */
const tokens = new Map<string, CachedToken>();
const MAX_CACHED_TOKENS = 1000;

const remember = (key: string, token: CachedToken) => {
  tokens.delete(key);
  tokens.set(key, token);
  if (tokens.size > MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value as string);
};

/** The token endpoint a connection uses: the one given, else `<baseUrl>/auth/token`. */
export const tokenUrlOf = (connection: Pick<PactConnectionRecord, 'baseUrl' | 'tokenUrl'>) =>
  connection.tokenUrl ?? joinUrl(connection.baseUrl, 'auth/token');

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** The body as text, at most MAX_RESPONSE_BYTES; a longer one is refused as it streams. */
const readBody = async (response: Response, what: string): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_RESPONSE_BYTES)
    throw new PactPartnerError(`The partner's ${what} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new PactPartnerError(`The partner's ${what} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const parseJson = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new PactPartnerError(`The partner's ${what} is not JSON.`);
  }
};

/** The spec's error response `{ code, message }`, when the body is one. */
const errorOf = (text: string): { code: string | null; message: string | null } => {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : null;
    const message =
      typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : null;
    return { code: code?.slice(0, 80) ?? null, message: message?.slice(0, 200) ?? null };
  } catch {
    return { code: null, message: null };
  }
};

/**
 * One HTTP call with the URL checked first (https, public address), no redirects, a 15 s limit and a bounded
 * body. Network failures become PactPartnerError naming what was called.
 */
const call = async (
  services: Pick<AppServices, 'env'>,
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ response: Response; text: string }> => {
  const problem = await partnerUrlProblem(url, { allowInsecure: services.env.PACT_ALLOW_INSECURE_URLS });
  if (problem) throw new PactPartnerError(`The partner's ${what} URL cannot be called: ${problem}`);
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PactPartnerError(`The partner's ${what} did not answer: timed out after ${seconds(REQUEST_TIMEOUT_MS)}.`);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause === undefined && String((error as Error).message).includes('redirect'))
      throw new PactPartnerError(`The partner's ${what} answered with a redirect, which is not followed.`);
    throw new PactPartnerError(`The partner's ${what} could not be reached${cause ? ` (${cause})` : ''}.`);
  }
  let text: string;
  try {
    text = await readBody(response, what);
  } catch (error) {
    if (error instanceof PactPartnerError) throw error;
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PactPartnerError(`The partner's ${what} did not answer: timed out after ${seconds(REQUEST_TIMEOUT_MS)}.`);
    throw new PactPartnerError(`The partner's ${what} broke off its answer.`);
  }
  return { response, text };
};

/** `<url>; rel="next"` of a Link header, or null. */
export const nextLinkOf = (header: string | null): string | null => {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = part.match(/^\s*<([^>]*)>\s*;(.*)$/);
    if (match && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
};

/**
 * The client of one connection. Its token is cached (per connection and credentials) until a minute before the
 * expiry the partner stated; a 401 fetches a new one once and repeats the call.
 */
export const connectPact = (services: AppServices, connection: PactConnectionRecord): PactHttpClient => {
  const tokenUrl = tokenUrlOf(connection);
  const cacheKey = `${connection.id}\u0000${connection.clientId}\u0000${tokenUrl}\u0000${connection.clientSecretEncrypted}`;
  const base = connection.baseUrl;

  const fetchToken = async (): Promise<string> => {
    let secret: string;
    try {
      secret = decryptSecret(services.secrets.encryptionKey, connection.clientSecretEncrypted);
    } catch {
      throw new PactPartnerError('The stored client secret cannot be read (the server key changed); enter the secret again.');
    }
    const basic = Buffer.from(`${encodeURIComponent(connection.clientId)}:${encodeURIComponent(secret)}`).toString('base64');
    const { response, text } = await call(
      services,
      tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      'token endpoint',
    );
    if (!response.ok) {
      const { code } = errorOf(text);
      throw new PactPartnerError(
        response.status === 400 || response.status === 401
          ? `The partner's token endpoint refused the credentials (${response.status}${code ? ` ${code}` : ''}). Check the client id and secret.`
          : `The partner's token endpoint answered ${response.status}${code ? ` ${code}` : ''}.`,
        response.status,
        code,
      );
    }
    const body = parseJson(text, 'token endpoint') as Record<string, unknown>;
    const token = body.access_token;
    if (typeof token !== 'string' || token.length === 0)
      throw new PactPartnerError("The partner's token endpoint answered without an access_token.");
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    remember(cacheKey, { token, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS });
    return token;
  };

  const tokenFor = async (fresh: boolean): Promise<string> => {
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    tokens.delete(cacheKey);
    return fetchToken();
  };

  /** An authorised call; on 401 one new token and one more try. Answers the response and its body. */
  const authorised = async (url: string, init: RequestInit, what: string) => {
    let attempt = await call(
      services,
      url,
      { ...init, headers: { ...init.headers, authorization: `Bearer ${await tokenFor(false)}` } },
      what,
    );
    if (attempt.response.status === 401) {
      attempt = await call(services, url, { ...init, headers: { ...init.headers, authorization: `Bearer ${await tokenFor(true)}` } }, what);
    }
    const { response, text } = attempt;
    if (!response.ok) {
      const { code, message } = errorOf(text);
      throw new PactPartnerError(
        `The partner's ${what} answered ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}.`,
        response.status,
        code,
      );
    }
    return attempt;
  };

  const footprintsUrl = joinUrl(base, '2/footprints');
  const sameHost = (link: string) => {
    try {
      return new URL(link, footprintsUrl).origin === new URL(footprintsUrl).origin;
    } catch {
      return false;
    }
  };

  return {
    async *listFootprints(options = {}) {
      const first = new URL(footprintsUrl);
      if (options.limit !== undefined) first.searchParams.set('limit', String(options.limit));
      if (options.filter) first.searchParams.set('$filter', options.filter);
      let url: string | null = first.toString();
      for (let page = 0; url; page += 1) {
        if (page >= MAX_PAGES) throw new PactPartnerError(`The partner's footprint list went on for more than ${MAX_PAGES} pages.`);
        const { response, text } = await authorised(url, { headers: { accept: 'application/json' } }, 'footprint list');
        const body = parseJson(text, 'footprint list') as { data?: unknown };
        if (!body || !Array.isArray(body.data)) throw new PactPartnerError("The partner's footprint list has no data array.");
        for (const footprint of body.data) yield footprint;
        const next = nextLinkOf(response.headers.get('link'));
        if (next && !sameHost(next))
          throw new PactPartnerError("The partner's footprint list links its next page to another host, which is not followed.");
        url = next ? new URL(next, url).toString() : null;
      }
    },

    async getFootprint(id) {
      const { text } = await authorised(
        `${footprintsUrl}/${encodeURIComponent(id)}`,
        { headers: { accept: 'application/json' } },
        `footprint ${id.slice(0, 64)}`,
      );
      const body = parseJson(text, 'footprint') as { data?: unknown };
      if (!body || typeof body.data !== 'object' || body.data === null)
        throw new PactPartnerError("The partner's footprint answer has no data.");
      return body.data;
    },

    async postEvent(event) {
      await authorised(
        joinUrl(base, '2/events'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/cloudevents+json; charset=UTF-8', accept: 'application/json' },
          body: JSON.stringify(event),
        },
        'event endpoint',
      );
    },
  };
};
