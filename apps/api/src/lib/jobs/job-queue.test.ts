import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createJobQueue } from './job-queue.ts';
import type { Job, JobFailure, JobQueue, JobQueueTuning } from './job-types.ts';

/**
 * The queue on the embedded database by default, on PostgreSQL with TEST_DATABASE_URL (where every
 * test file shares one database: each test uses queue names of its own).
 */
type Echo = { value: string };
type TestJobs = Record<string, Echo>;

const databaseUrl = inject('testDatabaseUrl');
const openTestDatabase = () => openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: 'memory://' });
/** Short intervals so retries, expiry and polling happen within a test. */
const FAST: JobQueueTuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopTimeoutMs: 1000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
};
const queueName = (label: string) => `test-${label}-${randomUUID().slice(0, 8)}`;

let database: DatabaseHandle;
const opened: DatabaseHandle[] = [];
const queues: JobQueue<TestJobs>[] = [];

const startQueue = async (options: { database?: DatabaseHandle; tuning?: JobQueueTuning; enabled?: boolean } = {}) => {
  const queue = createJobQueue<TestJobs>({
    database: options.database ?? database,
    env: { JOBS_ENABLED: options.enabled ?? true, JOB_CONCURRENCY: 2 },
    logger: createLogger('silent'),
    tuning: { ...FAST, ...options.tuning },
  });
  await queue.start();
  queues.push(queue);
  return queue;
};

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  for (const handle of opened) await handle.close();
  await database?.close();
});

