import type { AppServices } from '../../context.ts';
import { registerConnectionJobs } from './connections/register-connection-jobs.ts';
import { registerPactEventJobs } from './http/register-pact-event-jobs.ts';

/** Registers every PACT job (events received at POST /2/events, connection pulls); `createApp` calls it before `jobs.start()`. */
export const registerPactJobs = async (services: AppServices) => {
  await registerPactEventJobs(services);
  await registerConnectionJobs(services);
};
