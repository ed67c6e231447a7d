import type { Database } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import type { Job } from './job-types.ts';

/**
 * A job shaped like file parsing, for the queue's tests: it stores rows 1..`rows` of a file in batches,
 * resuming after the last stored row, and `ON CONFLICT DO NOTHING` makes a batch run twice harmless.
 * That is the rule every real handler follows (docs/decisions/0013-job-queue.md).
 */
export type RowsJob = { file: string; rows: number; batch: number; delayMs: number };

/** Tests' tables live in their own schema, out of the way of the tests that walk `public`. */
const SCHEMA = 'job_queue_test';

const tableOf = (table: string) => sql`${sql.identifier(SCHEMA)}.${sql.identifier(table)}`;

type Rows<T> = { rows: T[] };

export const createRowsTable = async (db: Database, table: string) => {
  await db.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`));
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS ${tableOf(table)} (file text NOT NULL, row_number int NOT NULL, PRIMARY KEY (file, row_number))`,
  );
};

export const dropRowsTable = async (db: Database, table: string) => {
  await db.execute(sql`DROP TABLE IF EXISTS ${tableOf(table)}`);
};

/** Rows stored for the file: how many, and how many distinct row numbers (equal unless a row was stored twice). */
export const countRows = async (db: Database, table: string, file: string) => {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS total, count(DISTINCT row_number)::int AS distinct_rows FROM ${tableOf(table)} WHERE file = ${file}`,
  )) as unknown as Rows<{ total: number; distinct_rows: number }>;
  const row = result.rows[0];
  return { total: row?.total ?? 0, distinct: row?.distinct_rows ?? 0 };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The handler; `onBatch` hears the first row it started from and each row number stored so far. */
export const storeRowsHandler =
  (db: Database, table: string, onBatch?: (progress: { from: number; stored: number }) => void) =>
  async ({ data, signal }: Job<RowsJob>) => {
    const resume = (await db.execute(
      sql`SELECT coalesce(max(row_number), 0)::int + 1 AS next FROM ${tableOf(table)} WHERE file = ${data.file}`,
    )) as unknown as Rows<{ next: number }>;
    const from = resume.rows[0]?.next ?? 1;
    for (let start = from; start <= data.rows; start += data.batch) {
      signal.throwIfAborted();
      const end = Math.min(data.rows, start + data.batch - 1);
      await db.execute(
        sql`INSERT INTO ${tableOf(table)} (file, row_number)
            SELECT ${data.file}, n FROM generate_series(${start}::int, ${end}::int) AS n
            ON CONFLICT DO NOTHING`,
      );
      onBatch?.({ from, stored: end });
      if (data.delayMs > 0) await sleep(data.delayMs);
    }
  };