describe('job queue', () => {
  it('runs a job once and records it completed', async () => {
    const queue = await startQueue();
    const name = queueName('once');
    const runs: Job<Echo>[] = [];
    await queue.work(name, {}, async (job) => {
      runs.push(job);
    });
    const id = await queue.send(name, { value: 'a' });
    expect(id).toEqual(expect.any(String));
    await waitFor(async () => (await queue.getJob(name, id as string))?.state === 'completed');
    await sleep(1500); // three more polls: nothing runs it again
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id, name, data: { value: 'a' }, retryCount: 0, retryLimit: 3 });
    expect(await queue.getJob(name, id as string)).toMatchObject({ state: 'completed', error: null, retryCount: 0, data: { value: 'a' } });
  });

  it('drops a second job with the same singleton key while the first still waits', async () => {
    const queue = await startQueue();
    const name = queueName('singleton');
    const first = await queue.send(name, { value: 'first' }, { singletonKey: 'file-1' });
    const duplicate = await queue.send(name, { value: 'again' }, { singletonKey: 'file-1' });
    const other = await queue.send(name, { value: 'other' }, { singletonKey: 'file-2' });
    const unkeyed = [await queue.send(name, { value: 'x' }), await queue.send(name, { value: 'y' })];
    expect(first).toEqual(expect.any(String));
    expect(duplicate).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(unkeyed).toEqual([expect.any(String), expect.any(String)]);
    const seen: string[] = [];
    await queue.work(name, {}, async ({ data }) => {
      seen.push(data.value);
    });
    await waitFor(() => seen.length === 4);
    expect(seen.sort()).toEqual(['first', 'other', 'x', 'y']);
  });

  it('retries a failing job with growing delays, then leaves it failed with its reason and stops', async () => {
    const queue = await startQueue();
    const name = queueName('failing');
    const attempts: { at: number; retryCount: number }[] = [];
    const failures: JobFailure<Echo>[] = [];
    await queue.work(
      name,
      {
        onFailed: async (failure) => {
          failures.push(failure);
        },
      },
      async ({ retryCount }) => {
        attempts.push({ at: Date.now(), retryCount });
        throw new Error(`the file cannot be read (attempt ${retryCount + 1})`);
      },
    );
    const id = (await queue.send(name, { value: 'broken.csv' }, { retryLimit: 2, retryDelay: 1, retryBackoff: true })) as string;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'failed', 20_000);
    await waitFor(() => failures.length === 1);
    await sleep(2500); // five more polls: it does not run again
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    // Backoff: the first retry waits 1-2 s, the second 2-4 s.
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
    expect(await queue.getJob(name, id)).toMatchObject({
      state: 'failed',
      retryCount: 2,
      retryLimit: 2,
      error: 'the file cannot be read (attempt 3)',
    });
    expect(failures).toEqual([{ name, data: { value: 'broken.csv' }, reason: 'the file cannot be read (attempt 3)' }]);
  });

  it('stores the reason of a failed attempt without SQL parameters or a stack', async () => {
    const queue = await startQueue();
    const name = queueName('redacted');
    await queue.work(name, {}, async () => {
      const error = new Error('Failed query: insert into users (email) values ($1)\nparams: someone@example.com');
      throw Object.assign(error, { query: 'insert into users (email) values ($1)', params: ['someone@example.com'] });
    });
    const id = (await queue.send(name, { value: 'x' }, { retryLimit: 0 })) as string;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'failed');
    const job = await queue.getJob(name, id);
    expect(job?.error).toBe('Failed query: insert into users (email) values ($1)\nparams: [redacted]');
    const stored = (await database.db.execute(sql`select output::text as output from pgboss.job where id = ${id}`)) as unknown as {
      rows: { output: string }[];
    };
    expect(stored.rows[0]?.output).not.toContain('someone@example.com');
    expect(stored.rows[0]?.output).not.toContain('job-queue.test.ts');
  });

  it('shares the work between two queue instances without running a job twice', async () => {
    // Two processes on PostgreSQL are two pools; on the embedded database, two instances on its one connection.
    const other = databaseUrl ? await openTestDatabase() : database;
    if (other !== database) opened.push(other);
    const [a, b] = [await startQueue(), await startQueue({ database: other })];
    const name = queueName('shared');
    const runs: { instance: string; value: string }[] = [];
    const handler =
      (instance: string) =>
      async ({ data }: Job<Echo>) => {
        runs.push({ instance, value: data.value });
        await sleep(150);
      };
    await a.work(name, { concurrency: 2 }, handler('a'));
    await b.work(name, { concurrency: 2 }, handler('b'));
    const values = Array.from({ length: 16 }, (_, i) => `row-${i}`);
    for (const value of values) await a.send(name, { value });
    await waitFor(() => runs.length >= values.length);
    await sleep(1500);
    expect(runs.map((r) => r.value).sort()).toEqual([...values].sort());
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set(['a', 'b']));
  });

  it('hands a job its stopped worker left behind to another worker, which finishes it', async () => {
    const [a, b] = [await startQueue(), await startQueue()];
    const name = queueName('handover');
    let aborted = false;
    await a.work(name, {}, async ({ signal }) => {
      // Still working when its process stops: pg-boss fails it at the stop timeout, then it aborts.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted = true;
    });
    const id = (await a.send(name, { value: 'big.xlsx' }, { retryDelay: 1 })) as string;
    await waitFor(async () => (await a.getJob(name, id))?.state === 'active');
    const finishedBy: string[] = [];
    await b.work(name, {}, async ({ id: jobId }) => {
      finishedBy.push(jobId);
    });
    await a.stop();
    await waitFor(async () => (await b.getJob(name, id))?.state === 'completed');
    expect(aborted).toBe(true);
    expect(finishedBy).toEqual([id]);
    expect(await b.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('runs again a job whose process died holding it, once the job expires', async () => {
    const queue = await startQueue({ tuning: { recoverActiveJobsOnStart: false } });
    const name = queueName('expired');
    const id = (await queue.send(name, { value: 'orphan' }, { expireInSeconds: 1, retryDelay: 1 })) as string;
    // What a process that took the job and then died leaves behind: the job active, nobody running it.
    await database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}`);
    const runs: number[] = [];
    await queue.work(name, {}, async ({ retryCount }) => {
      runs.push(retryCount);
    });
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'completed');
    expect(runs).toEqual([1]);
  });
});
