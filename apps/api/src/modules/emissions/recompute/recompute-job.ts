import { emissionFactors } from '@tidewise/db/schema/emissions';
import { createCalculator } from '@tidewise/shared/emissions/calculate/calculator';
import { splitEntryParts } from '@tidewise/shared/emissions/calculate/results';
import type { StoredEntryValue } from '@tidewise/shared/emissions/calculate/types';
import { createVesselYearAccumulator, type VesselYearAccumulator } from '@tidewise/shared/emissions/calculate/vessel-years';
import type { ConsolidationApproach } from '@tidewise/shared/emissions/scope3/assign-category';
import { GWP_SETS, type GwpSet } from '@tidewise/shared/emissions/factors/types';
import { eq, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { type EmissionRecomputeJob, publishEmissionRun } from '../../../lib/emission-runs.ts';
import type { Job, JobFailure } from '../../../lib/jobs/job-types.ts';
import { organizationFactorsForCalculator } from '../factor-views.ts';
import { reportableFiles } from './reportable-files.ts';
import { CELL_COLUMNS, type CellSums, createCellSums, type FilePrefix, RESULT_COLUMNS, resultLine } from './result-rows.ts';
import { type ClaimedRun, claimRun, failClaimedRun, failRunAfterRetries, isSuperseded, releaseClaimedRun } from './run-claim.ts';
import { pruneOldRuns } from './run-storage.ts';

export type RecomputeServices = Pick<AppServices, 'db' | 'bulkWrite' | 'logger' | 'pubsub' | 'jobs'>;

export type RecomputeTuning = {
  /** Entries read per query (default 5,000), in row order of the file. */
  pageSize?: number;
  /** Shortest time between two committed parts and progress events (default 1,000 ms); 0 commits after every page. */
  commitIntervalMs?: number;
};

const PAGE_SIZE = 5_000;
const COMMIT_INTERVAL_MS = 1_000;
/** A part is committed sooner once this much COPY text waits, so memory stays bounded whatever the database's speed. */
const COMMIT_BYTES = 16 * 1024 * 1024;

/** Entries computed between two turns of the event loop: about a millisecond of work, so requests wait little. */
const YIELD_EVERY = 200;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Another attempt took the run (or it ended meanwhile): this one stops without writing. */
class LostClaim extends Error {}
/** A newer run of the organisation exists: this one's figures would never be read. */
class Superseded extends Error {}

type EntryRow = { row_index: number; entry_date: string | null; values: StoredEntryValue[] };

/** One page of a generation's valid entries after `after`, in row order (the primary key's). */
const readPage = async (services: RecomputeServices, generation: number, after: number, size: number): Promise<EntryRow[]> => {
  const { rows } = (await services.db.execute(
    sql`SELECT row_index, entry_date::text AS entry_date, "values" FROM data_entries
        WHERE generation = ${generation}::int AND row_index > ${after}::int AND is_valid
        ORDER BY row_index LIMIT ${size}::int`,
  )) as unknown as { rows: EntryRow[] };
  return rows;
};

type Progress = { done: number; computed: number };

/**
 * Writes parts of a run's results, one transaction each with the run's progress, at most one at a time; the next
 * page is computed while a part is written. A part whose progress update finds the run taken by another attempt
 * writes nothing.
 */
const createPartWriter = (services: RecomputeServices, run: ClaimedRun) => {
  let chunks: string[] = [];
  let bytes = 0;
  let committing: Promise<void> = Promise.resolve();
  const claim = [run.id, run.startedAt.toISOString()];
  const commit = (progress: Progress) => {
    const part = chunks;
    chunks = [];
    bytes = 0;
    committing = committing.then(async () => {
      await services.bulkWrite(async (w) => {
        const held = await w.query(
          `UPDATE emission_runs SET entries_done = $3, entries_computed = $4, updated_at = now()
           WHERE id = $1 AND status = 'running' AND started_at = $2::timestamptz RETURNING id`,
          [...claim, progress.done, progress.computed],
        );
        if (held.length === 0) throw new LostClaim();
        await w.copyFrom('emission_results', RESULT_COLUMNS, part);
      });
      publishEmissionRun(services, run);
      if (await isSuperseded(services.db, run)) throw new Superseded();
    });
    // Surfaced by the next await of `committing`; never an unhandled rejection meanwhile.
    committing.catch(() => undefined);
  };
  return {
    add(chunk: string) {
      chunks.push(chunk);
      bytes += chunk.length;
    },
    get waitingBytes() {
      return bytes;
    },
    /** Commits what waits once the previous part is written. */
    async flush(progress: Progress) {
      await committing;
      commit(progress);
    },
    async settle() {
      await committing;
    },
    async abandon() {
      await committing.catch(() => undefined);
    },
  };
};

/** Streams every reportable file's entries through the calculator, writing results and summing cells and ship-years. */
const computeEntries = async (services: RecomputeServices, run: ClaimedRun, signal: AbortSignal, tuning: RecomputeTuning) => {
  const pageSize = tuning.pageSize ?? PAGE_SIZE;
  const commitIntervalMs = tuning.commitIntervalMs ?? COMMIT_INTERVAL_MS;
  const ownFactors = await services.db.select().from(emissionFactors).where(eq(emissionFactors.organizationId, run.organizationId));
  const gwpSet: GwpSet = (GWP_SETS as readonly string[]).includes(run.gwpSet) ? (run.gwpSet as GwpSet) : 'AR6';
  const calculator = createCalculator({
    gwpSet,
    consolidationApproach: run.consolidationApproach as ConsolidationApproach,
    organizationFactors: organizationFactorsForCalculator(ownFactors),
  });
  const files = await reportableFiles(services.db, run.organizationId);
  const total = files.reduce((sum, file) => sum + file.validRows, 0);
  await services.db.execute(
    sql`UPDATE emission_runs SET entries_total = ${total}::int, updated_at = now()
        WHERE id = ${run.id}::uuid AND status = 'running' AND started_at = ${run.startedAt.toISOString()}::timestamptz`,
  );
  publishEmissionRun(services, run);

  const cells = createCellSums();
  const vessels = createVesselYearAccumulator();
  const writer = createPartWriter(services, run);
  const progress: Progress = { done: 0, computed: 0 };
  // Where the time goes, for the log: waiting for pages, computing and formatting, waiting for a part to be written.
  const timings = { readMs: 0, computeMs: 0, writeWaitMs: 0 };
  let lastCommit = performance.now();
  try {
    for (const file of files) {
      const calculate = calculator.forFile(file.category, file.entryFields);
      const prefix: FilePrefix = {
        runId: run.id,
        generation: file.generation,
        fileId: file.fileId,
        supplierOrganizationId: file.supplierOrganizationId,
        category: file.category,
      };
      let next = readPage(services, file.generation, -1, pageSize);
      for (;;) {
        let mark = performance.now();
        const page = await next;
        timings.readMs += performance.now() - mark;
        mark = performance.now();
        if (page.length === 0) break;
        const last = page[page.length - 1] as EntryRow;
        // The next page is read while this one is computed.
        next = page.length < pageSize ? Promise.resolve([]) : readPage(services, file.generation, last.row_index, pageSize);
        next.catch(() => undefined);
        let chunk = '';
        for (let i = 0; i < page.length; i++) {
          const row = page[i] as EntryRow;
          const emission = calculate(row.values, row.entry_date, file.supplierOrganizationId);
          if (emission.wttPart === null) {
            chunk += resultLine(prefix, row.row_index, 0, emission);
            cells.add(prefix, emission);
          } else {
            // Decision 0018's two-part rules: tank-to-wake under scope 1/2, well-to-tank under its scope 3 category.
            const [tankToWake, wellToTank] = splitEntryParts(emission);
            chunk += resultLine(prefix, row.row_index, 0, tankToWake) + resultLine(prefix, row.row_index, 1, wellToTank);
            cells.add(prefix, tankToWake);
            cells.add(prefix, wellToTank);
          }
          // The ship's year takes the entry once, whole, whatever its parts.
          vessels.add(emission, file.supplierOrganizationId);
          if (emission.method !== 'not_computed') progress.computed += 1;
          // The server answers requests between slices of entries (on the embedded database every query resolves
          // without I/O, so nothing else would give it a turn until the run ends).
          if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
        }
        progress.done += page.length;
        writer.add(chunk);
        timings.computeMs += performance.now() - mark;
        await yieldToEventLoop();
        if (signal.aborted) throw new Error('the run was stopped (the server stopped or the time limit passed)');
        if (writer.waitingBytes >= COMMIT_BYTES || performance.now() - lastCommit >= commitIntervalMs) {
          mark = performance.now();
          await writer.flush({ ...progress });
          timings.writeWaitMs += performance.now() - mark;
          lastCommit = performance.now();
        }
      }
    }
    if (writer.waitingBytes > 0) await writer.flush({ ...progress });
    await writer.settle();
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  return { progress, cells, vessels, factorSets: calculator.factorSets(), timings };
};

/** The run's end, in one transaction: its cells, ship-years and factor sets, `completed`, and the organisation's current run. */
const completeRun = async (
  services: RecomputeServices,
  run: ClaimedRun,
  outcome: { progress: Progress; cells: CellSums; vessels: VesselYearAccumulator; factorSets: unknown[] },
) => {
  const years = outcome.vessels.years();
  await services.bulkWrite(async (w) => {
    const held = await w.query(
      `UPDATE emission_runs SET status = 'completed', finished_at = now(), updated_at = now(),
         entries_total = $3, entries_done = $3, entries_computed = $4, factor_sets = $5::jsonb
       WHERE id = $1 AND status = 'running' AND started_at = $2::timestamptz RETURNING id`,
      [run.id, run.startedAt.toISOString(), outcome.progress.done, outcome.progress.computed, JSON.stringify(outcome.factorSets)],
    );
    if (held.length === 0) throw new LostClaim();
    await w.copyFrom('emission_report_cells', CELL_COLUMNS, [...outcome.cells.lines(run.id)]);
    for (let start = 0; start < years.length; start += 500) {
      const batch = years.slice(start, start + 500);
      await w.query(
        `INSERT INTO emission_vessel_years (run_id, imo, year, name, ship_type, supplier_organization_id, co2_kg, data)
         SELECT $1::uuid, v.imo, v.year, v.name, v.ship_type, v.supplier_organization_id, v.co2_kg, v.data
         FROM jsonb_to_recordset($2::jsonb) AS v(imo text, year int, name text, ship_type text, supplier_organization_id uuid, co2_kg float8, data jsonb)`,
        [
          run.id,
          JSON.stringify(
            batch.map((y) => ({
              imo: y.imo,
              year: y.year,
              name: y.name,
              ship_type: y.shipType,
              supplier_organization_id: y.supplierOrganizationId,
              co2_kg: y.co2Kg,
              data: y.data,
            })),
          ),
        ],
      );
    }
    // A newer run that completed first stays the current one.
    await w.query(
      `UPDATE emission_settings SET current_run_id = $1, updated_at = now()
       WHERE organization_id = $2 AND (current_run_id IS NULL OR NOT EXISTS (
         SELECT 1 FROM emission_runs c WHERE c.id = emission_settings.current_run_id AND c.created_at > $3::timestamptz))`,
      [run.id, run.organizationId, run.createdAt.toISOString()],
    );
  });
  return years.length;
};

/**
 * The `emissions.recompute` job: computes every reportable entry of the organisation (its own validated files and
 * the accepted answers of its suppliers) with its settings and factors, writes the results under the run (two parts for
 * an entry decision 0018 splits), sums the
 * report cells and ship-years, then makes the run the organisation's current one and prunes runs older than the
 * previous one. Safe to run twice (decision 0013): the run is claimed, every write names the claim, and a retry
 * starts the run again from its first entry. A newer run stops it early.
 */
export const recomputeEmissionRun = async (
  services: RecomputeServices,
  job: Pick<Job<EmissionRecomputeJob>, 'data' | 'signal' | 'retryCount' | 'retryLimit'>,
  tuning: RecomputeTuning = {},
): Promise<void> => {
  const logger = services.logger.child({ runId: job.data.runId });
  const run = await claimRun(services.db, job.data.runId);
  if (!run) {
    logger.debug('emission run already taken or ended; nothing to do');
    return;
  }
  publishEmissionRun(services, run);
  const started = performance.now();
  try {
    const outcome = await computeEntries(services, run, job.signal, tuning);
    const computedAt = performance.now();
    const vesselYears = await completeRun(services, run, outcome);
    publishEmissionRun(services, run);
    logger.info(
      {
        organizationId: run.organizationId,
        entries: outcome.progress.done,
        computed: outcome.progress.computed,
        cells: outcome.cells.size,
        vesselYears,
        computeMs: Math.round(computedAt - started),
        readWaitMs: Math.round(outcome.timings.readMs),
        calculateMs: Math.round(outcome.timings.computeMs),
        writeWaitMs: Math.round(outcome.timings.writeWaitMs),
        completeMs: Math.round(performance.now() - computedAt),
      },
      'emission run completed',
    );
  } catch (error) {
    if (error instanceof LostClaim) {
      logger.info('another attempt took the emission run over; this one stops');
      return;
    }
    if (error instanceof Superseded) {
      if (
        await failClaimedRun(
          services.db,
          run,
          'Replaced by a newer run before it finished: the newer run computes the same data with the latest changes.',
        )
      )
        publishEmissionRun(services, run);
      logger.info('a newer emission run replaced this one; it stops');
      return;
    }
    logger.warn({ err: error }, 'emission run attempt failed');
    if (job.retryCount >= job.retryLimit) {
      if (await failClaimedRun(services.db, run, failureMessage(error))) publishEmissionRun(services, run);
    } else {
      await releaseClaimedRun(services.db, run);
      publishEmissionRun(services, run);
    }
    throw error;
  }
  try {
    const pruned = await pruneOldRuns(services.db, run.organizationId);
    if (pruned > 0) logger.debug({ pruned }, 'results of older emission runs deleted');
  } catch (error) {
    // The run stands; the next one prunes again.
    logger.warn({ err: error }, 'could not delete the results of older emission runs');
  }
};

const failureMessage = (error: unknown) => {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/[.\s]+$/, '');
  return `The emissions could not be computed: every attempt failed. Last reason: ${reason}. The figures of the previous run stay; try Recompute later.`;
};

/** After the last attempt failed or its process died: the run ends `failed`, so it does not stay queued or running. */
export const failEmissionRunAfterRetries = async (services: RecomputeServices, failure: JobFailure<EmissionRecomputeJob>) => {
  const ended = await failRunAfterRetries(services.db, failure.data.runId, failureMessage(new Error(failure.reason)));
  if (ended) {
    services.logger.warn({ runId: ended.id, reason: failure.reason }, 'emission run failed after every attempt');
    publishEmissionRun(services, ended);
  }
};
