import type { AppServices } from '../../context.ts';

/** Reads one stored file into row chunks and fileMetadata (processing/). */
export const PROCESS_FILE_JOB = 'uploads.processFile';

export type ProcessFileJob = {
  fileId: string;
  organizationId: string;
  /**
   * The file's parse_generation when the job was sent. A new reading (another sheet, a retry) bumps the
   * generation; a job of an older one stops without writing.
   */
  generation: number;
};

declare module '../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [PROCESS_FILE_JOB]: ProcessFileJob;
  }
}

/**
 * Queues the reading of a file. Call after the transaction that set the file `queued` has committed
 * (a job must never see a file its sender has not stored yet). One waiting job per file and generation.
 */
export const enqueueFileProcessing = (services: Pick<AppServices, 'jobs'>, job: ProcessFileJob) =>
  services.jobs.send(PROCESS_FILE_JOB, job, { singletonKey: `${job.fileId}:${job.generation}` });
