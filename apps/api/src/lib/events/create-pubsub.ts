import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Env } from '../../env.ts';
import { isUuid } from '../db.ts';
import type { JsonObject } from '../json.ts';
import type { Logger } from '../logger.ts';

/**
 * Live-event topics and their payloads. Every topic is scoped by organization: there is no way to
 * publish or subscribe without naming one. A module adds its topics by declaration merging, which is
 * why this one is an interface (lib/ never imports a module):
 *
 * ```ts
 * declare module '../../lib/events/create-pubsub.ts' {
 *   interface LiveEventRegistry { upload: { uploadId: string; status: string } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules that own the topics
export interface LiveEventRegistry {}

export type TopicMap<Topics> = { [Topic in keyof Topics]: JsonObject };
export type TopicName<Topics> = Extract<keyof Topics, string>;

export type AppPubSub<Topics extends TopicMap<Topics> = LiveEventRegistry> = {
  /** `memory`: this process only; `redis`: every instance connected to the same Redis. */
  transport: 'memory' | 'redis';
  /** Sends the payload to the topic's subscribers of this organization, on every instance. Fire and forget. */
  publish: <Topic extends TopicName<Topics>>(topic: Topic, organizationId: string, payload: Topics[Topic]) => void;
  /** The organization's events of the topic from now on; `return()` (a subscription ending) unsubscribes. */
  subscribe: <Topic extends TopicName<Topics>>(topic: Topic, organizationId: string) => AsyncIterableIterator<Topics[Topic]>;
  close: () => Promise<void>;
};

export type CreateAppPubSubOptions = {
  env: Pick<Env, 'REDIS_URL'>;
  logger: Logger;
};

/** Channel prefix: a Redis database number does not separate pub/sub, a prefix at least names whose events these are. */
const CHANNEL_PREFIX = 'tidewise';

/** The channel of a topic for one organization, as Redis sees it (`tidewise:<topic>:<organizationId>`). */
export const channelOf = (topic: string, organizationId: string) => `${CHANNEL_PREFIX}:${topic}:${organizationId}`;

/** Where Redis is, for messages: never the password of the URL. */
const describeRedis = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}`;
};

const assertOrganizationId = (organizationId: string) => {
  // The id becomes part of the channel name: anything but a UUID could name another channel.
  if (!isUuid(organizationId)) throw new Error('A live event needs the id of the organization it belongs to.');
};

/**
 * Opens the two Redis connections the event target needs (a connection that subscribes can do nothing
 * else). A failed first connection stops the boot with the address; later outages are logged and
 * ioredis reconnects and subscribes again on its own.
 */
const connectRedis = async (url: string, logger: Logger) => {
  const where = describeRedis(url);
  const open = async (role: 'publish' | 'subscribe') => {
    const client = new Redis(url, { lazyConnect: true, connectionName: `tidewise-${role}` });
    let lastError: unknown;
    client.on('error', (error: Error) => {
      lastError = error;
      logger.warn({ err: error, redis: where, role }, 'Redis connection error');
    });
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      // connect() only says "Connection is closed."; the error event said why.
      const cause = lastError ?? error;
      throw new Error(`REDIS_URL: Redis at ${where} does not answer (${cause instanceof Error ? cause.message : String(cause)})`);
    }
    return client;
  };
  const publishClient = await open('publish');
  let subscribeClient: Redis;
  try {
    subscribeClient = await open('subscribe');
  } catch (error) {
    publishClient.disconnect();
    throw error;
  }
  return { publishClient, subscribeClient, where };
};

/**
 * The application's live events: Yoga's pub/sub on an in-memory event target, or on Redis when
 * REDIS_URL is set so that an event published on one instance reaches subscriptions held on another.
 * Topics are keyed by organization id, so a subscriber can only ever listen to one organization's
 * events; which organization is the caller's business (the actor's, checked by the resolver).
 */
export const createAppPubSub = async <Topics extends TopicMap<Topics> = LiveEventRegistry>({
  env,
  logger: parentLogger,
}: CreateAppPubSubOptions): Promise<AppPubSub<Topics>> => {
  const logger = parentLogger.child({ component: 'events' });
  type Channels = Record<string, [organizationId: string, payload: JsonObject]>;
  let eventTarget: PubSubEventTarget<Channels> | undefined;
  let close = async () => {};
  if (env.REDIS_URL) {
    const { publishClient, subscribeClient, where } = await connectRedis(env.REDIS_URL, logger);
    // The event target ignores the promises of PUBLISH and SUBSCRIBE; a rejected one (Redis away for
    // longer than ioredis retries) must be logged, not crash the process as an unhandled rejection.
    const logFailure = (command: string) => (error: unknown) => logger.warn({ err: error, redis: where }, `Redis ${command} failed`);
    const publisher = {
      publish: (channel: string, message: string) => publishClient.publish(channel, message).catch(logFailure('PUBLISH')),
    } as unknown as Redis;
    const subscriber = {
      on: (event: 'message', listener: (channel: string, message: string) => void) => subscribeClient.on(event, listener),
      subscribe: (channel: string) => subscribeClient.subscribe(channel).catch(logFailure('SUBSCRIBE')),
      unsubscribe: (channel: string) => subscribeClient.unsubscribe(channel).catch(logFailure('UNSUBSCRIBE')),
    } as unknown as Redis;
    eventTarget = createRedisEventTarget({ publishClient: publisher, subscribeClient: subscriber });
    close = async () => {
      await Promise.all([publishClient, subscribeClient].map((client) => client.quit().catch(() => client.disconnect())));
    };
    logger.debug({ redis: where }, 'live events go through Redis');
  }
  const pubsub = createPubSub<Channels>(eventTarget ? { eventTarget } : {});
  return {
    transport: env.REDIS_URL ? 'redis' : 'memory',
    publish: (topic, organizationId, payload) => {
      assertOrganizationId(organizationId);
      pubsub.publish(`${CHANNEL_PREFIX}:${topic}`, organizationId, payload);
    },
    subscribe: <Topic extends TopicName<Topics>>(topic: Topic, organizationId: string) => {
      assertOrganizationId(organizationId);
      return pubsub.subscribe(`${CHANNEL_PREFIX}:${topic}`, organizationId) as unknown as AsyncIterableIterator<Topics[Topic]>;
    },
    close,
  };
};
