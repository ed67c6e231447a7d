import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';

/** The one database type every module works with: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; operations accept either a database or a transaction. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/**
 * One transaction for a bulk write: parameterised statements, and `COPY <table> (<columns>) FROM` of rows in
 * PostgreSQL's text format (tab between values, `\\N` for null, one row per line, backslash, tab, newline and
 * carriage return escaped). Table and column names are checked to be plain lower-case identifiers.
 */
export type BulkWriter = {
  query: <Row = Record<string, unknown>>(text: string, params?: readonly unknown[]) => Promise<Row[]>;
  /** Loads the rows of `chunks` (each one or more whole lines, text or UTF-8 bytes) into the table, within the transaction. */
  copyFrom: (table: string, columns: readonly string[], chunks: readonly (string | Uint8Array)[]) => Promise<void>;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction that can COPY rows in: COPY FROM STDIN on PostgreSQL (pg-copy-streams, on a
   * pool client of its own), COPY FROM '/dev/blob' on PGlite. Commits when `work` resolves, rolls back when it throws.
   */
  bulkWrite: <T>(work: (writer: BulkWriter) => Promise<T>) => Promise<T>;
  /** Resolves when a trivial query answers; rejects otherwise. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions =
  /** PostgreSQL connection string. */
  | { url: string }
  /** Embedded PGlite stored in this folder; `memory://` keeps it in memory (tests). */
  | { dataDir: string };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

const copyStatement = (table: string, columns: readonly string[], source: 'STDIN' | "'/dev/blob'") => {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`COPY takes plain identifiers, not ${JSON.stringify(name)}`);
  }
  if (columns.length === 0) throw new Error('COPY needs at least one column');
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
};

/** A bulk write on a PostgreSQL pool: BEGIN on a client of its own, COPY through pg-copy-streams, COMMIT. */
const poolBulkWrite =
  (pool: pg.Pool) =>
  async <T>(work: (writer: BulkWriter) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const writer: BulkWriter = {
        query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as Row[],
        copyFrom: async (table, columns, chunks) => {
          const stream = client.query(copyFromStdin(copyStatement(table, columns, 'STDIN')));
          await pipeline(Readable.from(chunks.filter((chunk) => chunk.length > 0)), stream);
        },
      };
      const result = await work(writer);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };

/** A bulk write on PGlite: its own transaction, COPY from a blob of the rows. */
const pgliteBulkWrite =
  (client: PGlite) =>
  <T>(work: (writer: BulkWriter) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      work({
        query: async <Row>(text: string, params: readonly unknown[] = []) => (await tx.query<Row>(text, [...params])).rows,
        copyFrom: async (table, columns, chunks) => {
          if (chunks.every((chunk) => chunk.length === 0)) return;
          await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], {
            blob: new Blob(chunks as NonNullable<ConstructorParameters<typeof Blob>[0]>),
          });
        },
      }),
    );

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Opens the database and applies every committed migration before returning, so a server never
 * answers on a schema older than its code.
 */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool) as unknown as Database;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      bulkWrite: poolBulkWrite(pool),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  if (!options.dataDir.startsWith('memory://')) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    bulkWrite: pgliteBulkWrite(client),
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
};
