import { fileMappings } from '@tidewise/db/schema/mappings';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { AppError } from '../../../lib/errors.ts';
import { auditViewOf, mappableFileRefusal } from '../mapping-writes.ts';
import { analysesOf, announceFileChange, categoryOfFile, findFileForActor, lockFile, syncAcceptedFlags } from '../records.ts';
import { analysisViewsOf, type ColumnAnalysisView } from '../views.ts';
import { acceptAnalysis } from './accept-column-suggestion.ts';

export const DEFAULT_MIN_CONFIDENCE = 0.8;

/**
 * Accepts every open suggestion of a file at or above `minConfidence`: one with a field, neither accepted nor
 * rejected, whose column and field no active mapping uses yet (a mapping made by hand is never overwritten in bulk).
 * Answers all the file's analyses.
 */
export const bulkAcceptColumnSuggestions = async (
  ctx: Context,
  input: { fileId: string; minConfidence?: number | null },
): Promise<ColumnAnalysisView[]> => {
  const actor = requireActor(ctx);
  const minConfidence = input.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  if (!Number.isFinite(minConfidence) || minConfidence < 0 || minConfidence > 1) {
    throw new AppError('VALIDATION_FAILED', 'minConfidence must be between 0 and 1.', { field: 'minConfidence' });
  }
  await findFileForActor(ctx, input.fileId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const file = await lockFile(tx, actor.organizationId, input.fileId);
    const refusal = mappableFileRefusal(file);
    if (refusal) refuse(refusal);
    const category = categoryOfFile(file);
    if (!category) return refuse({ code: 'CONFLICT', message: 'The file has no category.' });
    const active = await tx
      .select({ sourceIndex: fileMappings.sourceIndex, targetField: fileMappings.targetField })
      .from(fileMappings)
      .where(and(eq(fileMappings.fileId, file.id), eq(fileMappings.isActive, true)));
    const usedColumns = new Set(active.map((m) => m.sourceIndex));
    const usedFields = new Set(active.map((m) => m.targetField));
    const open = (await analysesOf(tx, file.id, category))
      .filter((a) => a.suggestedTargetField && !a.isAccepted && !a.isRejected && a.confidence >= minConfidence)
      .filter((a) => !usedColumns.has(a.sourceIndex) && !usedFields.has(a.suggestedTargetField as string))
      .sort((a, b) => b.confidence - a.confidence);
    const created = [];
    for (const analysis of open) {
      if (usedFields.has(analysis.suggestedTargetField as string)) continue;
      usedFields.add(analysis.suggestedTargetField as string);
      created.push((await acceptAnalysis(tx, ctx, { file, category }, analysis)).created);
    }
    await syncAcceptedFlags(tx, file.id);
    if (created.length > 0) {
      await recordAudit(tx, ctx, {
        resource: 'file',
        resourceId: file.id,
        description: `Accepted ${created.length} suggested column mapping${created.length === 1 ? '' : 's'} of "${file.originalName}" (confidence at least ${minConfidence})`,
        after: { mappings: created.map(auditViewOf) },
      });
    }
    return { file, analyses: await analysesOf(tx, file.id, category) };
  });
  await announceFileChange(ctx, outcome.file);
  return analysisViewsOf(outcome.file, outcome.analyses);
};
