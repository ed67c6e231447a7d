import type { AppServices } from '../../context.ts';
import { EMISSION_RECOMPUTE_JOB } from '../../lib/emission-runs.ts';
import { failEmissionRunAfterRetries, recomputeEmissionRun } from './recompute/recompute-job.ts';

/** Registers the emissions module's job; `createApp` calls it before `jobs.start()`, like the other modules' jobs. */
export const registerEmissionsJobs = async (services: AppServices) => {
  await services.jobs.work(EMISSION_RECOMPUTE_JOB, { onFailed: (failure) => failEmissionRunAfterRetries(services, failure) }, (job) =>
    recomputeEmissionRun(services, job),
  );
};
