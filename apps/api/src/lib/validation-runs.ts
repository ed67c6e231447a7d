import type { Executor } from '@tidewise/db/client';
import { fileValidations, type StoredRunRule, type StoredRunState } from '@tidewise/db/schema/entries';
import { fileMappings, type StoredMappingValidation, type StoredTransformation } from '@tidewise/db/schema/mappings';
import { normalizeHeader } from '@tidewise/shared/column-matching/index';
import { CATALOGUE_VERSION } from '@tidewise/shared/field-catalogue/index';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AppServices } from '../context.ts';

/**
 * The two writes that turn a read file into data entries, shared by the people who map and validate a file (the
 * mappings and entries modules) and by the platform when it makes a file itself (footprints received over PACT):
 * a column mapped to a field, and a validation run queued with the mappings as they are then (decision 0015).
 */

/** Validates a processed file through its mappings and stores its data entries (entries module, ingest/). */
export const APPLY_MAPPINGS_JOB = 'entries.applyMappings';

export type ApplyMappingsJob = {
  fileId: string;
  organizationId: string;
  /** The run's generation (file_validations.run_generation when it was queued); a newer run makes this job stale. */
  generation: number;
};

declare module './jobs/job-types.ts' {
  interface JobRegistry {
    [APPLY_MAPPINGS_JOB]: ApplyMappingsJob;
  }
}

/** Longest one attempt may run: a file of 2,000,000 rows on the embedded database, with room to spare. */
const APPLY_MAPPINGS_EXPIRY_SECONDS = 30 * 60;

/** Queues a validation run. Call after the transaction that set it `queued` has committed. One waiting job per run. */
export const enqueueApplyMappings = (services: Pick<AppServices, 'jobs'>, job: ApplyMappingsJob) =>
  services.jobs.send(APPLY_MAPPINGS_JOB, job, {
    singletonKey: `${job.fileId}:${job.generation}`,
    expireInSeconds: APPLY_MAPPINGS_EXPIRY_SECONDS,
  });

export type NewFileMapping = {
  file: { id: string; organizationId: string };
  category: string;
  column: { index: number; name: string };
  targetField: string;
  transformations: StoredTransformation[];
  validation: StoredMappingValidation;
  origin: 'learned' | 'manual' | 'suggestion';
  createdBy: string | null;
};

/**
 * Maps a column to a field: the active mappings of the same column or the same field are deactivated (kept as
 * history) and the new one inserted. Call with the file locked. Answers the new mapping and those it replaced.
 */
export const putFileMapping = async (tx: Executor, mapping: NewFileMapping) => {
  const replaced = await tx
    .update(fileMappings)
    .set({ isActive: false })
    .where(
      and(
        eq(fileMappings.fileId, mapping.file.id),
        eq(fileMappings.isActive, true),
        or(eq(fileMappings.sourceIndex, mapping.column.index), eq(fileMappings.targetField, mapping.targetField)),
      ),
    )
    .returning();
  const [created] = await tx
    .insert(fileMappings)
    .values({
      organizationId: mapping.file.organizationId,
      fileId: mapping.file.id,
      sourceColumn: mapping.column.name,
      sourceIndex: mapping.column.index,
      normalizedHeader: normalizeHeader(mapping.column.name),
      targetField: mapping.targetField,
      category: mapping.category,
      origin: mapping.origin,
      transformations: mapping.transformations,
      validation: mapping.validation,
      catalogueVersion: CATALOGUE_VERSION,
      createdBy: mapping.createdBy,
    })
    .returning();
  if (!created) throw new Error('mapping not stored');
  return { created, replaced };
};

const emptyCounts = (): StoredRunState['counts'] => ({
  totalRows: 0,
  emptyRows: 0,
  validRows: 0,
  invalidRows: 0,
  errorCount: 0,
  warningCount: 0,
  dataPointErrors: 0,
  dataPointWarnings: 0,
  dataPointSuccesses: 0,
  storedIssues: 0,
});

const firstRow = async <T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T | undefined> =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows[0];

/** Data rows of a file stored so far (the sum of its chunks' row counts). */
export const storedRowCount = async (executor: Executor, fileId: string): Promise<number> =>
  (
    await firstRow<{ stored: number }>(
      executor,
      sql`SELECT coalesce(sum(row_count), 0)::int AS stored FROM file_row_chunks WHERE file_id = ${fileId}::uuid`,
    )
  )?.stored ?? 0;

/**
 * Queues a validation run of a processed file with these rules (its active mappings of the category, as they are
 * now): a new generation, the run state the job starts from, the file's validation set `queued`. Call with the file
 * locked, then `enqueueApplyMappings` once the transaction committed. The entries readers see change only when the
 * run completes.
 */
export const queueValidationRun = async (
  tx: Executor,
  file: { id: string; organizationId: string; parseGeneration: number },
  category: string,
  rules: StoredRunRule[],
) => {
  const next = await firstRow<{ generation: number }>(tx, sql`SELECT nextval('validation_generation_seq')::int AS generation`);
  if (!next) throw new Error('no validation generation');
  const run: StoredRunState = {
    category,
    rules,
    entryFields: [],
    fields: { mapped: [], required: [], recommended: [], optional: [], missingRequired: [] },
    processedRows: 0,
    fileRows: await storedRowCount(tx, file.id),
    parseGeneration: file.parseGeneration,
    counts: emptyCounts(),
  };
  const queued = { status: 'queued', runGeneration: next.generation, run, rowsValidated: 0, failureReason: null, startedAt: null };
  const [validation] = await tx
    .insert(fileValidations)
    .values({ fileId: file.id, organizationId: file.organizationId, ...queued })
    .onConflictDoUpdate({ target: fileValidations.fileId, set: queued })
    .returning();
  if (!validation) throw new Error('no validation');
  return validation;
};
