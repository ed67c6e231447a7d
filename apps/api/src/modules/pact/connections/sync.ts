import { pactConnections } from '@tidewise/db/schema/pact';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import type { Job } from '../../../lib/jobs/job-types.ts';
import { PACT_SYNC_JOB, type PactSyncJob, publishConnectionChange } from './jobs.ts';
import { connectPact, PactPartnerError } from './pact-http-client.ts';
import { receiveFootprints } from './receive-footprints.ts';

/** Footprints asked for per page. */
const PAGE_SIZE = 100;
/** Footprints pulled in one sync at most: a partner listing more is told apart from one that never stops. */
const MAX_FOOTPRINTS = 50_000;
const SYNC_EXPIRY_SECONDS = 30 * 60;

/**
 * Queues a pull of a connection's footprints: every footprint the partner lists, or only the given ids (a Published
 * event names them). One waiting job per connection and set of ids; a job that waits already covers a full pull.
 */
export const queueConnectionSync = async (services: Pick<AppServices, 'jobs'>, connectionId: string, footprintIds?: string[]) => {
  const ids = footprintIds && footprintIds.length > 0 ? [...new Set(footprintIds)].sort() : null;
  return services.jobs.send(
    PACT_SYNC_JOB,
    { connectionId, footprintIds: ids },
    { singletonKey: ids ? `${connectionId}:${ids.join(',').slice(0, 500)}` : connectionId, expireInSeconds: SYNC_EXPIRY_SECONDS },
  );
};

const setStatus = async (services: AppServices, connectionId: string, changes: Partial<typeof pactConnections.$inferInsert>) => {
  const [row] = await services.db
    .update(pactConnections)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pactConnections.id, connectionId))
    .returning();
  if (row) publishConnectionChange(services, row);
  return row ?? null;
};

/** What a failed sync says on the connection: the partner's problem in words, or a plain line for anything else. */
const reasonOf = (error: unknown) =>
  error instanceof PactPartnerError ? error.message : 'The sync failed unexpectedly; it will be tried again.';

/**
 * The pact.sync job: status syncing, pull (all pages, or the given ids), store (receiveFootprints, which queues the
 * entries file), status synced with the time, or failed with the reason. Safe to run twice: storing the same
 * footprints again changes nothing. A partner's refusal is an answer (failed, not retried); anything else retries.
 */
export const runConnectionSync = async (services: AppServices, job: Pick<Job<PactSyncJob>, 'data' | 'retryCount' | 'retryLimit'>) => {
  const { connectionId, footprintIds } = job.data;
  const [connection] = await services.db.select().from(pactConnections).where(eq(pactConnections.id, connectionId)).limit(1);
  if (!connection) return;
  await setStatus(services, connectionId, { status: 'syncing', lastSyncStartedAt: new Date(), lastError: null });
  try {
    const client = connectPact(services, connection);
    const documents: unknown[] = [];
    if (footprintIds) {
      for (const id of footprintIds) documents.push(await client.getFootprint(id));
    } else {
      for await (const footprint of client.listFootprints({ limit: PAGE_SIZE })) {
        documents.push(footprint);
        if (documents.length > MAX_FOOTPRINTS)
          throw new PactPartnerError(`The partner lists more than ${MAX_FOOTPRINTS} footprints; ask it to filter what it shares.`);
      }
    }
    await receiveFootprints(services, connectionId, documents, 'pulled');
    await setStatus(services, connectionId, { status: 'synced', lastSyncedAt: new Date(), lastError: null });
  } catch (error) {
    const final = error instanceof PactPartnerError || job.retryCount >= job.retryLimit;
    services.logger.warn({ err: error, connectionId }, final ? 'PACT sync failed' : 'PACT sync attempt failed; it will be retried');
    await services.db
      .update(pactConnections)
      .set({ status: final ? 'failed' : 'syncing', lastError: reasonOf(error), updatedAt: new Date() })
      .where(eq(pactConnections.id, connectionId));
    publishConnectionChange(services, connection);
    if (!final) throw error;
  }
};
