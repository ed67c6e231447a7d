import type { Database } from '@tidewise/db/client';
import { fileValidations, type StoredRunCounts, type StoredRunState, validationIssues } from '@tidewise/db/schema/entries';
import { files, uploads } from '@tidewise/db/schema/uploads';
import type { Issue } from '@tidewise/shared/entry-rules/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import type { ApplyMappingsJob } from '../../../lib/validation-runs.ts';
import type { ValidatedFile } from '../live-events.ts';
import type { ValidationStatus } from '../validation-statuses.ts';
import { issueCopyLine } from './copy-text.ts';
import { ENTRY_COPY_COLUMNS, ISSUE_COPY_COLUMNS } from './ingest-protocol.ts';

/**
 * A validation run's record (file_validations) through its life, each change one statement or transaction
 * guarded by the run's generation and status: a run that was replaced (mappings applied again), whose file was
 * deleted, or that another attempt finished changes nothing and is told so.
 */

const ofRun = (job: ApplyMappingsJob) =>
  and(
    eq(fileValidations.fileId, job.fileId),
    eq(fileValidations.organizationId, job.organizationId),
    eq(fileValidations.runGeneration, job.generation),
  );

export type RunStart = { file: ValidatedFile; state: StoredRunState; resumed: boolean };

const validatedFileOf = async (db: Database, fileId: string): Promise<ValidatedFile | null> => {
  const [row] = await db
    .select({
      id: files.id,
      organizationId: files.organizationId,
      fileUploadId: files.fileUploadId,
      status: files.status,
      uploadId: uploads.id,
    })
    .from(files)
    .leftJoin(uploads, eq(uploads.fileId, files.id))
    .where(eq(files.id, fileId))
    .limit(1);
  return row ?? null;
};

/**
 * Starts the job's run or takes up the one a stopped attempt left: `queued` becomes `validating` (rows of this
 * generation left by nothing are dropped, the plan's issues stored and counted); `validating` resumes after the
 * rows committed. Null when the job is stale. `planIssues` are the plan's own (no row).
 */
export const beginRun = async (
  services: Pick<AppServices, 'db' | 'bulkWrite'>,
  job: ApplyMappingsJob,
  planIssues: (state: StoredRunState) => { issues: Issue[]; fields: StoredRunState['fields']; entryFields: string[] },
): Promise<RunStart | null> => {
  const outcome = await services.bulkWrite(async (w) => {
    const [row] = await w.query<{ status: string; run: StoredRunState | null }>(
      `SELECT status, run FROM file_validations
       WHERE file_id = $1 AND organization_id = $2 AND run_generation = $3 AND status IN ('queued', 'validating') FOR UPDATE`,
      [job.fileId, job.organizationId, job.generation],
    );
    if (!row?.run) return null;
    if (row.status === 'validating') return { state: row.run, resumed: true };
    await w.query('DELETE FROM data_entries WHERE generation = $1', [job.generation]);
    await w.query('DELETE FROM validation_issues WHERE file_id = $1 AND generation = $2', [job.fileId, job.generation]);
    const plan = planIssues(row.run);
    const counts: StoredRunCounts = { ...row.run.counts };
    for (const issue of plan.issues) {
      if (issue.type === 'error') counts.errorCount += 1;
      else counts.warningCount += 1;
    }
    counts.storedIssues = plan.issues.length;
    const state: StoredRunState = { ...row.run, fields: plan.fields, entryFields: plan.entryFields, processedRows: 0, counts };
    await w.copyFrom(
      'validation_issues',
      ISSUE_COPY_COLUMNS,
      plan.issues.map((issue) => issueCopyLine(job.fileId, job.generation, { ...issue, rowNumber: null })),
    );
    await w.query(
      `UPDATE file_validations SET status = 'validating', run = $2::jsonb, rows_validated = 0, started_at = now(), failure_reason = null,
              updated_at = now() WHERE file_id = $1`,
      [job.fileId, JSON.stringify(state)],
    );
    return { state, resumed: false };
  });
  if (!outcome) return null;
  const file = await validatedFileOf(services.db, job.fileId);
  return file ? { file, ...outcome } : null;
};

/** What committing a part of the run came to: stored; nothing written as the run is stale; or another attempt got there first. */
export type CommitOutcome = 'stored' | 'stale' | 'taken';

export type RunPart = {
  /** The run's processed rows before this part. */
  fromRows: number;
  processedRows: number;
  counts: StoredRunCounts;
  /** COPY text of data_entries and validation_issues rows, UTF-8. */
  entries: Uint8Array[];
  issues: Uint8Array[];
};

class NotCommitted extends Error {
  constructor(readonly outcome: 'stale' | 'taken') {
    super(outcome);
  }
}

/**
 * Stores a part of the run, its entries and issues through COPY and its counts, in one transaction. The guarded
 * UPDATE comes first: it takes the validation's row lock, so a second attempt of the job waits here and then sees
 * that this part is stored (`taken`). Nothing is written unless the outcome is `stored`.
 */
