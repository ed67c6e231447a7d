import { pactClients } from '@tidewise/db/schema/pact';
import { and, eq } from 'drizzle-orm';
import { builder } from '../../../schema/builder.ts';
import { PaginationInput, pageArg, pageOf } from '../../../schema/common.graphql.ts';
import { PactClientRef } from '../credentials/pact-clients.graphql.ts';
import { findPactEvents, PACT_EVENT_DIRECTIONS, PACT_EVENT_STATUSES, type PactEventRecord } from './operations/find-pact-events.ts';

/** PACT events received at POST /2/events and sent to partners (issue 14, docs/pact-exchange.md). */

const PactEventDirectionRef = builder.enumType('PactEventDirection', { values: PACT_EVENT_DIRECTIONS });
const PactEventStatusRef = builder.enumType('PactEventStatus', { values: PACT_EVENT_STATUSES });

export const PactEventRef = builder.objectRef<PactEventRecord>('PactEvent').implement({
  description: 'A CloudEvent received at POST /2/events or sent to a partner.',
  fields: (t) => ({
    id: t.exposeID('id'),
    direction: t.field({ type: PactEventDirectionRef, resolve: (e) => e.direction as (typeof PACT_EVENT_DIRECTIONS)[number] }),
    eventType: t.exposeString('eventType', {
      description: 'The CloudEvent type, for example org.wbcsd.pathfinder.ProductFootprint.Published.v1.',
    }),
    eventId: t.exposeString('eventId', { description: 'The CloudEvent id (unique per source).' }),
    source: t.exposeString('source', { description: 'The CloudEvent source: the sending host system.' }),
    status: t.field({ type: PactEventStatusRef, resolve: (e) => e.status as (typeof PACT_EVENT_STATUSES)[number] }),
    note: t.string({ nullable: true, description: 'What was done, or why not, in words.', resolve: (e) => e.note }),
    footprintCount: t.exposeInt('footprintCount', { description: 'Footprints the event carried or answered with.' }),
    client: t.field({
      type: PactClientRef,
      nullable: true,
      description: 'The credentials a received event came with.',
      resolve: async (e, _args, ctx) => {
        if (!e.clientId) return null;
        const [row] = await ctx.db
          .select()
          .from(pactClients)
          .where(and(eq(pactClients.id, e.clientId), eq(pactClients.organizationId, e.organizationId)))
          .limit(1);
        return row ?? null;
      },
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
    processedAt: t.field({ type: 'DateTime', nullable: true, resolve: (e) => e.processedAt }),
  }),
});

const PactEventPageRef = pageOf('PactEvent', PactEventRef);

const PactEventFilterInput = builder.inputType('PactEventFilterInput', {
  fields: (t) => ({
    direction: t.field({ type: PactEventDirectionRef, required: false }),
    connectionId: t.id({ required: false }),
  }),
});

builder.queryField('pactEvents', (t) =>
  t.field({
    type: PactEventPageRef,
    authScopes: { permission: 'pact:read' },
    args: { filter: t.arg({ type: PactEventFilterInput, required: false }), pagination: t.arg({ type: PaginationInput, required: false }) },
    resolve: (_root, args, ctx) =>
      findPactEvents(
        ctx,
        { direction: args.filter?.direction ?? null, connectionId: args.filter?.connectionId ? String(args.filter.connectionId) : null },
        pageArg(args.pagination),
      ),
  }),
);
