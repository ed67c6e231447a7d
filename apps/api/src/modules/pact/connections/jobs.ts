import type { AppServices } from '../../../context.ts';

/** Pulls a connection's footprints from the partner (all it lists, or the given ids) and stores them. */
export const PACT_SYNC_JOB = 'pact.sync';
/** Makes the connection's file of data entries again from its received footprints (entries-file.ts). */
export const PACT_ENTRIES_JOB = 'pact.entries';

export type PactSyncJob = { connectionId: string; footprintIds: string[] | null };
export type PactEntriesJob = { connectionId: string };

declare module '../../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [PACT_SYNC_JOB]: PactSyncJob;
    [PACT_ENTRIES_JOB]: PactEntriesJob;
  }
}

/** A connection changed (status, counts, entries file). Subscribers read it again for their organisation. */
export const PACT_CONNECTION_TOPIC = 'pact.connection';

declare module '../../../lib/events/create-pubsub.ts' {
  interface LiveEventRegistry {
    [PACT_CONNECTION_TOPIC]: { connectionId: string };
  }
}

/** Tells the organisation's subscribers that a connection changed. Never throws. */
export const publishConnectionChange = (
  services: Pick<AppServices, 'pubsub' | 'logger'>,
  connection: { id: string; organizationId: string },
) => {
  try {
    services.pubsub.publish(PACT_CONNECTION_TOPIC, connection.organizationId, { connectionId: connection.id });
  } catch (error) {
    services.logger.warn({ err: error, connectionId: connection.id }, 'could not publish a PACT connection event');
  }
};

/** Longest wait for the platform's reading and validation of the entries file inside one pact.entries attempt. */
export const ENTRIES_EXPIRY_SECONDS = 20 * 60;

/**
 * Queues the regeneration of a connection's entries file. One waiting job per connection: changes made while one
 * waits are read when it starts.
 */
export const queueEntriesRegeneration = (services: Pick<AppServices, 'jobs'>, connectionId: string) =>
  services.jobs.send(PACT_ENTRIES_JOB, { connectionId }, { singletonKey: connectionId, expireInSeconds: ENTRIES_EXPIRY_SECONDS });
