import { randomUUID } from 'node:crypto';
import { pactConnections, pactEvents, pactFootprints } from '@tidewise/db/schema/pact';
import { PACT_EVENT_TYPES } from '@tidewise/shared/pact/product-footprint';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { connectPact } from '../connections/pact-http-client.ts';
import { receiveFootprints } from '../connections/receive-footprints.ts';
import { queueConnectionSync } from '../connections/sync.ts';
import { fragmentMatcher } from './fragment-match.ts';

/**
 * What a received event does (job pact.processEvent, safe to run again):
 * - Published: the connection of the credentials, when it has a supplier, pulls the named footprints.
 * - Request Created: the organisation's Active footprints matching the fragment are sent back through the connection
 *   of the credentials as a Fulfilled event, or a Rejected one (NoSuchFootprint, or BadRequest for a fragment we
 *   cannot match on). The answer goes to the connection's base URL, never to the URL in `source`: the connection is
 *   the partner the organisation configured, which is how we validate the source.
 * - Request Fulfilled: the footprints are received for the supplier connection; our request is marked answered.
 * - Request Rejected: our request is marked failed with the partner's error.
 */

export type PactEventRow = typeof pactEvents.$inferSelect;
type Outcome = { status: 'processed' | 'answered' | 'failed'; note: string };

const NO_CONNECTION = 'No connection to answer through: link these credentials to a connection';

const loadConnection = async (services: AppServices, event: PactEventRow) => {
  if (!event.connectionId) return null;
  const [connection] = await services.db
    .select()
    .from(pactConnections)
    .where(and(eq(pactConnections.id, event.connectionId), eq(pactConnections.organizationId, event.organizationId)))
    .limit(1);
  return connection ?? null;
};

/** Our own RequestCreated event the answer refers to (sent through the same organisation). */
const markOurRequest = async (services: AppServices, event: PactEventRow, requestEventId: string, outcome: Outcome) => {
  const updated = await services.db
    .update(pactEvents)
    .set({ status: outcome.status, note: outcome.note, processedAt: new Date() })
    .where(
      and(
        eq(pactEvents.organizationId, event.organizationId),
        eq(pactEvents.direction, 'sent'),
        eq(pactEvents.eventType, PACT_EVENT_TYPES.requestCreated),
        eq(pactEvents.eventId, requestEventId),
      ),
    )
    .returning({ id: pactEvents.id });
  return updated.length > 0;
};

/** The `source` of events we send: `//<our host>/2/events`. */
const ourSource = (services: AppServices) => `//${new URL(services.env.APP_URL).host}/2/events`;

const answerRequest = async (services: AppServices, event: PactEventRow): Promise<Outcome> => {
  const connection = await loadConnection(services, event);
  if (!connection) return { status: 'failed', note: NO_CONNECTION };

  // The answer is stored before it is sent, so a retry sends the same event (same id) again.
  const [existing] = await services.db
    .select()
    .from(pactEvents)
    .where(
      and(
        eq(pactEvents.organizationId, event.organizationId),
        eq(pactEvents.direction, 'sent'),
        eq(pactEvents.connectionId, connection.id),
        sql`${pactEvents.data}->>'requestEventId' = ${event.eventId}`,
      ),
    )
    .orderBy(desc(pactEvents.createdAt))
    .limit(1);
  let answer = existing;
  if (!answer) {
    const fragment = (event.data.pf ?? {}) as Record<string, unknown>;
    const matcher = fragmentMatcher(fragment);
    let type: string;
    let data: Record<string, unknown>;
    let count = 0;
    let note: string;
    if (!matcher.ok) {
      type = PACT_EVENT_TYPES.requestRejected;
      data = { requestEventId: event.eventId, error: { code: 'BadRequest', message: matcher.message } };
      note = `Rejected: ${matcher.message}`;
    } else {
      const rows = await services.db
        .select({ document: pactFootprints.document })
        .from(pactFootprints)
        .where(and(eq(pactFootprints.organizationId, event.organizationId), eq(pactFootprints.status, 'Active')))
        .orderBy(desc(pactFootprints.created), desc(pactFootprints.id));
      const pfs = rows.map((row) => row.document).filter((doc) => matcher.matches(doc));
      if (pfs.length > 0) {
        type = PACT_EVENT_TYPES.requestFulfilled;
        data = { requestEventId: event.eventId, pfs };
        count = pfs.length;
        note = `Answered with ${pfs.length} footprint${pfs.length === 1 ? '' : 's'} (matched on ${matcher.understood.join(', ')})`;
      } else {
        type = PACT_EVENT_TYPES.requestRejected;
        const message = `No published footprint matches the requested ${matcher.understood.join(', ')}.`;
        data = { requestEventId: event.eventId, error: { code: 'NoSuchFootprint', message } };
        note = `Rejected: ${message}`;
      }
    }
    [answer] = await services.db
      .insert(pactEvents)
      .values({
        organizationId: event.organizationId,
        direction: 'sent',
        connectionId: connection.id,
        eventType: type,
        eventId: randomUUID(),
        source: ourSource(services),
        data,
        status: 'processing',
        note,
        footprintCount: count,
      })
      .returning();
  }
  if (!answer) throw new Error('PACT answer event not stored');
  await connectPact(services, connection).postEvent({
    type: answer.eventType,
    specversion: '1.0',
    id: answer.eventId,
    source: answer.source,
    time: answer.createdAt.toISOString(),
    data: answer.data,
  });
  await services.db.update(pactEvents).set({ status: 'processed', processedAt: new Date() }).where(eq(pactEvents.id, answer.id));
  return { status: 'answered', note: `${answer.note ?? 'Answered'}; sent to ${connection.name}` };
};

