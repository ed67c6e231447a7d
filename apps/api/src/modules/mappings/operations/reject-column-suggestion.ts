import { columnAnalyses, fileMappings } from '@tidewise/db/schema/mappings';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { auditViewOf, labelOf } from '../mapping-writes.ts';
import { announceFileChange, findAnalysisForActor, syncAcceptedFlags } from '../records.ts';
import { analysisViewsOf, type ColumnAnalysisView } from '../views.ts';
import { lockCurrentAnalysis } from './accept-column-suggestion.ts';

/**
 * A person turns a suggestion down: it shows rejected (bulk accepting skips it), and a mapping made from it (a
 * suggestion accepted, or learned from earlier files) is deactivated. A mapping the person made by hand stays.
 */
export const rejectColumnSuggestion = async (ctx: Context, id: string): Promise<ColumnAnalysisView> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const analysis = await findAnalysisForActor(ctx, id, tx);
    const { file } = await lockCurrentAnalysis(tx, actor.organizationId, analysis);
    const deactivated = analysis.suggestedTargetField
      ? await tx
          .update(fileMappings)
          .set({ isActive: false })
          .where(
            and(
              eq(fileMappings.fileId, file.id),
              eq(fileMappings.isActive, true),
              eq(fileMappings.sourceIndex, analysis.sourceIndex),
              eq(fileMappings.targetField, analysis.suggestedTargetField),
              inArray(fileMappings.origin, ['suggestion', 'learned']),
            ),
          )
          .returning()
      : [];
    await tx.update(columnAnalyses).set({ isRejected: true }).where(eq(columnAnalyses.id, analysis.id));
    await syncAcceptedFlags(tx, file.id);
    const suggested = analysis.suggestedTargetField ? labelOf(analysis.category, analysis.suggestedTargetField) : 'no field';
    await recordAudit(tx, ctx, {
      resource: 'column_analysis',
      resourceId: analysis.id,
      description: `Rejected the suggestion to map column "${analysis.sourceColumn}" of "${file.originalName}" to ${suggested}`,
      before: { isRejected: analysis.isRejected, mappings: deactivated.map(auditViewOf) },
      after: { isRejected: true, mappings: [] },
    });
    const [updated] = await tx.select().from(columnAnalyses).where(eq(columnAnalyses.id, analysis.id));
    return { file, analysis: updated ?? analysis };
  });
  await announceFileChange(ctx, outcome.file);
  const [view] = analysisViewsOf(outcome.file, [outcome.analysis]);
  return view as ColumnAnalysisView;
};
