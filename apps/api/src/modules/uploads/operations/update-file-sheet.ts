import type { Context } from '../../../context.ts';
import type { FileRecord } from '../records.ts';
import { queueReadingAgain } from '../requeue.ts';

/**
 * Reads another sheet of a workbook: the sheet must be one the reader found (the message lists them); the
 * reading starts over (from processing, processed or failed) and its rows replace the previous sheet's.
 */
export const updateFileSheet = (ctx: Context, input: { fileId: string; sheet: string }): Promise<FileRecord> =>
  queueReadingAgain(ctx, input.fileId, 'sheet', input.sheet);
