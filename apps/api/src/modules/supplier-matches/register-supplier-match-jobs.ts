import type { AppServices } from '../../context.ts';
import { SUPPLIER_MATCH_JOB } from '../../lib/supplier-matching-queue.ts';
import { failMatchingAfterRetries, matchFileSuppliers } from './match-file/match-file-job.ts';

/** Registers the supplier-matching job (queued by the entries module after a validation run, decision 6); `createApp` calls it. */
export const registerSupplierMatchJobs = async (services: AppServices) => {
  await services.jobs.work(SUPPLIER_MATCH_JOB, { onFailed: (failure) => failMatchingAfterRetries(services, failure) }, async (job) => {
    await matchFileSuppliers(services, job);
  });
};
