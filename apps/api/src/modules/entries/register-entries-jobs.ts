import type { AppServices } from '../../context.ts';
import { applyMappings, failRunAfterRetries } from './ingest/apply-mappings-job.ts';
import { sweepEntries } from './ingest/sweep.ts';
import { APPLY_MAPPINGS_JOB } from '../../lib/validation-runs.ts';

/**
 * Registers the entries module's job handlers; `createApp` calls it before `jobs.start()`, like the uploads jobs.
 * A process that works jobs also sweeps, in the background, the entries of files deleted since the last run
 * ended (data_entries has no foreign key; each run sweeps when it ends).
 */
export const registerEntriesJobs = async (services: AppServices) => {
  await services.jobs.work(APPLY_MAPPINGS_JOB, { onFailed: (failure) => failRunAfterRetries(services, failure) }, (job) =>
    applyMappings(services, job),
  );
  if (services.jobs.isWorking) {
    sweepEntries(services.db).catch((error: unknown) => services.logger.warn({ err: error }, 'could not sweep unused data entries'));
  }
};
