import type { AppServices } from '../../../context.ts';
import { regenerateEntriesFile } from './entries-file.ts';
import { PACT_ENTRIES_JOB, PACT_SYNC_JOB } from './jobs.ts';
import { runConnectionSync } from './sync.ts';

/** The connections' jobs: pulling footprints (pact.sync) and making their entries file (pact.entries). */
export const registerConnectionJobs = async (services: AppServices) => {
  await services.jobs.work(PACT_SYNC_JOB, {}, (job) => runConnectionSync(services, job));
  await services.jobs.work(PACT_ENTRIES_JOB, {}, (job) => regenerateEntriesFile(services, job));
};
