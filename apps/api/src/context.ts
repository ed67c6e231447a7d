import type { Database, DatabaseHandle } from '@tidewise/db/client';
import type { Env } from './env.ts';
import { verifyAccessToken } from './lib/access-token.ts';
import type { AppPubSub } from './lib/events/create-pubsub.ts';
import type { JobQueue } from './lib/jobs/job-types.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail.ts';
import { queueResponseCookie } from './lib/response-cookies.ts';
import type { Secrets } from './lib/secrets.ts';
import type { FileStorage } from './lib/storage/storage.ts';

/** Who is asking. Present only for a valid, unexpired access token. */
export type Actor = {
  userId: string;
  organizationId: string;
  sessionId: string;
  /** Permission names (`resource:action`) granted through the actor's roles. */
  permissions: ReadonlySet<string>;
};

export type RequestMeta = {
  requestId: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** Long-lived services shared by every request. */
export type AppServices = {
  env: Env;
  db: Database;
  /** One transaction that can COPY rows in, for bulk writes (the data entries of a file). */
  bulkWrite: DatabaseHandle['bulkWrite'];
  logger: Logger;
  mailer: Mailer;
  secrets: Secrets;
  /** Background jobs: `send` from an operation, `work` registered at start-up (lib/jobs). */
  jobs: JobQueue;
  /** Uploaded files: the local disk under DATA_DIR or an S3-compatible bucket (lib/storage). */
  storage: FileStorage;
  /** Live events by organization, shared by every instance when REDIS_URL is set (lib/events). */
  pubsub: AppPubSub;
  /**
   * Turns verified token claims into an actor; returns null when the session behind the token is
   * gone (logged out, revoked, user locked). The identity module provides it.
   */
  resolveActor: (services: AppServices, claims: { userId: string; organizationId: string; sessionId: string }) => Promise<Actor | null>;
};

export type Context = AppServices & {
  actor: Actor | null;
  /** True when a bearer token was sent but is not valid: protected fields answer UNAUTHENTICATED. */
  hasInvalidToken: boolean;
  requestMeta: RequestMeta;
  logger: Logger;
  /** The HTTP request; its signal aborts when the client goes away (ends subscriptions). */
  request: Request;
  /** Adds a Set-Cookie header to this request's response (the refresh-token cookie). */
  setResponseCookie: (cookie: string) => void;
};

const bearer = (header: string | null) => {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
};

export const buildContext = async (services: AppServices, request: Request, meta: RequestMeta): Promise<Context> => {
  const token = bearer(request.headers.get('authorization'));
  let actor: Actor | null = null;
  if (token) {
    const claims = await verifyAccessToken(services.secrets.tokenSigningKey, token);
    if (claims) actor = await services.resolveActor(services, claims);
  }
  const logger = services.logger.child({
    requestId: meta.requestId,
    ...(actor ? { userId: actor.userId, organizationId: actor.organizationId } : {}),
  });
  return {
    ...services,
    actor,
    hasInvalidToken: Boolean(token) && !actor,
    requestMeta: meta,
    logger,
    request,
    setResponseCookie: (cookie) => queueResponseCookie(request, cookie),
  };
};
