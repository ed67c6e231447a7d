import { inflateRawSync } from 'node:zlib';
import type { Executor } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';

/**
 * Reading a file's stored rows (file_row_chunks). The chunks are written by the uploads module's reading job:
 * each holds the JSON `[[rowNumber, [values...]], ...]` of up to 2,000 rows, raw-deflated and base64-encoded, and
 * `first_index` (the 0-based position of its first row among the file's data rows) runs without gaps. The
 * entries tests read files processed by that job, so a change of the format fails them.
 */

export type CellValue = string | number | boolean | null;
export type StoredRowPair = [rowNumber: number, values: CellValue[]];

export const unpackRowChunk = (packed: string): StoredRowPair[] =>
  JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8')) as StoredRowPair[];

export type PackedChunk = { firstIndex: number; rowCount: number; packed: string };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await executor.execute(query)) as unknown as Rows<T>).rows;

/** The next `limit` chunks of a file from the one starting at `fromIndex`, in order, still packed. */
export const readChunksFrom = async (executor: Executor, fileId: string, fromIndex: number, limit: number): Promise<PackedChunk[]> =>
  (
    await rowsOf<{ first_index: number; row_count: number; rows: string }>(
      executor,
      sql`SELECT first_index, row_count, rows FROM file_row_chunks
          WHERE file_id = ${fileId}::uuid AND first_index >= ${fromIndex}::int
          ORDER BY first_index LIMIT ${limit}::int`,
    )
  ).map((row) => ({ firstIndex: row.first_index, rowCount: row.row_count, packed: row.rows }));

/** The stored values of data rows of a file by 0-based index (the chunks holding them, read once each). */
export const readRowsAt = async (executor: Executor, fileId: string, rowIndexes: readonly number[]): Promise<Map<number, CellValue[]>> => {
  const found = new Map<number, CellValue[]>();
  if (rowIndexes.length === 0) return found;
  const chunks = await rowsOf<{ first_index: number; row_count: number; rows: string }>(
    executor,
    sql`SELECT DISTINCT ON (c.first_index) c.first_index, c.row_count, c.rows
        FROM unnest(${`{${rowIndexes.join(',')}}`}::int[]) AS wanted(i)
        JOIN LATERAL (
          SELECT first_index, row_count, rows FROM file_row_chunks
          WHERE file_id = ${fileId}::uuid AND first_index <= wanted.i
          ORDER BY first_index DESC LIMIT 1
        ) AS c ON true
        ORDER BY c.first_index`,
  );
  for (const chunk of chunks) {
    const pairs = unpackRowChunk(chunk.rows);
    for (const index of rowIndexes) {
      const pair = pairs[index - chunk.first_index];
      if (index >= chunk.first_index && pair) found.set(index, pair[1]);
    }
  }
  return found;
};
