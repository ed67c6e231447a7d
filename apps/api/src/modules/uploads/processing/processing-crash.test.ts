import { randomBytes } from 'node:crypto';
import { unpackRows } from '../../../lib/parsing/row-packing.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createJobQueue } from '../../../lib/jobs/job-queue.ts';
import { createLogger } from '../../../lib/logger.ts';
import type { CellValue } from '../../../lib/parsing/types.ts';
import {
  graphqlClient,
  type ServerProcess,
  signIn,
  startServerProcess,
  uploadThroughApi,
  waitForFile,
  writeLargeCsv,
} from '../../../test/server-process-kit.ts';

/**
 * The crash test: the real server, as its own process, is killed with SIGKILL while it reads a
 * 1,000,000-row upload, then started again on the same data. The reading resumes and ends `processed` with every
 * row stored exactly once. On the embedded database the new process puts the cut-off job back at start; on
 * PostgreSQL the queue would wait for the job's expiry (15 minutes), so the test does what that expiry does.
 */
const ROWS = 1_000_000;
const testDatabaseUrl = inject('testDatabaseUrl');

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A database of this test's own on the run's PostgreSQL server: the server process migrates and seeds it. */
const freshPostgresDatabase = async (serverUrl: string) => {
  const name = `tidewise_crash_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * What a job's expiry does on PostgreSQL, now: the job the killed process held is failed, so it is retried.
 * On the embedded database the restarted server does this itself (only one process can open it).
 */
const expireJobsOfDeadProcess = async (databaseUrl: string) => {
  const database = await openDatabase({ url: databaseUrl });
  const queue = createJobQueue({
    database,
    env: { JOBS_ENABLED: false, JOB_CONCURRENCY: 1 },
    logger: createLogger('silent'),
    tuning: { recoverActiveJobsOnStart: true },
  });
  await queue.start();
  await queue.stop();
  await database.close();
};

type Rows<T> = { rows: T[] };

const storedRows = async (database: DatabaseHandle, fileId: string) => {
  const [sums] = (
    (await database.db.execute(
      sql`SELECT coalesce(sum(row_count), 0)::int AS stored FROM file_row_chunks WHERE file_id = ${fileId}::uuid`,
    )) as unknown as Rows<{ stored: number }>
  ).rows;
  return sums?.stored ?? 0;
};

/** Reads every stored chunk (a few at a time) and counts rows and distinct row numbers; checks chunks follow each other. */
const audit = async (database: DatabaseHandle, fileId: string) => {
  const seen = new Uint8Array(ROWS + 2);
  let rows = 0;
  let distinct = 0;
  let chunks = 0;
  let contiguous = true;
  let expectedIndex = 0;
  let lastRowNumber = 0;
  for (;;) {
    const page = (await database.db.execute(sql`
      SELECT first_row_number, last_row_number, first_index, row_count, rows FROM file_row_chunks
      WHERE file_id = ${fileId}::uuid AND first_row_number > ${lastRowNumber}::int
      ORDER BY first_row_number LIMIT 25`)) as unknown as Rows<{
      first_row_number: number;
      last_row_number: number;
      first_index: number;
      row_count: number;
      rows: string;
    }>;
    if (page.rows.length === 0) break;
    for (const chunk of page.rows) {
      chunks += 1;
      if (chunk.first_index !== expectedIndex) contiguous = false;
      const pairs = unpackRows(chunk.rows);
      if (pairs.length !== chunk.row_count) contiguous = false;
      expectedIndex += chunk.row_count;
      for (const [rowNumber] of pairs) {
        rows += 1;
        if (rowNumber < seen.length && seen[rowNumber] === 0) {
          seen[rowNumber] = 1;
          distinct += 1;
        }
      }
      lastRowNumber = chunk.last_row_number;
    }
  }
  return { storedRows: await storedRows(database, fileId), rows, distinct, chunks, contiguous };
};

const SNIPPET = `query($fileId: ID!, $row: Int!) {
  fileRowSnippets(fileId: $fileId, fromRow: $row, toRow: $row) { totalRows columns rows { rowNumber values } }
}`;
type Snippet = { fileRowSnippets: { totalRows: number; columns: string[]; rows: { rowNumber: number; values: CellValue[] }[] } };

/** Adds what the server process wrote to the error of a step that failed. */
const withOutputOf = async <T>(server: ServerProcess, step: () => Promise<T>): Promise<T> => {
  try {
    return await step();
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nServer output:\n${server.output()}`);
  }
};

describe('the server killed with SIGKILL while it reads a large upload', () => {
  it('resumes the reading after a restart and stores each of the 1,000,000 rows exactly once', { timeout: 600_000 }, async () => {
    const began = performance.now();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-processing-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const databaseUrl = testDatabaseUrl ? await freshPostgresDatabase(testDatabaseUrl) : null;
    const env = {
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      WEB_DIST: path.join(dataDir, 'web'),
      JOB_CONCURRENCY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const csvPath = path.join(dataDir, 'voyages-1m.csv');
    await writeLargeCsv(csvPath, ROWS);

    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(() => server.kill9());
    let client = graphqlClient(server.url);
    await signIn(client, server.url);
    const upload = await uploadThroughApi(client, csvPath, { fileName: 'voyages-1m.csv', mimeType: 'text/csv' });
    expect(upload.status).toBe('queued');

    // Well into the file, so the restarted reading has many stored chunks to resume after.
    const partway = await waitForFile(client, upload.fileId, (file) => file.progress.rowsRead >= 100_000, { intervalMs: 20 });
    expect(partway.status).toBe('processing');
    expect(partway.progress.rowsRead).toBeLessThan(ROWS);
    await server.kill9();

    // What the killed process left: part of the file, stored in whole chunks.
    const afterKill = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
    const left = await storedRows(afterKill, upload.fileId);
    await afterKill.close();
    expect(left).toBeGreaterThanOrEqual(partway.progress.rowsRead);
    expect(left).toBeLessThan(ROWS);

    if (databaseUrl) await expireJobsOfDeadProcess(databaseUrl);
    server = await startServerProcess(env);
    client = graphqlClient(server.url);
    await signIn(client, server.url);
    const processed = await withOutputOf(server, () =>
      waitForFile(client, upload.fileId, (file) => file.status === 'processed', { intervalMs: 250 }),
    );
    expect(processed.fileMetadata?.totalRows).toBe(ROWS);
    expect(processed.progress.rowsRead).toBe(ROWS);

    const first = (await client.request<Snippet>(SNIPPET, { fileId: upload.fileId, row: 1 })).fileRowSnippets;
    const last = (await client.request<Snippet>(SNIPPET, { fileId: upload.fileId, row: ROWS })).fileRowSnippets;
    expect(first.totalRows).toBe(ROWS);
    expect(first.columns).toHaveLength(10);
    expect(first.rows).toEqual([{ rowNumber: 2, values: expect.arrayContaining([1, 9000000, 'Vessel 0', 'HFO']) }]);
    expect(last.rows[0]?.rowNumber).toBe(ROWS + 1);
    expect(last.rows[0]?.values[0]).toBe(ROWS);

    // The embedded database opens in one process only: stop the server to look inside.
    await server.stop();
    const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
    cleanups.push(() => database.close());
    const stored = await audit(database, upload.fileId);
    expect(stored).toMatchObject({ storedRows: ROWS, rows: ROWS, distinct: ROWS, contiguous: true });
    await database.close();

    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    process.stdout.write(
      `kill -9 test (${databaseUrl ? 'PostgreSQL' : 'embedded database'}): killed with ${left} rows stored, ${stored.chunks} chunks, ${seconds} s in all\n`,
    );
  });
});
