import type { Context } from '../../../context.ts';
import { completeStoredFile } from '../completion.ts';
import { type FileRecord, findFileForActor } from '../records.ts';

/**
 * The client says the bytes of a file are sent: verified (size, SHA-256), sniffed, flagged when an identical
 * file exists, then queued for reading. Content that is not a spreadsheet answers the file `failed` with why.
 */
export const completeUpload = async (ctx: Context, fileId: string): Promise<FileRecord> =>
  completeStoredFile(ctx, await findFileForActor(ctx, fileId), { queue: true });
