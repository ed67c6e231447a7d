import { fileMappings } from '@tidewise/db/schema/mappings';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';
import { auditViewOf, labelOf } from '../mapping-writes.ts';
import { announceFileChange, findMappingForActor, lockFile, syncAcceptedFlags, uploadIdOf } from '../records.ts';

export type MessageResult = { success: boolean; message: string };

/**
 * Removes a mapping: it stays as inactive history, and its suggestion shows open again. Removing one already
 * replaced or removed changes nothing and says so. `singleUpload` asks that the mapping belong to a single-file
 * upload's file (deleteUploadMapping); another one is NOT_FOUND there.
 */
const deleteMapping = async (ctx: Context, id: string, singleUpload: boolean): Promise<MessageResult> => {
  const actor = requireActor(ctx);
  const found = await findMappingForActor(ctx, id);
  if (singleUpload && !(await uploadIdOf(ctx.db, found.fileId))) throw notFound('FileMapping', id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const file = await lockFile(tx, actor.organizationId, found.fileId);
    const [removed] = await tx
      .update(fileMappings)
      .set({ isActive: false })
      .where(and(eq(fileMappings.id, found.id), eq(fileMappings.isActive, true)))
      .returning();
    if (!removed) return { file, removed: null };
    await syncAcceptedFlags(tx, file.id);
    await recordAudit(tx, ctx, {
      resource: 'file_mapping',
      resourceId: removed.id,
      description: `Removed the mapping of column "${removed.sourceColumn}" of "${file.originalName}" to ${labelOf(removed.category, removed.targetField)}`,
      before: { mappings: [auditViewOf(removed)] },
      after: { mappings: [] },
    });
    return { file, removed };
  });
  const label = labelOf(found.category, found.targetField);
  if (!outcome.removed) {
    return { success: true, message: `Column "${found.sourceColumn}" was no longer mapped to ${label}; nothing changed.` };
  }
  await announceFileChange(ctx, outcome.file);
  return { success: true, message: `Column "${found.sourceColumn}" is no longer mapped to ${label}.` };
};

export const deleteFileMapping = (ctx: Context, id: string) => deleteMapping(ctx, id, false);

export const deleteUploadMapping = (ctx: Context, id: string) => deleteMapping(ctx, id, true);
