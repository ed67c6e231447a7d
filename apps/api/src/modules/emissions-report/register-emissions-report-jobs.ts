import { existsSync } from 'node:fs';
import { mrvReferenceShips } from '@tidewise/db/schema/emissions';
import type { AppServices } from '../../context.ts';
import { loadMrvReference } from './mrv-reference/load-mrv-reference.ts';

/** Loads the EU MRV publication files of EU_MRV_REFERENCE_DIR into mrv_reference_ships (docs/emissions-report.md). */
export const LOAD_MRV_REFERENCE_JOB = 'emissions.loadMrvReference';

declare module '../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [LOAD_MRV_REFERENCE_JOB]: Record<string, never>;
  }
}

/** Registers the reference loader; `createApp` calls it before `jobs.start()`. */
export const registerEmissionsReportJobs = async (services: AppServices) => {
  await services.jobs.work(LOAD_MRV_REFERENCE_JOB, { concurrency: 1 }, async () => {
    const dir = services.env.EU_MRV_REFERENCE_DIR;
    if (!existsSync(dir)) {
      services.logger.info({ dir }, 'EU MRV reference folder not found: nothing loaded');
      return;
    }
    const loaded = await loadMrvReference(services.db, dir);
    services.logger.info({ files: loaded }, 'EU MRV reference loaded');
  });
};

/**
 * After `jobs.start()`: queues the reference load when the table is empty and the folder exists, so a new
 * installation benchmarks its vessels without a manual step. Without the folder it logs a line and does nothing.
 * Test servers (NODE_ENV=test) queue nothing: each would load the same 50,000 ships again, and the tests that need
 * the reference load it themselves. Never stops the boot.
 */
export const queueMrvReferenceLoad = async (services: AppServices) => {
  const dir = services.env.EU_MRV_REFERENCE_DIR;
  if (services.env.NODE_ENV === 'test') return;
  if (!existsSync(dir)) {
    services.logger.info({ dir }, 'EU MRV reference folder not found: the vessel benchmarks will have no reference ships');
    return;
  }
  try {
    const [loaded] = await services.db.select({ imo: mrvReferenceShips.imo }).from(mrvReferenceShips).limit(1);
    if (loaded) return;
    await services.jobs.send(LOAD_MRV_REFERENCE_JOB, {}, { singletonKey: LOAD_MRV_REFERENCE_JOB, expireInSeconds: 30 * 60 });
  } catch (error) {
    services.logger.warn({ err: error }, 'could not queue the EU MRV reference load');
  }
};
