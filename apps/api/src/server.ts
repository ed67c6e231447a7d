import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '@tidewise/db/client';
import { GraphQLError } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { type AppServices, buildContext, type RequestMeta } from './context.ts';
import type { Env } from './env.ts';
import { PayloadTooLargeError, readBody, sendPayloadTooLarge } from './lib/body-limit.ts';
import { createDocumentCaches, useDocumentLimits } from './lib/document-limits.ts';
import { isExpectedError, MASKED_MESSAGE } from './lib/errors.ts';
import { listOutbox } from './lib/mail.ts';
import { renderOutboxPage } from './lib/outbox-page.ts';
import { requestStore } from './lib/request-store.ts';
import { useResponseCookies } from './lib/response-cookies.ts';
import { createStaticHandler } from './lib/static.ts';
import { handleStorageRoute, isStorageRoute } from './lib/storage/local-routes.ts';
import { useTextInputGuard } from './lib/text-input-guard.ts';
import { handleSessionRoute, isSessionRoute } from './modules/auth/sessions/session-routes.ts';
import { handleExportRoute, isExportRoute } from './modules/entries/exports/export-route.ts';
import { handleReportExportRoute, isReportExportRoute } from './modules/emissions-report/exports/report-export-route.ts';
import { handlePactRoute, isPactRoute } from './modules/pact/http/pact-routes.ts';
import { handleRequestTemplateRoute, isRequestTemplateRoute } from './modules/requests/template/template-route.ts';
import { handleTemplateRoute, isTemplateRoute } from './modules/mappings/templates/template-route.ts';
import { handleTestClockRoute, isTestClockRoute } from './modules/reminders/test-clock-route.ts';
import { buildSchema } from './schema/index.ts';

type StorageOriginEnv = Pick<Env, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'>;

/**
 * Where the browser sends file bytes besides our own origin: with S3 storage it PUTs straight to the
 * bucket (decision 0012). With S3_ENDPOINT, the endpoint's origin (path-style, the default there) or the
 * bucket's subdomain of it (S3_FORCE_PATH_STYLE=false); on AWS both the bucket's virtual-hosted origin and
 * the regional path-style one, which the SDK uses for bucket names that cannot be a host name.
 */
export const fileStorageOrigins = (env: StorageOriginEnv): string[] => {
  if (!env.S3_BUCKET) return [];
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    if (env.S3_FORCE_PATH_STYLE ?? true) return [endpoint.origin];
    return [`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`, endpoint.origin];
  }
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`, `https://s3.${env.S3_REGION}.amazonaws.com`];
};

/** Headers every response carries. The CSP lets scripts connect to our origin and, with S3, to the bucket. */
export const securityHeaders = (env: StorageOriginEnv): Record<string, string> => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    ["connect-src 'self'", ...fileStorageOrigins(env)].join(' '),
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
});

export type AppServer = {
  /** Starts listening; resolves with the base URL (port 0 picks a free port). */
  listen: (port: number, host: string) => Promise<string>;
  close: () => Promise<void>;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
};

type ServerContext = { requestMeta: RequestMeta };

/** Codes of a request refused before anything ran: the body or the document itself is unusable. */
const BAD_REQUEST_CODES = new Set(['BAD_REQUEST', 'GRAPHQL_PARSE_FAILED']);

/**
 * The same answer to a malformed request in every environment: Yoga echoes the JSON parser's message
 * (and with it part of the body) as `originalError`, and would answer 200 or 400 depending on that
 * echo and on the Accept header. Refused requests answer 400, always.
 */
const asRequestError = (error: GraphQLError) => {
  const extensions = error.extensions as Record<string, unknown> | undefined;
  if (!extensions) return error;
  delete extensions.originalError;
  if (typeof extensions.code === 'string' && BAD_REQUEST_CODES.has(extensions.code)) {
    extensions.http = { ...(extensions.http as Record<string, unknown> | undefined), status: 400, spec: false };
  }
  return error;
};

/**
 * The whole HTTP surface: POST /graphql (queries, mutations, SSE subscriptions), /healthz, the
 * development outbox, and the built web app with a fallback to index.html for client routes.
 */
