import { fileMappings } from '@tidewise/db/schema/mappings';
import { files } from '@tidewise/db/schema/uploads';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import { enqueueApplyMappings, queueValidationRun } from '../../../lib/validation-runs.ts';
import { publishValidationChange } from '../live-events.ts';
import { uploadIdOfFile } from '../records.ts';
import { categoryToValidate, type FileValidationView, fileValidationView } from '../validation-view.ts';

/**
 * Validates every row of a processed file through its active mappings and replaces its data entries: queues a
 * run with a new generation, with the mappings as they are now (a mapping changed while it runs does not change
 * it). The entries readers see change only when the run completes. Refused for a file not read yet, without a
 * category, or without an active mapping for its category.
 */
export const applyFileMappings = async (ctx: Context, fileId: string): Promise<FileValidationView> => {
  const actor = requireActor(ctx);
  if (!isUuid(fileId)) throw notFound('File', fileId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.organizationId, actor.organizationId)))
      .for('update')
      .limit(1);
    if (!file) throw notFound('File', fileId);
    if (file.status !== 'processed') {
      refuse({
        code: 'CONFLICT',
        message: `The file is ${file.status}, not read yet: mappings can be applied once it is processed.`,
        field: 'fileId',
      });
    }
    const category = categoryToValidate(file);
    if (!category) {
      refuse({ code: 'CONFLICT', message: 'Choose what the file holds (its category) before applying mappings.', field: 'fileId' });
      throw new Error('unreachable');
    }
    const mappings = await tx
      .select()
      .from(fileMappings)
      .where(and(eq(fileMappings.fileId, fileId), eq(fileMappings.isActive, true), eq(fileMappings.category, category)))
      .orderBy(asc(fileMappings.sourceIndex));
    if (mappings.length === 0) {
      refuse({
        code: 'CONFLICT',
        message: `The file has no column mapped to a field of ${FILE_CATEGORY_LABELS[category]}. Map at least one column first.`,
        field: 'fileId',
      });
    }
    const validation = await queueValidationRun(
      tx,
      file,
      category,
      mappings.map((m) => ({
        sourceIndex: m.sourceIndex,
        sourceColumn: m.sourceColumn,
        targetField: m.targetField,
        transformations: m.transformations,
        validation: m.validation,
      })),
    );
    await recordAudit(tx, ctx, {
      resource: 'file',
      resourceId: fileId,
      description: `Applied ${mappings.length} column mapping${mappings.length === 1 ? '' : 's'} to "${file.originalName}" (${FILE_CATEGORY_LABELS[category]})`,
      after: { generation: validation.runGeneration, mappings: mappings.map((m) => `${m.sourceColumn} → ${m.targetField}`) },
    });
    return { file, validation, uploadId: await uploadIdOfFile(tx, fileId) };
  });
  const { file, validation, uploadId } = outcome;
  await enqueueApplyMappings(ctx, { fileId, organizationId: actor.organizationId, generation: validation.runGeneration });
  publishValidationChange(ctx, { ...file, uploadId }, 'queued');
  return fileValidationView({ file, validation });
};
