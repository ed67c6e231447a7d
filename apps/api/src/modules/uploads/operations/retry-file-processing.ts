import type { Context } from '../../../context.ts';
import type { FileRecord } from '../records.ts';
import { queueReadingAgain } from '../requeue.ts';

/** Reads a file again after its reading failed (a file refused on upload has no bytes: it is uploaded again instead). */
export const retryFileProcessing = (ctx: Context, fileId: string): Promise<FileRecord> => queueReadingAgain(ctx, fileId, 'retry', null);
