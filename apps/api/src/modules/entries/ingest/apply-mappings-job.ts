import type { StoredRunCounts, StoredRunState } from '@tidewise/db/schema/entries';
import { compileEntryPlan, type MappingRule } from '@tidewise/shared/entry-rules/index';
import { fieldsByCategory, isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import type { Job, JobFailure } from '../../../lib/jobs/job-types.ts';
import { queueEmissionRecompute } from '../../../lib/emission-runs.ts';
import { queueSupplierMatching } from '../../../lib/supplier-matching-queue.ts';
import type { ApplyMappingsJob } from '../../../lib/validation-runs.ts';
import { publishValidationChange, type ValidatedFile } from '../live-events.ts';
import { readChunksFrom } from '../row-chunks.ts';
import { VALIDATION_ISSUE_CAP } from '../validation-statuses.ts';
import { addCounts, type ChunkResult } from './ingest-protocol.ts';
import { beginRun, commitRunPart, FileChangedError, failRun, finishRun, validatedFileOf } from './run-state.ts';
import { startIngestWorker } from './run-ingest-in-worker.ts';
import { sweepEntries } from './sweep.ts';

export type IngestServices = Pick<AppServices, 'db' | 'bulkWrite' | 'logger' | 'pubsub' | 'jobs'>;

/** A part of the run is committed (and progress announced) at most this often... */
export const COMMIT_INTERVAL_MS = 500;
/** ...or sooner once this much COPY text waits, so memory stays bounded whatever the speed of the database. */
const COMMIT_BYTES = 8 * 1024 * 1024;
/**
 * Chunks (of up to 2,000 rows) read from the database per query, and handed to the worker before their results are
 * taken: enough for the worker to validate on while a part is written (about 4 MB of results at most).
 */
const CHUNKS_PER_READ = 8;
const CHUNKS_IN_FLIGHT = 12;
/** Duplicate-key hashes sent to the worker per message. */
const KEYS_PER_PAGE = 50_000;

/** The run was replaced, its file deleted, or another attempt finished it: stop quietly. */
class StaleRun extends Error {}

/** Another attempt of the job committed the rows this one was about to: this attempt ends and the queue retries it. */
export class ConcurrentRunError extends Error {
  constructor(fromRows: number) {
    super(`another attempt stored the rows from ${fromRows + 1} first; the next attempt resumes after the rows stored`);
    this.name = 'ConcurrentRunError';
  }
}

/** The plan's issues and the fields of a run, computed the same way at its start and by the worker. */
export const planOf = (state: StoredRunState) => {
  if (!isCatalogueCategory(state.category)) throw new Error(`category ${state.category} has no fields`);
  const { plan, issues } = compileEntryPlan(state.category, state.rules as MappingRule[]);
  const catalogue = fieldsByCategory(state.category);
  const mapped = plan.fields.map((field) => field.key);
  const keysOf = (requirement: string) => catalogue.filter((field) => field.requirement === requirement).map((field) => field.key);
  const required = keysOf('required');
  return {
    issues: issues.slice(0, VALIDATION_ISSUE_CAP),
    entryFields: mapped,
    fields: {
      mapped,
      required,
      recommended: keysOf('recommended'),
      optional: keysOf('optional'),
      missingRequired: required.filter((key) => !mapped.includes(key)),
    },
  };
};

type Rows<T> = { rows: T[] };

/** Hashes of the duplicate keys of one generation's entries, a page at a time (the primary key's order). */
async function* keyPagesOf(services: IngestServices, generation: number) {
  let after = -1;
  for (;;) {
    const { rows } = (await services.db.execute(
      sql`SELECT row_index, row_number, dup_hash::float8 AS hash FROM data_entries
          WHERE generation = ${generation}::int AND row_index > ${after}::int AND dup_hash IS NOT NULL
          ORDER BY row_index LIMIT ${KEYS_PER_PAGE}::int`,
    )) as unknown as Rows<{ row_index: number; row_number: number; hash: number }>;
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.row_index ?? after;
    yield { hashes: Float64Array.from(rows, (row) => Number(row.hash)), rowNumbers: Int32Array.from(rows, (row) => row.row_number) };
    if (rows.length < KEYS_PER_PAGE) return;
  }
}

/** The visible generations of the organization's other files of the category: their entries are the stored ones. */
const otherGenerations = async (services: IngestServices, job: ApplyMappingsJob, category: string): Promise<number[]> => {
  const { rows } = (await services.db.execute(
    sql`SELECT entries_generation AS generation FROM file_validations
        WHERE organization_id = ${job.organizationId}::uuid AND category = ${category} AND file_id <> ${job.fileId}::uuid
          AND entries_generation > 0`,
  )) as unknown as Rows<{ generation: number }>;
  return rows.map((row) => row.generation);
};

type Pending = { rows: number; entries: Uint8Array[]; issues: Uint8Array[]; bytes: number; counts: StoredRunCounts };

/**
 * Streams the file's chunks from where the run stands through the worker and commits what it makes, a part at a
 * time: at most every COMMIT_INTERVAL_MS (or COMMIT_BYTES), each part one transaction with the run's counts, so
 * an attempt cut off anywhere resumes after the last part and stores each row once. The worker validates the
 * next chunks while a part is written.
 */
export type IngestTuning = {
  /** Shortest time between two committed parts (default COMMIT_INTERVAL_MS); 0 commits after every chunk. */
  commitIntervalMs?: number;
};

const ingestRows = async (
  services: IngestServices,
  job: ApplyMappingsJob,
  start: { file: ValidatedFile; state: StoredRunState },
  signal: AbortSignal,
  tuning: IngestTuning,
) => {
  const commitIntervalMs = tuning.commitIntervalMs ?? COMMIT_INTERVAL_MS;
  const startedAt = performance.now();
  const { file } = start;
  let state = start.state;
  const worker = startIngestWorker({
    fileId: job.fileId,
    generation: job.generation,
    category: state.category as never,
    rules: state.rules as MappingRule[],
    issueCap: VALIDATION_ISSUE_CAP,
    storedIssues: state.counts.storedIssues,
  });
  let pending: Pending = { rows: 0, entries: [], issues: [], bytes: 0, counts: { ...state.counts } };
  let committing: Promise<void> = Promise.resolve();
  let lastCommit = performance.now();
  const commit = () => {
    const part = pending;
    pending = { rows: 0, entries: [], issues: [], bytes: 0, counts: { ...part.counts } };
    lastCommit = performance.now();
    committing = committing.then(async () => {
      const fromRows = state.processedRows;
      const processedRows = fromRows + part.rows;
      const outcome = await commitRunPart(services, job, {
        fromRows,
        processedRows,
        counts: part.counts,
        entries: part.entries,
        issues: part.issues,
      });
      if (outcome === 'stale') throw new StaleRun();
      if (outcome === 'taken') throw new ConcurrentRunError(fromRows);
      state = { ...state, processedRows, counts: part.counts };
      publishValidationChange(services, file, 'validating');
    });
    // Surfaced by the next await of `committing`; never an unhandled rejection meanwhile.
    committing.catch(() => undefined);
  };

  const pump = async () => {
    let nextIndex = state.processedRows;
    let page: { firstIndex: number; rowCount: number; packed: string }[] = [];
    let exhausted = false;
    const inFlight: Promise<ChunkResult>[] = [];
    for (;;) {
      while (!exhausted && inFlight.length < CHUNKS_IN_FLIGHT) {
        if (page.length === 0) page = await readChunksFrom(services.db, job.fileId, nextIndex, CHUNKS_PER_READ);
        const chunk = page.shift();
        if (!chunk) {
          exhausted = true;
          break;
        }
        // Chunks run without gaps; one that does not follow means the file was read again meanwhile.
        if (chunk.firstIndex !== nextIndex) throw new FileChangedError();
        const result = worker.process(chunk.firstIndex, chunk.packed);
        // Awaited in order below; a failure meanwhile is not an unhandled rejection.
        result.catch(() => undefined);
        inFlight.push(result);
        nextIndex += chunk.rowCount;
      }
      const next = inFlight.shift();
      if (!next) return;
      const result = await next;
      if (signal.aborted) throw new Error('the run was stopped (the server stopped or the time limit passed)');
      pending.rows += result.rows;
      pending.entries.push(result.entries);
      pending.issues.push(result.issues);
      pending.bytes += result.entries.byteLength + result.issues.byteLength;
      addCounts(pending.counts, result.counts);
      if (pending.bytes >= COMMIT_BYTES || performance.now() - lastCommit >= commitIntervalMs) {
        // One part is written while the next is validated; never more than one waits.
        await committing;
        commit();
      }
    }
  };

  try {
    for (const generation of await otherGenerations(services, job, state.category)) {
      for await (const keys of keyPagesOf(services, generation)) await worker.addKeys('stored', keys);
    }
    if (state.processedRows > 0) for await (const keys of keyPagesOf(services, job.generation)) await worker.addKeys('file', keys);
    const keysAt = performance.now();
    await pump();
    services.logger.debug(
      { fileId: job.fileId, keysMs: Math.round(keysAt - startedAt), pumpMs: Math.round(performance.now() - keysAt) },
      'validation rows pumped',
    );
    if (pending.rows > 0) commit();
    await committing;
    return state;
  } catch (error) {
    // The part being written ends before this attempt does: a retry never races a write of the run it replaces.
    await committing.catch(() => undefined);
    throw error;
  } finally {
    await worker.terminate();
  }
};

/**
 * The `entries.applyMappings` job: validates every row of the file through the mappings the run was queued with
 * (entry rules, in a worker thread), stores the entries and issues under the run's generation, then makes that
 * generation the one readers see in one transaction and deletes the one it replaced. Safe to run twice (decision
 * 0013): every write is guarded by the run's generation, a part is committed only after the previous one, and an
 * attempt resumes after the rows committed. Bad data is issues, never a failure; a file read again meanwhile
 * fails the run; anything else throws and the queue retries.
 */
export const applyMappings = async (
  services: IngestServices,
  job: Pick<Job<ApplyMappingsJob>, 'data' | 'signal'>,
  tuning: IngestTuning = {},
): Promise<void> => {
  const { data } = job;
  const logger = services.logger.child({ fileId: data.fileId, generation: data.generation });
  const begun = await beginRun(services, data, planOf);
  if (!begun) {
    logger.debug('validation job is stale; nothing to do');
    return;
  }
  publishValidationChange(services, begun.file, 'validating');
  try {
    const started = performance.now();
    const state = await ingestRows(services, data, begun, job.signal, tuning);
    const ingested = performance.now();
    const finished = await finishRun(services.db, data, state);
    if (!finished) return;
    publishValidationChange(services, begun.file, 'validated');
    // A customer's file naming suppliers is matched to organizations next (decision 6).
    await queueSupplierMatching(services, { ...data, category: state.category, entryFields: state.entryFields });
    // The entries changed: the emissions of the file's owner (and of customers that accepted it) are recomputed.
    await queueEmissionRecompute(services, { fileId: data.fileId });
    const switched = performance.now();
    await sweepEntries(services.db, data.fileId);
    logger.info(
      {
        rows: state.processedRows,
        resumed: begun.resumed,
        ingestMs: Math.round(ingested - started),
        switchMs: Math.round(switched - ingested),
        sweepMs: Math.round(performance.now() - switched),
      },
      'validation run completed',
    );
  } catch (error) {
    if (error instanceof StaleRun) {
      logger.info('the validation was replaced or its file deleted while it ran; this run stops');
      return;
    }
    if (error instanceof FileChangedError) {
      if (await failRun(services.db, data, error.message)) publishValidationChange(services, begun.file, 'failed');
      await sweepEntries(services.db, data.fileId);
      return;
    }
    logger.warn({ err: error }, 'validation attempt failed');
    throw error;
  }
};

/**
 * After the last attempt failed: the run ends `failed` with the reason, so it does not stay `validating`; the
 * entries readers see stay as they were.
 */
export const failRunAfterRetries = async (services: IngestServices, failure: JobFailure<ApplyMappingsJob>): Promise<void> => {
  const reason = failure.reason.replace(/[.\s]+$/, '');
  const changed = await failRun(
    services.db,
    failure.data,
    `The mappings could not be applied: every attempt failed. Last reason: ${reason}. Try again later.`,
    ['queued', 'validating'],
  );
  if (!changed) return;
  services.logger.warn({ fileId: failure.data.fileId, reason }, 'validation failed after every attempt');
  const file = await validatedFileOf(services.db, failure.data.fileId);
  if (file) publishValidationChange(services, file, 'failed');
  await sweepEntries(services.db, failure.data.fileId);
};
