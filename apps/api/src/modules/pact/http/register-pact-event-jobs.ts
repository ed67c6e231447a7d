import type { AppServices } from '../../../context.ts';
import { failPactEvent, processPactEvent } from './process-pact-event.ts';
import { PROCESS_PACT_EVENT_JOB } from './receive-pact-event.ts';

/**
 * Processes received PACT events. An answer the partner does not take throws and is retried with backoff (the spec
 * asks for retries); after the last attempt the event is marked failed with the reason.
 */
export const registerPactEventJobs = async (services: AppServices) => {
  await services.jobs.work(
    PROCESS_PACT_EVENT_JOB,
    {
      onFailed: (failure) =>
        failPactEvent(services, failure.data.eventRowId, `Could not be processed after every attempt: ${failure.reason}`),
    },
    (job) => processPactEvent(services, job.data.eventRowId),
  );
};
