import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type AppPubSub, channelOf, createAppPubSub } from './create-pubsub.ts';
import { testRedisUrl } from './test-redis.ts';

type Progress = { message: string };
type TestTopics = { progress: Progress };

const SUBSCRIBER = fileURLToPath(new URL('./test-subscriber.ts', import.meta.url));
const logger = createLogger('silent');
const redisUrl = testRedisUrl();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts reading a subscription (a Repeater attaches its listener on the first `next()`) and collects
 * what arrives; `stop` ends it as a client going away would.
 */
const listen = <T>(events: AsyncIterableIterator<T>) => {
  const received: T[] = [];
  const done = (async () => {
    for await (const event of { [Symbol.asyncIterator]: () => events }) received.push(event);
  })();
  return {
    received,
    stop: async () => {
      await events.return?.();
      await done;
    },
  };
};

const waitFor = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
};

describe('live events in one process', () => {
  let pubsub: AppPubSub<TestTopics>;

  beforeAll(async () => {
    pubsub = await createAppPubSub<TestTopics>({ env: {}, logger });
  });

  it('deliver an organization’s events to its own subscribers only', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const a = listen(pubsub.subscribe('progress', orgA));
    const b = listen(pubsub.subscribe('progress', orgB));
    await sleep(0);
    pubsub.publish('progress', orgB, { message: 'for B' });
    pubsub.publish('progress', orgA, { message: 'for A' });
    await waitFor(() => a.received.length === 1 && b.received.length === 1, 'both events');
    await a.stop();
    pubsub.publish('progress', orgA, { message: 'after A left' });
    await sleep(20);
    await b.stop();
    expect(pubsub.transport).toBe('memory');
    expect(a.received).toEqual([{ message: 'for A' }]);
    expect(b.received).toEqual([{ message: 'for B' }]);
  });

  it('refuse a topic without an organization id', () => {
    expect(() => pubsub.publish('progress', '', { message: 'x' })).toThrow('needs the id of the organization');
    expect(() => pubsub.subscribe('progress', `${randomUUID()}:other`)).toThrow('needs the id of the organization');
  });
});

describe.skipIf(!redisUrl)('live events through Redis (TEST_REDIS_URL, or the local Redis under npm run test:pg)', () => {
  const url = redisUrl as string;
  let redis: Redis;
  const opened: AppPubSub<TestTopics>[] = [];
  const children: ChildProcess[] = [];
  const servers: TestServer[] = [];

  /** Subscribers Redis counts on a channel: a subscription is live only once Redis has it. */
  const subscribers = async (channel: string) => {
    const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
    return Number(count);
  };
  const open = async () => {
    const pubsub = await createAppPubSub<TestTopics>({ env: { REDIS_URL: url }, logger });
    opened.push(pubsub);
    return pubsub;
  };

  beforeAll(async () => {
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // Loud on purpose: these tests run where Redis is meant to be (CI's services).
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis at ${url} does not answer; start it or unset TEST_REDIS_URL (${String(error)})`);
    });
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const server of servers) await server.close();
    for (const pubsub of opened) await pubsub.close();
    await redis?.quit();
  });

  it('carry an event published on one instance to a subscription held on another, and only its organization’s', async () => {
    const [publisher, holder] = [await open(), await open()];
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const a = listen(holder.subscribe('progress', orgA));
    await waitFor(async () => (await subscribers(channelOf('progress', orgA))) === 1, 'subscription in Redis');
    publisher.publish('progress', orgB, { message: 'for B' });
    publisher.publish('progress', orgA, { message: 'for A' });
    await waitFor(() => a.received.length > 0, 'event on the other instance');
    await a.stop();
    await waitFor(async () => (await subscribers(channelOf('progress', orgA))) === 0, 'unsubscribed in Redis');
    expect(holder.transport).toBe('redis');
    expect(a.received).toEqual([{ message: 'for A' }]);
  });

  it('reach a subscription held by another process', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SUBSCRIBER, JSON.stringify({ redisUrl: url, topic: 'progress', organizationId: orgA })],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await waitFor(
      async () => (await subscribers(channelOf('progress', orgA))) === 1 || child.exitCode !== null,
      'the other process subscribed',
      20_000,
    );
    expect(child.exitCode, stderr).toBeNull();
    const publisher = await open();
    publisher.publish('progress', orgB, { message: 'for B' });
    publisher.publish('progress', orgA, { message: 'file 1 completed' });
    await waitFor(() => stdout.includes('\n'), 'event printed by the other process');
    expect(stdout.trim().split('\n')).toEqual(['event {"message":"file 1 completed"}']);
  });

  it('are shared by two server instances started with REDIS_URL', async () => {
    const [a, b] = [await startTestServer({ REDIS_URL: url }), await startTestServer({ REDIS_URL: url })];
    servers.push(a, b);
    const organizationId = randomUUID();
    // The application's registry has no topics yet (the uploads module adds them): use the test's.
    const onA = a.app.services.pubsub as unknown as AppPubSub<TestTopics>;
    const onB = b.app.services.pubsub as unknown as AppPubSub<TestTopics>;
    const held = listen(onB.subscribe('progress', organizationId));
    await waitFor(async () => (await subscribers(channelOf('progress', organizationId))) === 1, 'subscription on B');
    onA.publish('progress', organizationId, { message: 'published on A' });
    await waitFor(() => held.received.length > 0, 'event on B');
    await held.stop();
    expect(held.received).toEqual([{ message: 'published on A' }]);
  });
});
