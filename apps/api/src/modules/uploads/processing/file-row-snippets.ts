import { MAX_SNIPPET_ROWS } from '@tidewise/shared/uploads';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import type { DetectedColumn } from '../../../lib/parsing/types.ts';
import { type FileRecord, findFileForActor } from '../records.ts';
import { readRowRange, type StoredRow, storedRowsOf } from './row-chunks.ts';

export type FileRowSnippet = {
  fileId: string;
  columns: string[];
  totalRows: number;
  fromRow: number;
  rows: StoredRow[];
};

/** Refuses a range that is not 1 ≤ fromRow ≤ toRow with at most MAX_SNIPPET_ROWS rows, naming the argument. */
const checkRange = (fromRow: number, toRow: number) => {
  if (!Number.isSafeInteger(fromRow) || fromRow < 1) {
    throw new AppError('VALIDATION_FAILED', 'fromRow must be 1 or more (the first data row is 1).', { field: 'fromRow' });
  }
  if (!Number.isSafeInteger(toRow) || toRow < fromRow) {
    throw new AppError('VALIDATION_FAILED', `toRow must be at least fromRow (${fromRow}).`, { field: 'toRow' });
  }
  if (toRow - fromRow + 1 > MAX_SNIPPET_ROWS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `At most ${MAX_SNIPPET_ROWS} rows can be read at once: toRow must be at most ${fromRow + MAX_SNIPPET_ROWS - 1}.`,
      {
        field: 'toRow',
        details: { limit: MAX_SNIPPET_ROWS },
      },
    );
  }
};

/** Column names in order: the detected columns once the file is read, the header's while it is being read. */
const columnsOf = (file: FileRecord): string[] => {
  const detected = (file.fileMetadata as { detectedColumns?: DetectedColumn[] } | null)?.detectedColumns;
  if (detected && detected.length > 0) return [...detected].sort((a, b) => a.index - b.index).map((c) => c.name);
  const atStart = (file.readDetails as { columns?: unknown } | null)?.columns;
  return Array.isArray(atStart) ? atStart.filter((c): c is string => typeof c === 'string') : [];
};

/**
 * Data rows fromRow..toRow (1-based among the data rows) of a file of the caller's organization, as they were
 * read and stored; fewer, or none, past the rows stored so far. Lets a person check the reading of a file
 * without downloading it, also while it is being read.
 */
export const getFileRowSnippets = async (
  ctx: Pick<Context, 'actor' | 'db'>,
  args: { fileId: string; fromRow: number; toRow: number },
): Promise<FileRowSnippet> => {
  checkRange(args.fromRow, args.toRow);
  const file = await findFileForActor(ctx, args.fileId);
  const [totalRows, rows] = await Promise.all([
    storedRowsOf(ctx.db, file.id),
    readRowRange(ctx.db, file.id, args.fromRow - 1, args.toRow - 1),
  ]);
  return { fileId: file.id, columns: columnsOf(file), totalRows, fromRow: args.fromRow, rows };
};
