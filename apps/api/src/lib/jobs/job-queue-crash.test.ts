import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createJobQueue } from './job-queue.ts';
import type { JobQueue } from './job-types.ts';
import { countRows, createRowsTable, dropRowsTable, type RowsJob, storeRowsHandler } from './test-rows-job.ts';

/**
 * kill -9 of a worker process halfway through a file, then a new process: the file ends fully stored,
 * every row once. On PostgreSQL the job comes back when it expires; on the embedded database, which
 * only one process can open, the next start puts it back at once.
 */
const WORKER = fileURLToPath(new URL('./crash-test-worker.ts', import.meta.url));
const databaseUrl = inject('testDatabaseUrl');
const ROWS = 2000;

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the worker process and resolves once it has stored at least `rows` rows. */
const startWorkerUntil = (args: object, rows: number) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const stored = [...chunk.toString().matchAll(/stored (\d+)/g)].map((m) => Number(m[1]));
      if (stored.some((n) => n >= rows)) resolve(child);
    });
    child.on('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before storing ${rows} rows: ${stderr}`)));
  });

const kill9 = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const queueOn = (database: DatabaseHandle) =>
  createJobQueue<Record<string, RowsJob>>({
    database,
    env: { JOBS_ENABLED: true, JOB_CONCURRENCY: 1 },
    logger: createLogger('silent'),
    tuning: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopTimeoutMs: 1000 },
  });

const waitForState = async (queue: JobQueue<Record<string, RowsJob>>, name: string, id: string, state: string) => {
  const deadline = Date.now() + 30_000;
  while ((await queue.getJob(name, id))?.state !== state) {
    if (Date.now() > deadline) throw new Error(`job not ${state} in time: ${JSON.stringify(await queue.getJob(name, id))}`);
    await sleep(200);
  }
};

describe('a worker killed in the middle of a file', () => {
  it('leaves a job that a new process finishes, with every row stored exactly once', async () => {
    const name = `test-crash-${randomUUID().slice(0, 8)}`;
    const table = `rows_${randomUUID().slice(0, 8)}`;
    const file = `file-${randomUUID()}`;
    const job: RowsJob = { file, rows: ROWS, batch: 50, delayMs: 25 };

    let dataDir: string | undefined;
    let database: DatabaseHandle;
    if (databaseUrl) {
      database = await openDatabase({ url: databaseUrl });
    } else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-crash-'));
      const dir = dataDir;
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      database = await openDatabase({ dataDir });
    }
    await createRowsTable(database.db, table);
    let queue = queueOn(database);
    await queue.start();
    // Expiry bounds one attempt too: long enough for the whole file, short enough for the test.
    const id = (await queue.send(name, job, { expireInSeconds: 4, retryDelay: 1 })) as string;

    const workerArgs = { database: databaseUrl ? { url: databaseUrl } : { dataDir }, queue: name, table };
    if (!databaseUrl) {
      // One process at a time on the embedded database: hand it over to the worker.
      await queue.stop();
      await database.close();
    }
    const worker = await startWorkerUntil(workerArgs, 400);
    await kill9(worker);

    if (!databaseUrl) {
      database = await openDatabase({ dataDir: dataDir as string });
      queue = queueOn(database);
      await queue.start();
    }
    const handle = database;
    cleanups.push(async () => {
      await queue.stop();
      await dropRowsTable(handle.db, table);
      await handle.close();
    });
    const partial = await countRows(database.db, table, file);
    expect(partial.total).toBeGreaterThanOrEqual(400);
    expect(partial.total).toBeLessThan(ROWS);

    const resumedFrom: number[] = [];
    await queue.work(
      name,
      {},
      storeRowsHandler(database.db, table, ({ from }) => {
        if (resumedFrom.length === 0) resumedFrom.push(from);
      }),
    );
    await waitForState(queue, name, id, 'completed');
    expect(await countRows(database.db, table, file)).toEqual({ total: ROWS, distinct: ROWS });
    // The second run picked up after the rows the killed process had stored, not from row 1.
    expect(resumedFrom[0]).toBeGreaterThan(400);
    expect(await queue.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});
