import type { Executor } from '@tidewise/db/client';
import { columnAnalyses, fileMappings, type StoredTransformation } from '@tidewise/db/schema/mappings';
import { files } from '@tidewise/db/schema/uploads';
import { type ColumnSuggestion, type LearnedMapping, normalizeHeader, suggestColumnMappings } from '@tidewise/shared/column-matching/index';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import type { Job } from '../../../lib/jobs/job-types.ts';
import type { AnalyzeColumnsJob } from '../jobs.ts';
import { unitTransformationFor } from '../mappings.policy.ts';
import { fieldOf, putMapping } from '../mapping-writes.ts';
import {
  type ColumnAnalysisRow,
  categoryOfFile,
  columnsOfFile,
  type FileRow,
  readFirstRows,
  type SourceColumn,
  syncAcceptedFlags,
  announceFileChange,
} from '../records.ts';

export type AnalysisServices = Pick<AppServices, 'db' | 'logger' | 'pubsub'>;

/** Rows from the top of the file whose values the matcher profiles. */
export const SAMPLE_ROWS = 1000;

/** A suggestion the organization's earlier mappings decided, at least this sure, is mapped without asking. */
export const LEARNED_AUTO_MAP_CONFIDENCE = 0.9;

type Learned = LearnedMapping & { transformations: StoredTransformation[] };

/**
 * What the organization mapped in its other files of the category (active mappings): per normalized header and
 * field, in how many files, with the transformations of the latest such mapping (a later file with the same header
 * most likely needs the same ones).
 */
const learnedMappingsOf = async (executor: Executor, file: FileRow, category: CatalogueCategory): Promise<Learned[]> => {
  const theirs = sql`organization_id = ${file.organizationId}::uuid AND category = ${category} AND is_active AND file_id <> ${file.id}::uuid`;
  const [counted, latest] = await Promise.all([
    executor.execute(sql`
      SELECT normalized_header, target_field, count(DISTINCT file_id)::int AS files
      FROM file_mappings WHERE ${theirs} GROUP BY normalized_header, target_field`),
    executor.execute(sql`
      SELECT DISTINCT ON (normalized_header, target_field) normalized_header, target_field, transformations
      FROM file_mappings WHERE ${theirs} ORDER BY normalized_header, target_field, created_at DESC`),
  ]);
  const keyOf = (r: { normalized_header: string; target_field: string }) => `${r.target_field}\u0000${r.normalized_header}`;
  const transformations = new Map(
    (
      latest as unknown as { rows: { normalized_header: string; target_field: string; transformations: StoredTransformation[] }[] }
    ).rows.map((r) => [keyOf(r), r.transformations]),
  );
  return (counted as unknown as { rows: { normalized_header: string; target_field: string; files: number }[] }).rows.map((r) => ({
    normalizedHeader: r.normalized_header,
    targetField: r.target_field,
    count: r.files,
    transformations: transformations.get(keyOf(r)) ?? [],
  }));
};

/** Whether the job's reading is still the file's, read and unchanged in category; the file locked when asked. */
const currentFile = async (executor: Executor, job: AnalyzeColumnsJob, lock: boolean): Promise<FileRow | null> => {
  const query = executor
    .select()
    .from(files)
    .where(and(eq(files.id, job.fileId), eq(files.organizationId, job.organizationId)))
    .limit(1);
  const [file] = lock ? await query.for('update') : await query;
  if (file?.status !== 'processed' || file.parseGeneration !== job.generation) return null;
  return file;
};

/** The header's learned field when the suggestion is it and sure enough: the mapping is then made without asking. */
const learnedFor = (learned: readonly Learned[], column: SourceColumn, suggestion: ColumnSuggestion): Learned | null => {
  if (!suggestion.suggestedTargetField || suggestion.confidence < LEARNED_AUTO_MAP_CONFIDENCE) return null;
  const header = normalizeHeader(column.name);
  const candidates = learned.filter((l) => l.normalizedHeader === header).sort((a, b) => b.count - a.count);
  const best = candidates[0];
  if (!best || best.targetField !== suggestion.suggestedTargetField) return null;
  // Two fields learned equally often for one header: the organization has not decided, so a person chooses.
  if (candidates[1] && candidates[1].count === best.count) return null;
  return best;
};

const transformationsFor = (learned: Learned, fieldUnit: StoredTransformation[]): StoredTransformation[] => {
  const kept = learned.transformations.filter((t) => t.type !== 'unit_conversion' || fieldUnit.length === 0);
  return [...fieldUnit, ...kept].filter((t, i, all) => all.findIndex((o) => o.type === t.type) === i);
};

const wasRejected = (previous: readonly ColumnAnalysisRow[], category: string, column: SourceColumn, field: string | null) =>
  previous.some(
    (p) =>
      p.isRejected &&
      p.category === category &&
      p.sourceIndex === column.index &&
      p.sourceColumn === column.name &&
      p.suggestedTargetField === field,
  );

/**
 * Replaces the file's analyses with these suggestions, keeps a rejection of the same suggestion, drops the mappings
 * that no longer fit (another category, a column no longer there), and maps the columns the organization's earlier
 * files decided. Answers false when the file changed since the suggestions were made (another job has it).
 */
