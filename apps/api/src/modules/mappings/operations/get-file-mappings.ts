import type { Context } from '../../../context.ts';
import { activeMappingsOf, type FileMappingRow, findFileForActor } from '../records.ts';

/** The active mappings of a file of the caller's organization, by source column position. */
export const getFileMappings = async (ctx: Context, fileId: string): Promise<FileMappingRow[]> => {
  const file = await findFileForActor(ctx, fileId);
  return activeMappingsOf(ctx.db, file.id);
};
