import type { Context } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { enqueueColumnAnalysis } from '../jobs.ts';
import { analysesOf, categoryOfFile, columnsOfFile, findFileForActor, findUploadFileForActor } from '../records.ts';
import { analysisViewsOf, type ColumnAnalysisView } from '../views.ts';

/**
 * The columns of a processed file (of a batch, or of a single upload) with the field suggested for each, for the
 * file's category: the confirmed one, else the suggested one. Empty while the file is not read or its category is
 * unknown. A read file with no analysis for its category (read before suggestions existed, or its analysis job was
 * lost) gets one queued, and the answer is empty until it is done (fileUpdated tells when).
 */
export const getColumnAnalyses = async (
  ctx: Context,
  args: { fileId?: string | null; uploadId?: string | null },
): Promise<ColumnAnalysisView[]> => {
  if (Boolean(args.fileId) === Boolean(args.uploadId)) {
    throw new AppError('VALIDATION_FAILED', 'Give either fileId or uploadId, not both.', { field: args.fileId ? 'uploadId' : 'fileId' });
  }
  const file = args.fileId ? await findFileForActor(ctx, args.fileId) : await findUploadFileForActor(ctx, String(args.uploadId));
  const category = categoryOfFile(file);
  if (!category || file.status !== 'processed') return [];
  const rows = await analysesOf(ctx.db, file.id, category);
  if (rows.length === 0 && columnsOfFile(file).length > 0) {
    await enqueueColumnAnalysis(
      ctx,
      { fileId: file.id, organizationId: file.organizationId, generation: file.parseGeneration },
      category,
    ).catch((error: unknown) => ctx.logger.warn({ err: error, fileId: file.id }, 'could not queue a column analysis'));
  }
  return analysisViewsOf(file, rows);
};
