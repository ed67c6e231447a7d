import type { AppServices } from '../../context.ts';

/** Validates a processed file through its mappings and stores its data entries (ingest/). */
export const APPLY_MAPPINGS_JOB = 'entries.applyMappings';

export type ApplyMappingsJob = {
  fileId: string;
  organizationId: string;
  /** The run's generation (file_validations.run_generation when it was queued); a newer run makes this job stale. */
  generation: number;
};

declare module '../../lib/jobs/job-types.ts' {
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
