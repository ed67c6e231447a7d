import type { Context } from '../../../context.ts';
import { type FileRecord, findFileForActor } from '../records.ts';

/** One file of the caller's organization (in a batch or a single upload), or NOT_FOUND. */
export const getFile = (ctx: Context, id: string): Promise<FileRecord> => findFileForActor(ctx, id);
