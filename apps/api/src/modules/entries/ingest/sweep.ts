import type { Database } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';

/**
 * Removing entries nobody reads any more: the generation a finished run replaced, a failed or replaced run's
 * partial rows, and the rows of a deleted file (data_entries has no foreign key; see the schema). Deleted in
 * batches of the primary key, so the embedded database's one connection is never held for long and PostgreSQL
 * never holds a million-row delete in one transaction.
 */

const DELETE_BATCH_ROWS = 20_000;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Deletes every entry of a generation, a range of row indexes at a time. */
export const deleteEntriesOf = async (db: Database, generation: number): Promise<void> => {
  for (;;) {
    const [next] = await rowsOf<{ first: number | null }>(
      db,
      sql`SELECT min(row_index) AS first FROM data_entries WHERE generation = ${generation}::int`,
    );
    if (next?.first === null || next?.first === undefined) return;
    await db.execute(
      sql`DELETE FROM data_entries WHERE generation = ${generation}::int
          AND row_index >= ${next.first}::int AND row_index < ${next.first + DELETE_BATCH_ROWS}::int`,
    );
  }
};

/**
 * Generations that still have entries but that no validation names as its visible entries or as its run under way,
 * found with one index probe per generation (a loose scan of the primary key).
 */
export const unreferencedGenerations = (db: Database): Promise<number[]> =>
  rowsOf<{ generation: number }>(
    db,
    sql`WITH RECURSIVE g AS (
          (SELECT generation FROM data_entries ORDER BY generation LIMIT 1)
          UNION ALL
          SELECT (SELECT e.generation FROM data_entries e WHERE e.generation > g.generation ORDER BY e.generation LIMIT 1)
          FROM g WHERE g.generation IS NOT NULL
        )
        SELECT g.generation FROM g
        WHERE g.generation IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM file_validations v
            WHERE v.entries_generation = g.generation
               OR (v.run_generation = g.generation AND v.status IN ('queued', 'validating'))
          )`,
  ).then((rows) => rows.map((row) => row.generation));

/**
 * Deletes the issues of a file's runs that no longer show (a replaced, failed or superseded run), then every
 * entry of generations nobody reads.
 */
export const sweepEntries = async (db: Database, fileId?: string): Promise<void> => {
  if (fileId) {
    await db.execute(
      sql`DELETE FROM validation_issues i WHERE i.file_id = ${fileId}::uuid
          AND NOT EXISTS (
            SELECT 1 FROM file_validations v WHERE v.file_id = i.file_id
              AND (v.entries_generation = i.generation OR (v.run_generation = i.generation AND v.status IN ('queued', 'validating')))
          )`,
    );
  }
  for (const generation of await unreferencedGenerations(db)) await deleteEntriesOf(db, generation);
};
