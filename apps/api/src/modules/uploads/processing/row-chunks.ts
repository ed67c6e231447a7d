import type { Executor } from '@tidewise/db/client';
import { type SQL, sql } from 'drizzle-orm';
import { unpackRows } from '../../../lib/parsing/row-packing.ts';
import type { CellValue, EncodedRowBatch } from '../../../lib/parsing/types.ts';

/**
 * A file's parsed rows in `file_row_chunks`: one chunk per reader batch, its rows packed by the reader's worker
 * (parsing/row-packing.ts: `[[rowNumber, [values...]], ...]` deflated, base64). Chunks never overlap and follow each other without gaps in
 * `first_index`, which is what lets a job resume after the last one and a snippet read only the chunks
 * it needs.
 */

type Rows<T> = { rows: T[] };

const rowsOf = async <T>(executor: Executor, query: SQL): Promise<T[]> => ((await executor.execute(query)) as unknown as Rows<T>).rows;

/** Where a reading stands: the last stored row number (0 = none) and how many rows are stored. */
export type ResumePoint = { lastRowNumber: number; storedRows: number };

export const resumePointOf = async (executor: Executor, fileId: string): Promise<ResumePoint> => {
  const [row] = await rowsOf<{ last_row: number; stored: number }>(
    executor,
    sql`SELECT coalesce(max(last_row_number), 0)::int AS last_row, coalesce(sum(row_count), 0)::int AS stored
        FROM file_row_chunks WHERE file_id = ${fileId}::uuid`,
  );
  return { lastRowNumber: row?.last_row ?? 0, storedRows: row?.stored ?? 0 };
};

/** Rows stored for a file. */
export const storedRowsOf = async (executor: Executor, fileId: string): Promise<number> =>
  (await resumePointOf(executor, fileId)).storedRows;

export const deleteRowChunks = async (executor: Executor, fileId: string): Promise<void> => {
  await executor.execute(sql`DELETE FROM file_row_chunks WHERE file_id = ${fileId}::uuid`);
};

/** A reader batch whose JSON was packed for storage. */
export type PackedBatch = Omit<EncodedRowBatch, 'json'> & { packed: string };

export type ChunkToStore = {
  fileId: string;
  /** 0-based position of the first row among the file's data rows: the rows stored before it. */
  firstIndex: number;
  /** The batch's row numbers, with its rows packed for storage (parsing/row-packing.ts packRowsJson). */
  batch: PackedBatch;
};

/**
 * Appends a chunk after the last stored one. Nothing is written when a chunk already holds these rows or
 * later ones, or when the rows stored before it are not `firstIndex` (another run of the job got there first):
 * answers false, and the caller stops. Call it inside the transaction that holds the file's row lock, so two
 * runs of one job append one after the other and each sees what the other committed.
 */
export const appendRowChunk = async (executor: Executor, chunk: ChunkToStore): Promise<boolean> => {
  const { batch } = chunk;
  if (batch.rowCount === 0) return true;
  const inserted = await rowsOf<{ first_row_number: number }>(
    executor,
    sql`WITH previous AS (
          SELECT last_row_number, first_index + row_count AS next_index
          FROM file_row_chunks WHERE file_id = ${chunk.fileId}::uuid
          ORDER BY first_row_number DESC LIMIT 1
        )
        INSERT INTO file_row_chunks (file_id, first_row_number, last_row_number, first_index, row_count, rows)
        SELECT ${chunk.fileId}::uuid, ${batch.firstRowNumber}::int, ${batch.lastRowNumber}::int, ${chunk.firstIndex}::int,
               ${batch.rowCount}::int, ${batch.packed}::text
        WHERE coalesce((SELECT last_row_number FROM previous), 0) < ${batch.firstRowNumber}::int
          AND coalesce((SELECT next_index FROM previous), 0) = ${chunk.firstIndex}::int
        ON CONFLICT DO NOTHING
        RETURNING first_row_number`,
  );
  return inserted.length > 0;
};

export type StoredRow = { rowNumber: number; values: CellValue[] };

/**
 * Data rows `fromIndex`..`toIndex` (0-based, inclusive) of a file, in order. Reads only the chunks that hold
 * them: the one holding `fromIndex` (found backwards on the (file, first_index) index) and those after it
 * up to `toIndex`.
 */
export const readRowRange = async (executor: Executor, fileId: string, fromIndex: number, toIndex: number): Promise<StoredRow[]> => {
  const chunks = await rowsOf<{ first_index: number; rows: string }>(
    executor,
    sql`SELECT first_index, rows FROM file_row_chunks
        WHERE file_id = ${fileId}::uuid
          AND first_index <= ${toIndex}::int
          AND first_index >= coalesce((
            SELECT first_index FROM file_row_chunks
            WHERE file_id = ${fileId}::uuid AND first_index <= ${fromIndex}::int
            ORDER BY first_index DESC LIMIT 1
          ), 0)
        ORDER BY first_index`,
  );
  const result: StoredRow[] = [];
  for (const chunk of chunks) {
    const pairs = unpackRows(chunk.rows);
    const from = Math.max(0, fromIndex - chunk.first_index);
    const to = Math.min(pairs.length - 1, toIndex - chunk.first_index);
    for (let i = from; i <= to; i++) {
      const [rowNumber, values] = pairs[i] as [number, CellValue[]];
      result.push({ rowNumber, values });
    }
  }
  return result;
};
