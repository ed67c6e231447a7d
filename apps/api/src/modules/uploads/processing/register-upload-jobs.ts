import type { AppServices } from '../../../context.ts';
import { PROCESS_FILE_JOB } from '../jobs.ts';
import { failFileAfterRetries, type ProcessingServices, processFile } from './process-file.ts';

/**
 * Registers the uploads module's job handlers on the queue. `createApp` calls it before `jobs.start()`, so the
 * server and `npm run worker` work the same jobs; with JOBS_ENABLED=false the queue registers nothing.
 */
export const registerUploadJobs = async (services: ProcessingServices & Pick<AppServices, 'jobs'>) => {
  await services.jobs.work(PROCESS_FILE_JOB, { onFailed: (failure) => failFileAfterRetries(services, failure) }, (job) =>
    processFile(services, job),
  );
};