export const commitRunPart = (services: Pick<AppServices, 'bulkWrite'>, job: ApplyMappingsJob, part: RunPart): Promise<CommitOutcome> =>
  services
    .bulkWrite(async (w) => {
      const updated = await w.query(
        `UPDATE file_validations
         SET run = jsonb_set(jsonb_set(run, '{counts}', $1::jsonb), '{processedRows}', to_jsonb($2::int)), rows_validated = $2, updated_at = now()
         WHERE file_id = $3 AND organization_id = $4 AND run_generation = $5 AND status = 'validating' AND (run->>'processedRows')::int = $6
         RETURNING file_id`,
        [JSON.stringify(part.counts), part.processedRows, job.fileId, job.organizationId, job.generation, part.fromRows],
      );
      if (updated.length === 0) {
        const [current] = await w.query(
          `SELECT 1 FROM file_validations WHERE file_id = $1 AND organization_id = $2 AND run_generation = $3 AND status = 'validating'`,
          [job.fileId, job.organizationId, job.generation],
        );
        throw new NotCommitted(current ? 'taken' : 'stale');
      }
      await w.copyFrom('data_entries', ENTRY_COPY_COLUMNS, part.entries);
      await w.copyFrom('validation_issues', ISSUE_COPY_COLUMNS, part.issues);
      return 'stored' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof NotCommitted) return error.outcome;
      throw error;
    });

/** The file was read again (or deleted) while it was validated: the run fails with this, the job is not retried. */
export class FileChangedError extends Error {
  constructor() {
    super('The file was read again while it was validated. Apply the mappings again.');
    this.name = 'FileChangedError';
  }
}

/**
 * The run is complete: its generation becomes the one readers see, with its totals, fields and validity, in one
 * transaction. Answers the generation it replaced (0 for none), or null when the job is stale. Throws
 * FileChangedError when the file's rows are no longer the ones the run read.
 */
export const finishRun = (db: Database, job: ApplyMappingsJob, state: StoredRunState): Promise<{ previous: number } | null> =>
  db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(fileValidations)
      .where(and(ofRun(job), eq(fileValidations.status, 'validating')))
      .for('update')
      .limit(1);
    if (!current) return null;
    const [file] = await tx
      .select({ status: files.status, parseGeneration: files.parseGeneration })
      .from(files)
      .where(eq(files.id, job.fileId))
      .limit(1);
    const stored = (
      (await tx.execute(
        sql`SELECT coalesce(sum(row_count), 0)::int AS stored FROM file_row_chunks WHERE file_id = ${job.fileId}::uuid`,
      )) as unknown as { rows: { stored: number }[] }
    ).rows[0]?.stored;
    if (file?.status !== 'processed' || file.parseGeneration !== state.parseGeneration || stored !== state.processedRows) {
      throw new FileChangedError();
    }
    const { counts } = state;
    if (counts.errorCount + counts.warningCount > counts.storedIssues) {
      await tx.insert(validationIssues).values({
        fileId: job.fileId,
        generation: job.generation,
        rowNumber: null,
        field: null,
        code: 'ISSUES_CAPPED',
        type: 'warning',
        message: `Only the first ${counts.storedIssues.toLocaleString('en')} of ${(counts.errorCount + counts.warningCount).toLocaleString('en')} issues are listed; the counts cover them all.`,
        value: null,
      });
    }
    await tx
      .update(fileValidations)
      .set({
        status: 'validated',
        entriesGeneration: job.generation,
        entryFields: state.entryFields,
        category: state.category,
        fields: state.fields,
        isValid: counts.errorCount === 0,
        totalRows: counts.totalRows,
        emptyRows: counts.emptyRows,
        validRows: counts.validRows,
        invalidRows: counts.invalidRows,
        errorCount: counts.errorCount,
        warningCount: counts.warningCount,
        dataPointErrors: counts.dataPointErrors,
        dataPointWarnings: counts.dataPointWarnings,
        dataPointSuccesses: counts.dataPointSuccesses,
        rowsValidated: state.processedRows,
        run: null,
        failureReason: null,
        validatedAt: new Date(),
      })
      .where(eq(fileValidations.fileId, job.fileId));
    return { previous: current.entriesGeneration };
  });

/**
 * Ends the run as failed with its reason; the entries readers see stay as they were. Only a run in one of
 * `from` changes. Answers false when the job is stale.
 */
export const failRun = async (
  db: Database,
  job: ApplyMappingsJob,
  reason: string,
  from: readonly ValidationStatus[] = ['validating'],
): Promise<boolean> => {
  const changed = await db
    .update(fileValidations)
    .set({ status: 'failed', failureReason: reason, run: null })
    .where(and(ofRun(job), inArray(fileValidations.status, [...from])))
    .returning({ fileId: fileValidations.fileId });
  return changed.length > 0;
};

export { validatedFileOf };