const storeAnalysis = async (
  services: AnalysisServices,
  job: AnalyzeColumnsJob,
  category: CatalogueCategory,
  columns: readonly SourceColumn[],
  suggestions: readonly ColumnSuggestion[],
  learned: readonly Learned[],
): Promise<boolean> =>
  services.db.transaction(async (tx) => {
    const file = await currentFile(tx, job, true);
    if (!file || categoryOfFile(file) !== category) return false;
    const previous = await tx.select().from(columnAnalyses).where(eq(columnAnalyses.fileId, file.id));
    await tx.delete(columnAnalyses).where(eq(columnAnalyses.fileId, file.id));
    await tx
      .update(fileMappings)
      .set({ isActive: false })
      .where(and(eq(fileMappings.fileId, file.id), eq(fileMappings.isActive, true), ne(fileMappings.category, category)));
    const active = await tx
      .select()
      .from(fileMappings)
      .where(and(eq(fileMappings.fileId, file.id), eq(fileMappings.isActive, true)));
    const byIndex = new Map(columns.map((c) => [c.index, c]));
    for (const stale of active.filter((m) => byIndex.get(m.sourceIndex)?.name !== m.sourceColumn)) {
      await tx.update(fileMappings).set({ isActive: false }).where(eq(fileMappings.id, stale.id));
    }
    const mapped = active.filter((m) => byIndex.get(m.sourceIndex)?.name === m.sourceColumn);
    const usedColumns = new Set(mapped.map((m) => m.sourceIndex));
    const usedFields = new Set(mapped.map((m) => m.targetField));
    const analyzedAt = new Date();
    for (const [i, suggestion] of suggestions.entries()) {
      const column = columns[i] as SourceColumn;
      const rejected = wasRejected(previous, category, column, suggestion.suggestedTargetField);
      const field = suggestion.suggestedTargetField ? fieldOf(category, suggestion.suggestedTargetField) : undefined;
      const fromEarlier = rejected || !field ? null : learnedFor(learned, column, suggestion);
      const autoMap = fromEarlier && field && !usedColumns.has(column.index) && !usedFields.has(field.key);
      let reasoning = suggestion.reasoning;
      // A second run of the same analysis (a retried job) finds the mapping the first one made: same text.
      const madeEarlier = mapped.find((m) => m.sourceIndex === column.index);
      const learnedBefore = madeEarlier?.origin === 'learned' && madeEarlier.targetField === field?.key;
      if (fromEarlier && field && learnedBefore) reasoning = `${reasoning} ${autoMappedNote(field.label, fromEarlier.count)}`;
      if (autoMap && fromEarlier && field) {
        await putMapping(tx, {
          file,
          category,
          column,
          field,
          transformations: transformationsFor(fromEarlier, unitTransformationFor(field, suggestion.detectedUnit)),
          validation: {},
          origin: 'learned',
          createdBy: null,
        });
        usedColumns.add(column.index);
        usedFields.add(field.key);
        reasoning = `${reasoning} ${autoMappedNote(field.label, fromEarlier.count)}`;
      }
      await tx.insert(columnAnalyses).values({
        organizationId: file.organizationId,
        fileId: file.id,
        sourceIndex: column.index,
        sourceColumn: column.name,
        category,
        suggestedTargetField: field ? field.key : null,
        confidence: suggestion.confidence,
        reasoning,
        alternativeSuggestions: suggestion.alternativeSuggestions,
        detectedUnit: suggestion.detectedUnit,
        isRejected: rejected,
        analyzedAt,
      });
    }
    await syncAcceptedFlags(tx, file.id);
    return true;
  });

/**
 * The `mappings.analyzeColumns` job: suggests a catalogue field for every column of a processed file, from its
 * header and the values of its first rows, with what the organization mapped in earlier files. Safe to run twice:
 * it replaces the file's analyses as a whole, and a job of an older reading, or one overtaken by a change of
 * category, writes nothing.
 */
export const analyzeColumns = async (services: AnalysisServices, job: Pick<Job<AnalyzeColumnsJob>, 'data'>): Promise<void> => {
  const { data } = job;
  const file = await currentFile(services.db, data, false);
  if (!file) return;
  const category = categoryOfFile(file);
  const columns = columnsOfFile(file);
  if (!category || columns.length === 0) {
    // Nothing to suggest for a file of no known category; mappings made for another one no longer apply.
    await services.db
      .update(fileMappings)
      .set({ isActive: false })
      .where(and(eq(fileMappings.fileId, file.id), eq(fileMappings.isActive, true)));
    return;
  }
  const [rows, learned] = await Promise.all([
    readFirstRows(services.db, file.id, SAMPLE_ROWS),
    learnedMappingsOf(services.db, file, category),
  ]);
  const suggestions = suggestColumnMappings({
    category,
    columns: columns.map((c) => ({ index: c.index, name: c.name, values: rows.map((r) => r.values[c.index] ?? null) })),
    learned,
  });
  if (!(await storeAnalysis(services, data, category, columns, suggestions, learned))) {
    services.logger.debug({ fileId: file.id }, 'the file changed while its columns were analysed; another analysis has it');
    return;
  }
  await announceFileChange(services, file);
};

const autoMappedNote = (label: string, count: number): string =>
  `Mapped automatically: your organization mapped this header to ${label} in ${count} earlier file${count === 1 ? '' : 's'}.`;
