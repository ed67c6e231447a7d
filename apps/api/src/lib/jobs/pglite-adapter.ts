import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** What pg-boss needs from a database: one call that runs SQL text with optional parameters. */
export type SqlAdapter = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * pg-boss wraps its schema installation and maintenance in one text of several statements,
 * `BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …; COMMIT;` (see its `locked()` plan).
 */
const SELF_CONTAINED_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i;

const lastResult = <T extends { rows: Record<string, unknown>[] }>(results: T[]) => results.at(-1) ?? { rows: [] };

/**
 * pg-boss on the embedded database. PGlite's `query` takes one statement with parameters and `exec`
 * runs several statements without; pg-boss sends both kinds through one `executeSql`. A text that is
 * its own transaction runs inside a PGlite transaction instead of as raw BEGIN…COMMIT: PGlite holds
 * its single connection for the whole callback and rolls back on failure, so neither a half-applied
 * statement list nor an aborted transaction is ever left for the next caller on that one connection.
 * Every call waits for any Drizzle transaction in progress (PGlite serialises them), so job SQL never
 * runs inside an operation's transaction.
 */
export const createPgliteAdapter = (client: PGlite): SqlAdapter => ({
  executeSql: async (text, values) => {
    const transaction = SELF_CONTAINED_TRANSACTION.exec(text);
    if (transaction?.[1]) {
      const body = transaction[1];
      return lastResult(await client.transaction((tx) => tx.exec(body)));
    }
    if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
    return lastResult(await client.exec(text));
  },
});

/** pg-boss on PostgreSQL through the application's own pool, so a process keeps one set of connections. */
export const createPoolAdapter = (pool: pg.Pool): SqlAdapter => ({
  executeSql: async (text, values) => pool.query(text, values),
});
