import type { IncomingMessage, ServerResponse } from 'node:http';
import { pactEvents } from '@tidewise/db/schema/pact';
import { PACT_EVENT_TYPES, type PactEventType } from '@tidewise/shared/pact/product-footprint';
import type { AppServices, RequestMeta } from '../../../context.ts';
import { isUuid } from '../../../lib/db.ts';
import { auditPact, describeClient, type PactClientRow } from './pact-auth.ts';
import { sendPactError } from './pact-responses.ts';

/**
 * Action Events (POST /2/events): a CloudEvent in structured content mode, checked per type, stored once per
 * organisation, source and id (a repeat is accepted and changes nothing), answered 200 with an empty body, and
 * processed by the job `pact.processEvent`.
 */

export const PROCESS_PACT_EVENT_JOB = 'pact.processEvent';

declare module '../../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [PROCESS_PACT_EVENT_JOB]: { eventRowId: string };
  }
}

export type CheckedEvent = {
  type: PactEventType;
  id: string;
  source: string;
  data: Record<string, unknown>;
  footprintCount: number;
};

const KNOWN_TYPES = new Set<string>(Object.values(PACT_EVENT_TYPES));
const MAX_ID_LENGTH = 500;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A problem with the event as the spec defines it (BadRequest), or an event type we do not process (NotImplemented). */
export type EventProblem = { code: 'BadRequest' | 'NotImplemented'; message: string };

/** Checks the CloudEvents attributes and the data the spec defines for the event's type. */
export const checkPactEvent = (body: unknown): CheckedEvent | EventProblem => {
  const bad = (message: string): EventProblem => ({ code: 'BadRequest', message });
  if (!isObject(body)) return bad('The body must be a CloudEvent JSON object.');
  if (body.specversion !== '1.0') return bad('specversion must be "1.0" (CloudEvents 1.0).');
  if (typeof body.id !== 'string' || !body.id || body.id.length > MAX_ID_LENGTH) return bad('id must be a non-empty string.');
  if (typeof body.source !== 'string' || !body.source || body.source.length > MAX_ID_LENGTH) {
    return bad('source must be a non-empty string (//<hostname>/<subpath> of the sending host system).');
  }
  if (typeof body.type !== 'string' || !body.type) return bad('type must be one of the event types of the PACT specification.');
  if (!KNOWN_TYPES.has(body.type)) {
    return { code: 'NotImplemented', message: `The event type "${body.type.slice(0, 100)}" is not one this host processes.` };
  }
  if (body.time !== undefined && (typeof body.time !== 'string' || Number.isNaN(Date.parse(body.time)))) {
    return bad('time must be a date and time string (RFC 3339).');
  }
  const data = body.data;
  if (!isObject(data)) return bad('data must be an object.');
  const type = body.type as PactEventType;
  const checked = (footprintCount: number): CheckedEvent => ({
    type,
    id: body.id as string,
    source: body.source as string,
    data,
    footprintCount,
  });

  switch (type) {
    case PACT_EVENT_TYPES.published: {
      const ids = data.pfIds;
      if (!Array.isArray(ids) || ids.length === 0) return bad('data.pfIds must be a non-empty array of footprint ids.');
      const wrong = ids.findIndex((id) => typeof id !== 'string' || !isUuid(id));
      if (wrong !== -1) return bad(`data.pfIds[${wrong}] must be a footprint id (a UUID).`);
      return checked(ids.length);
    }
    case PACT_EVENT_TYPES.requestCreated:
      if (!isObject(data.pf)) return bad('data.pf must be a ProductFootprint fragment (an object).');
      if (data.comment !== undefined && typeof data.comment !== 'string') return bad('data.comment must be a string.');
      return checked(0);
    case PACT_EVENT_TYPES.requestFulfilled:
      if (typeof data.requestEventId !== 'string' || !data.requestEventId) return bad('data.requestEventId must be a non-empty string.');
      if (!Array.isArray(data.pfs)) return bad('data.pfs must be an array of ProductFootprints.');
      if (data.pfs.some((pf) => !isObject(pf))) return bad('data.pfs must hold ProductFootprint objects.');
      return checked(data.pfs.length);
    case PACT_EVENT_TYPES.requestRejected: {
      if (typeof data.requestEventId !== 'string' || !data.requestEventId) return bad('data.requestEventId must be a non-empty string.');
      const error = data.error;
      if (!isObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string') {
        return bad('data.error must be an error response: { "code": "...", "message": "..." }.');
      }
      return checked(0);
    }
  }
};

const CONTENT_TYPES = new Set(['application/cloudevents+json', 'application/json']);

export const receivePactEvent = async (
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  requestMeta: RequestMeta,
  client: PactClientRow,
  body: Buffer,
) => {
  const contentType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!CONTENT_TYPES.has(contentType)) {
    sendPactError(res, 'BadRequest', 'Send the event as content-type: application/cloudevents+json; charset=UTF-8.');
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    sendPactError(res, 'BadRequest', 'The body is not valid JSON.');
    return;
  }
  const event = checkPactEvent(parsed);
  if ('code' in event) {
    sendPactError(res, event.code, event.message);
    return;
  }
  const [row] = await services.db
    .insert(pactEvents)
    .values({
      organizationId: client.organizationId,
      direction: 'received',
      clientId: client.id,
      connectionId: client.connectionId,
      eventType: event.type,
      eventId: event.id,
      source: event.source,
      data: event.data,
      status: 'received',
      footprintCount: event.footprintCount,
    })
    .onConflictDoNothing()
    .returning({ id: pactEvents.id });
  await auditPact(services, requestMeta, client, {
    action: 'pact.postEvent',
    resource: 'pactEvent',
    resourceId: row?.id ?? null,
    description: row
      ? `${describeClient(client)} sent the event ${event.type} (id ${event.id.slice(0, 100)})`
      : `${describeClient(client)} sent the event ${event.type} (id ${event.id.slice(0, 100)}) again; already received`,
  });
  if (row) await services.jobs.send(PROCESS_PACT_EVENT_JOB, { eventRowId: row.id });
  res.writeHead(200, { 'content-length': '0', 'cache-control': 'no-store' });
  res.end();
};