export const createAppServer = (services: AppServices, database: Pick<DatabaseHandle, 'ping'>, webDist: string): AppServer => {
  const { env, logger } = services;
  const headers = Object.entries(securityHeaders(env));
  /** Errors maskError already logged with the request id; Yoga reports them again to `logging`. */
  const loggedErrors = new WeakSet<object>();
  /** Yoga's own log lines; errors go through the logger's error serializer, never through String(). */
  const yogaLog =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      if (error && loggedErrors.has(error)) return;
      const message = args
        .filter((arg) => !(arg instanceof Error))
        .map(String)
        .join(' ');
      const log = requestStore.getStore()?.logger ?? logger;
      if (error) log[level]({ err: error }, message || 'graphql');
      else log[level](message);
    };
  const yoga = createYoga<ServerContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: { debug: yogaLog('debug'), info: yogaLog('info'), warn: yogaLog('warn'), error: yogaLog('error') },
    context: ({ request, requestMeta }) => buildContext(services, request, requestMeta),
    plugins: [
      useResponseCookies(),
      useDocumentLimits({
        maxTokens: env.GRAPHQL_MAX_TOKENS,
        maxDepth: env.GRAPHQL_MAX_DEPTH,
        maxAliases: env.GRAPHQL_MAX_ALIASES,
        maxDirectives: env.GRAPHQL_MAX_DIRECTIVES,
        maxCost: env.GRAPHQL_MAX_COST,
      }),
      useTextInputGuard(),
    ],
    parserAndValidationCache: { ...createDocumentCaches(), validationCache: true },
    maskedErrors: {
      // Never Yoga's development mode: a client sees the same error whatever NODE_ENV says.
      isDev: false,
      maskError: (error) => {
        if (isExpectedError(error)) return asRequestError(error as GraphQLError);
        const store = requestStore.getStore();
        (store?.logger ?? logger).error({ err: error, requestId: store?.requestId }, 'unexpected error');
        if (error && typeof error === 'object') loggedErrors.add(error);
        return new GraphQLError(MASKED_MESSAGE, {
          extensions: { code: 'INTERNAL_SERVER_ERROR', field: null, details: { requestId: store?.requestId ?? null } },
        });
      },
    },
  });
  const serveStatic = createStaticHandler(webDist);

  const clientIp = (req: IncomingMessage) => {
    if (env.TRUST_PROXY) {
      const forwarded = req.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return req.socket.remoteAddress ?? null;
  };

  const route = async (req: IncomingMessage, res: ServerResponse, requestMeta: RequestMeta) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/graphql') {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Use POST for /graphql', extensions: { code: 'METHOD_NOT_ALLOWED' } }] }));
        return;
      }
      let body: Buffer;
      try {
        body = await readBody(req, env.MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof PayloadTooLargeError) {
          sendPayloadTooLarge(req, res, error.limit);
          return;
        }
        if (req.destroyed || !req.complete) return;
        throw error;
      }
      // Yoga takes an already read body from `req.body` (as behind Express) instead of the stream.
      (req as IncomingMessage & { body?: Buffer }).body = body;
      await yoga(req, res, { requestMeta });
      return;
    }
    if (isSessionRoute(url.pathname)) {
      await handleSessionRoute(services, req, res, requestMeta, url.pathname);
      return;
    }
    if (isStorageRoute(url.pathname)) {
      // Streams to disk against the URL's signed size (bounded by UPLOAD_MAX_FILE_BYTES), not MAX_BODY_BYTES.
      await handleStorageRoute(services, req, res, url);
      return;
    }
    if (isTemplateRoute(url.pathname)) {
      await handleTemplateRoute(req, res, url.pathname);
      return;
    }
    if (isRequestTemplateRoute(url.pathname)) {
      // A request's prefilled template, streamed as it is written.
      await handleRequestTemplateRoute(services, req, res, url);
      return;
    }
    if (isExportRoute(url.pathname)) {
      // Streams the signed export from the database a page at a time.
      await handleExportRoute(services, req, res, url);
      return;
    }
    if (isReportExportRoute(url.pathname)) {
      // Streams the emissions report of the signed period, its results a page at a time.
      await handleReportExportRoute(services, req, res, url);
      return;
    }
    if (isPactRoute(url.pathname)) {
      // The PACT v2 host API: its own bearer tokens, error responses and bounded bodies (docs/pact-exchange.md).
      await handlePactRoute(services, req, res, url, requestMeta);
      return;
    }
    if (isTestClockRoute(url.pathname)) {
      // 404 unless TEST_HOOKS=true (never in production): moves the clock and runs the reminder pass.
      await handleTestClockRoute(services, req, res);
      return;
    }
    if (url.pathname === '/healthz') {
      let healthy = true;
      try {
        await database.ping();
      } catch (error) {
        healthy = false;
        logger.warn({ err: error }, 'health check: database does not answer');
      }
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
      return;
    }
    if (env.NODE_ENV !== 'production' && (url.pathname === '/dev/outbox' || url.pathname === '/dev/outbox.json')) {
      const rows = await listOutbox(services.db, Number(url.searchParams.get('limit') ?? 50) || 50);
      if (url.pathname.endsWith('.json')) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(rows));
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(renderOutboxPage(rows));
      }
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    await serveStatic(req, res, url.pathname);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && /^[\w-]{8,64}$/.test(incomingId) ? incomingId : randomUUID();
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('x-request-id', requestId);
    const ua = req.headers['user-agent'];
    const requestMeta: RequestMeta = { requestId, ipAddress: clientIp(req), userAgent: typeof ua === 'string' ? ua : null };
    const requestLogger = logger.child({ requestId });
    requestStore.run({ requestId, logger: requestLogger }, () => {
      route(req, res, requestMeta).catch((error: unknown) => {
        requestLogger.error({ err: error }, 'request failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(MASKED_MESSAGE);
      });
    });
  };

  const server = createHttpServer(handle);
  return {
    handle,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
