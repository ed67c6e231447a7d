import { columnAnalyses } from '@tidewise/db/schema/mappings';
import { eq } from 'drizzle-orm';
import type { Executor } from '@tidewise/db/client';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { unitTransformationFor } from '../mappings.policy.ts';
import { auditViewOf, categoryLabel, fieldOf, putMapping } from '../mapping-writes.ts';
import {
  announceFileChange,
  type ColumnAnalysisRow,
  categoryOfFile,
  columnsOfFile,
  type FileRow,
  findAnalysisForActor,
  lockFile,
  syncAcceptedFlags,
} from '../records.ts';
import { analysisViewsOf, type ColumnAnalysisView } from '../views.ts';

/**
 * The file (locked) of an analysis that may still be acted on: made for the file's current category, naming a
 * column the file still has at that position.
 */
export const lockCurrentAnalysis = async (
  tx: Executor,
  organizationId: string,
  analysis: ColumnAnalysisRow,
): Promise<{ file: FileRow; category: CatalogueCategory }> => {
  const file = await lockFile(tx, organizationId, analysis.fileId);
  const category = categoryOfFile(file);
  if (!category || analysis.category !== category) {
    return refuse({
      code: 'CONFLICT',
      message: `This suggestion was made for ${categoryLabel(analysis.category)}, but "${file.originalName}" is now ${
        category ? categoryLabel(category) : 'of no known category'
      }. Use the new suggestions.`,
    });
  }
  const column = columnsOfFile(file).find((c) => c.index === analysis.sourceIndex);
  if (file.status !== 'processed' || column?.name !== analysis.sourceColumn) {
    refuse({ code: 'CONFLICT', message: `"${file.originalName}" was read again since this suggestion was made. Use the new suggestions.` });
  }
  return { file, category };
};

/**
 * Maps the analysed column to its suggested field (origin `suggestion`), replacing an active mapping of the same
 * column or field, with a unit conversion when the column's unit is not the field's canonical one. Called once per
 * suggestion by bulkAcceptColumnSuggestions as well. The file must be locked.
 */
export const acceptAnalysis = async (
  tx: Executor,
  ctx: Context,
  target: { file: FileRow; category: CatalogueCategory },
  analysis: ColumnAnalysisRow,
) => {
  const { file, category } = target;
  const field = analysis.suggestedTargetField ? fieldOf(category, analysis.suggestedTargetField) : undefined;
  if (!field) {
    return refuse({
      code: 'CONFLICT',
      message: `No field is suggested for column "${analysis.sourceColumn}". Choose its field yourself.`,
    });
  }
  const column = columnsOfFile(file).find((c) => c.index === analysis.sourceIndex);
  if (!column) return refuse({ code: 'CONFLICT', message: `"${file.originalName}" has no column "${analysis.sourceColumn}" any more.` });
  const written = await putMapping(tx, {
    file,
    category,
    column,
    field,
    transformations: unitTransformationFor(field, analysis.detectedUnit),
    validation: {},
    origin: 'suggestion',
    createdBy: ctx.actor?.userId ?? null,
  });
  await tx.update(columnAnalyses).set({ isRejected: false }).where(eq(columnAnalyses.id, analysis.id));
  return { ...written, field };
};

/** A person takes a suggestion: the column is mapped to the suggested field; the suggestion shows accepted. */
export const acceptColumnSuggestion = async (ctx: Context, id: string): Promise<ColumnAnalysisView> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const analysis = await findAnalysisForActor(ctx, id, tx);
    const target = await lockCurrentAnalysis(tx, actor.organizationId, analysis);
    const { file } = target;
    const { created, replaced, field } = await acceptAnalysis(tx, ctx, target, analysis);
    await syncAcceptedFlags(tx, file.id);
    await recordAudit(tx, ctx, {
      resource: 'file_mapping',
      resourceId: created.id,
      description: `Accepted the suggestion to map column "${created.sourceColumn}" of "${file.originalName}" to ${field.label}`,
      before: { mappings: replaced.map(auditViewOf) },
      after: { mappings: [auditViewOf(created)] },
    });
    const [updated] = await tx.select().from(columnAnalyses).where(eq(columnAnalyses.id, analysis.id));
    return { file, analysis: updated ?? analysis };
  });
  await announceFileChange(ctx, outcome.file);
  const [view] = analysisViewsOf(outcome.file, [outcome.analysis]);
  return view as ColumnAnalysisView;
};
