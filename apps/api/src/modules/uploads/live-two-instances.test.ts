import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_STATUSES } from '@tidewise/shared/uploads';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channelOf } from '../../lib/events/create-pubsub.ts';
import { testRedisUrl } from '../../lib/events/test-redis.ts';
import { holdSubscription, waitUntil } from './live-test-kit.ts';

/**
 * Two API instances behind one database and one Redis, as in production: a subscription held on instance B
 * hears a file uploaded and read entirely through instance A (B works no jobs, so every event it passes on
 * was published by A and crossed Redis). Runs only where PostgreSQL and Redis are (TEST_DATABASE_URL; Redis
 * from TEST_REDIS_URL or the local one, as the other Redis tests).
 */

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DEMO_SUPPLIER = { email: 'supplier@baltic-marine.example', password: 'Anchor-Demo-2025!' };

const databaseUrl = inject('testDatabaseUrl');
const redisUrl = testRedisUrl();

const CSV = Buffer.from(
  ['vessel,imo,port,fuel,tonnes', 'Aurora Borealis,9321483,Gdansk,VLSFO,412.5', 'Baltic Star,9412876,Tallinn,MGO,88.25'].join('\n'),
);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });

type Instance = { url: string; child: ChildProcess; output: () => string };

type GraphQLAnswer<T> = { data?: T | null; errors?: { message: string }[] };

const gql = async <T>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> => {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphQLAnswer<T>;
  if (!answer.data || answer.errors) throw new Error(`${url}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
};

describe.skipIf(!databaseUrl || !redisUrl)('live updates across two API instances (PostgreSQL and Redis)', () => {
  const instances: Instance[] = [];
  let dataDir: string;
  let database: { url: string; name: string };
  let redis: Redis;

  /** `node --import tsx apps/api/src/main.ts` on a free port, answering /healthz. */
  const startInstance = async (env: Record<string, string>): Promise<Instance> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const instance = { url, child, output: () => output };
    instances.push(instance);
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        return fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
      },
      'the server answering /healthz',
      120_000,
    );
    return instance;
  };

  /** The demo supplier signed in on `instance` with the code from that instance's outbox. */
  const signIn = async (instance: Instance) => {
    const since = new Date(Date.now() - 1000).toISOString();
    const { login } = await gql<{ login: { token: string } }>(
      instance.url,
      'mutation($input: LoginInput!) { login(input: $input) { token } }',
      {
        input: { authKey: DEMO_SUPPLIER.email, authSecret: DEMO_SUPPLIER.password },
      },
    );
    let code: string | undefined;
    await waitUntil(async () => {
      const rows = (await (await fetch(`${instance.url}/dev/outbox.json?limit=20`)).json()) as {
        to: string;
        text: string;
        createdAt: string;
      }[];
      code = rows.find((row) => row.to === DEMO_SUPPLIER.email && row.createdAt > since)?.text.match(/code is: (\d{6})/)?.[1];
      return code !== undefined;
    }, 'the sign-in code in the outbox');
    const { loginValidate } = await gql<{ loginValidate: { token: string } }>(
      instance.url,
      'mutation($input: LoginValidateInput!) { loginValidate(input: $input) { token } }',
      { input: { token: `${login.token}:${code}` } },
    );
    const { refreshToken } = await gql<{ refreshToken: { token: string } }>(
      instance.url,
      'mutation($token: String!) { refreshToken(token: $token) { token } }',
      { token: loginValidate.token },
    );
    return refreshToken.token;
  };

  const subscribersOf = async (channel: string) => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);

  beforeAll(async () => {
    // A database of their own: the demo seed only runs on an empty one, and both instances must share it.
    const admin = new pg.Client({ connectionString: databaseUrl as string });
    await admin.connect();
    const name = `tidewise_live_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(databaseUrl as string);
    url.pathname = `/${name}`;
    database = { url: url.toString(), name };
    dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-two-instances-'));
    redis = new Redis(redisUrl as string, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  }, 60_000);

  afterAll(async () => {
    for (const { child } of instances) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
    await redis?.quit();
    if (database) {
      const admin = new pg.Client({ connectionString: databaseUrl as string });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('streams on instance B the file uploaded and read through instance A, up to processed', async () => {
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
    };
    const a = await startInstance({ ...shared, DEMO_SEED: 'true', JOBS_ENABLED: 'true' });
    const b = await startInstance({ ...shared, DEMO_SEED: 'false', JOBS_ENABLED: 'false' });

    const token = await signIn(a);
    const { viewer } = await gql<{ viewer: { organizationId: string } }>(b.url, 'query { viewer { organizationId } }', {}, token);
    const { createFileUpload: batch } = await gql<{ createFileUpload: { id: string } }>(
      a.url,
      'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }',
      { input: { name: 'Bunker notes, two instances' } },
      token,
    );

    const held = await holdSubscription<{
      filesUpdated: { id: string; status: string; progress: { bytesReceived: number; rowsRead: number } };
    }>(
      b.url,
      'subscription($id: ID!) { filesUpdated(fileUploadId: $id) { id status progress { bytesReceived rowsRead } } }',
      { id: batch.id },
      token,
    );
    expect(held.status).toBe(200);
    const channel = channelOf('uploads.file', viewer.organizationId);
    // Live once Redis has B's subscription to the organization's file channel.
    await waitUntil(async () => (await subscribersOf(channel)) === 1, 'B subscribed in Redis');

    const { generateUploadUrl: answer } = await gql<{
      generateUploadUrl: { fileId: string; uploadUrl: string; method: string; headers: { name: string; value: string }[] };
    }>(
      a.url,
      'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl method headers { name value } } }',
      { input: { fileUploadId: batch.id, fileName: 'bunker-notes.csv', mimeType: 'text/csv', size: CSV.length } },
      token,
    );
    expect(new URL(answer.uploadUrl).origin).toBe(a.url);
    const put = await fetch(answer.uploadUrl, {
      method: answer.method,
      headers: Object.fromEntries(answer.headers.map((h) => [h.name, h.value])),
      body: new Uint8Array(CSV),
    });
    expect(put.status).toBe(200);
    await held.waitFor((r) => r.some((e) => e.data?.filesUpdated.progress.bytesReceived === CSV.length), 'the bytes, on B');
    await gql(a.url, 'mutation($id: ID!) { completeUpload(fileId: $id) { id } }', { id: answer.fileId }, token);
    await held.waitFor((r) => r.at(-1)?.data?.filesUpdated.status === 'processed', 'processed, on B', 60_000);

    const files = held.results.map((r) => r.data?.filesUpdated);
    expect(held.results.every((r) => r.errors === undefined)).toBe(true);
    expect(new Set(files.map((f) => f?.id))).toEqual(new Set([answer.fileId]));
    const statuses = files.map((f) => f?.status ?? '');
    expect(statuses[0]).toBe('pending');
    expect(statuses.at(-1)).toBe('processed');
    const order = statuses.map((s) => FILE_STATUSES.indexOf(s as never));
    expect(order, statuses.join(' → ')).toEqual([...order].sort((x, y) => x - y));
    expect(files.at(-1)?.progress.rowsRead).toBe(2);

    // The client leaving ends the subscription on B: its Redis subscription goes too.
    await held.close();
    await waitUntil(async () => (await subscribersOf(channel)) === 0, 'B unsubscribed in Redis');
  }, 240_000);
});
