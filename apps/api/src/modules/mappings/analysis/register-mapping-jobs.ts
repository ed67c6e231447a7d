import type { AppServices } from '../../../context.ts';
import { ANALYZE_COLUMNS_JOB } from '../jobs.ts';
import { type AnalysisServices, analyzeColumns } from './analyze-columns.ts';

/** Registers the mappings module's job handlers; `createApp` calls it before `jobs.start()`, like the uploads module's. */
export const registerMappingJobs = async (services: AnalysisServices & Pick<AppServices, 'jobs'>) => {
  await services.jobs.work(ANALYZE_COLUMNS_JOB, {}, (job) => analyzeColumns(services, job));
};