const processByType = async (services: AppServices, event: PactEventRow): Promise<Outcome> => {
  const data = event.data;
  switch (event.eventType) {
    case PACT_EVENT_TYPES.published: {
      const connection = await loadConnection(services, event);
      if (!connection?.supplierOrganizationId) return { status: 'processed', note: 'No connection: recorded only' };
      await queueConnectionSync(services, connection.id, data.pfIds as string[]);
      return { status: 'processed', note: `Pulling ${(data.pfIds as string[]).length} footprint(s) through ${connection.name}` };
    }
    case PACT_EVENT_TYPES.requestCreated:
      return answerRequest(services, event);
    case PACT_EVENT_TYPES.requestFulfilled: {
      const connection = await loadConnection(services, event);
      const requestEventId = String(data.requestEventId);
      if (!connection?.supplierOrganizationId) {
        return {
          status: 'failed',
          note: 'No supplier connection to receive the footprints: link these credentials to a connection with a supplier',
        };
      }
      const { stored, invalid } = await receiveFootprints(services, connection.id, data.pfs as unknown[], 'fulfilled');
      const note = `Received ${stored} footprint(s)${invalid ? `, ${invalid} not valid` : ''}`;
      const marked = await markOurRequest(services, event, requestEventId, { status: 'answered', note });
      return { status: 'processed', note: marked ? note : `${note}; no request of ours has the id ${requestEventId.slice(0, 100)}` };
    }
    case PACT_EVENT_TYPES.requestRejected: {
      const requestEventId = String(data.requestEventId);
      const error = data.error as { code: string; message: string };
      const note = `Rejected by the partner: ${error.code}: ${error.message}`.slice(0, 1000);
      const marked = await markOurRequest(services, event, requestEventId, { status: 'failed', note });
      return { status: 'processed', note: marked ? note : `${note} (no request of ours has the id ${requestEventId.slice(0, 100)})` };
    }
    default:
      return { status: 'failed', note: `Unknown event type ${event.eventType}` };
  }
};

/** Runs one received event; a partner that cannot be reached throws, so the job retries with backoff. */
export const processPactEvent = async (services: AppServices, eventRowId: string) => {
  const [event] = await services.db.select().from(pactEvents).where(eq(pactEvents.id, eventRowId)).limit(1);
  if (event?.direction !== 'received' || !['received', 'processing'].includes(event.status)) return;
  await services.db.update(pactEvents).set({ status: 'processing' }).where(eq(pactEvents.id, event.id));
  const outcome = await processByType(services, event);
  await services.db
    .update(pactEvents)
    .set({ status: outcome.status, note: outcome.note, processedAt: new Date() })
    .where(eq(pactEvents.id, event.id));
};

/** After the last attempt: the event says why, in words (never a secret). */
export const failPactEvent = async (services: AppServices, eventRowId: string, reason: string) => {
  await services.db
    .update(pactEvents)
    .set({ status: 'failed', note: reason.slice(0, 1000), processedAt: new Date() })
    .where(and(eq(pactEvents.id, eventRowId), eq(pactEvents.direction, 'received')));
};
