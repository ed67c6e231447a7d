import { pactConnections } from '@tidewise/db/schema/pact';
import { and, eq } from 'drizzle-orm';
import { requireActor } from '../../../lib/authz.ts';
import { AppError } from '../../../lib/errors.ts';
import { type LiveItem, liveStream, unwrapLiveItem } from '../../../lib/events/live-stream.ts';
import { builder } from '../../../schema/builder.ts';
import { PaginationInput, pageArg, pageOf } from '../../../schema/common.graphql.ts';
import { SupplierRef } from '../../../schema/suppliers.graphql.ts';
import { FileRef } from '../../../schema/uploads.graphql.ts';
import { PactClientRef } from '../credentials/pact-clients.graphql.ts';
import { PactEventRef } from '../http/pact-events.graphql.ts';
import { PactFootprintStatusRef } from '../publishing/pact-footprints.graphql.ts';
import {
  entriesFileOf,
  footprintCounts,
  type PactConnectionRecord,
  type PactReceivedFootprintRecord,
  supplierOfCaller,
} from './connection-records.ts';
import { PACT_CONNECTION_TOPIC } from './jobs.ts';
import { createPactConnection } from './operations/create-pact-connection.ts';
import { deletePactConnection } from './operations/delete-pact-connection.ts';
import { findPactConnections, findPactReceivedFootprints, getPactConnection } from './operations/find-pact-connections.ts';
import { requestPactFootprints } from './operations/request-pact-footprints.ts';
import { setPactFootprintQuantity } from './operations/set-pact-footprint-quantity.ts';
import { syncPactConnection } from './operations/sync-pact-connection.ts';
import { updatePactConnection } from './operations/update-pact-connection.ts';
import { tokenUrlOf } from './pact-http-client.ts';

/** Connections to partners' PACT host systems and the footprints received through them (issue 14, docs/pact-exchange.md). */

const READ = 'pact:read';
const MANAGE = 'pact:manage';

const CONNECTION_STATUSES = ['idle', 'syncing', 'synced', 'failed'] as const;
type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
const PactConnectionStatusRef = builder.enumType('PactConnectionStatus', { values: CONNECTION_STATUSES });

export const PactConnectionRef = builder.objectRef<PactConnectionRecord>('PactConnection').implement({
  description: "A partner's PACT host system the organisation calls.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    supplier: t.field({
      type: SupplierRef,
      nullable: true,
      description: "The supplier whose footprints are pulled; null for a customer's system (used to answer its requests).",
      resolve: (c, _args, ctx) => supplierOfCaller(ctx, c.supplierOrganizationId),
    }),
    baseUrl: t.exposeString('baseUrl'),
    tokenUrl: t.string({
      description: 'The token endpoint used (the given one, else <baseUrl>/auth/token).',
      resolve: (c) => tokenUrlOf(c),
    }),
    clientId: t.exposeString('clientId'),
    status: t.field({
      type: PactConnectionStatusRef,
      resolve: (c) => ((CONNECTION_STATUSES as readonly string[]).includes(c.status) ? (c.status as ConnectionStatus) : 'idle'),
    }),
    lastSyncStartedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.lastSyncStartedAt }),
    lastSyncedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.lastSyncedAt }),
    lastError: t.string({ nullable: true, resolve: (c) => c.lastError }),
    footprintCount: t.int({
      description: 'Footprints received from the partner (all versions kept).',
      resolve: async (c, _args, ctx) => (await footprintCounts(ctx.db, c.id)).footprintCount,
    }),
    footprintsWithQuantity: t.int({
      description: 'Footprints with a quantity, which make data entries.',
      resolve: async (c, _args, ctx) => (await footprintCounts(ctx.db, c.id)).footprintsWithQuantity,
    }),
    entriesFile: t.field({
      type: FileRef,
      nullable: true,
      description: 'The file of data entries made from the received footprints, once made.',
      resolve: (c, _args, ctx) => entriesFileOf(ctx.db, c),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
  }),
});

/** The connection a received event or issued credentials name, when it is one of the same organisation's. */
const connectionOf = async (
  ctx: { db: import('@tidewise/db/client').Database },
  organizationId: string,
  connectionId: string | null,
): Promise<PactConnectionRecord | null> => {
  if (!connectionId) return null;
  const [row] = await ctx.db
    .select()
    .from(pactConnections)
    .where(and(eq(pactConnections.id, connectionId), eq(pactConnections.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
};

builder.objectField(PactClientRef, 'connection', (t) =>
  t.field({
    type: PactConnectionRef,
    nullable: true,
    description: "The partner these credentials were issued to, when it is one of the organisation's connections.",
    resolve: (client, _args, ctx) => connectionOf(ctx, client.organizationId, client.connectionId),
  }),
);

builder.objectField(PactEventRef, 'connection', (t) =>
  t.field({
    type: PactConnectionRef,
    nullable: true,
    resolve: (event, _args, ctx) => connectionOf(ctx, event.organizationId, event.connectionId),
  }),
);

const pcfOf = (row: PactReceivedFootprintRecord) =>
  (typeof row.document.pcf === 'object' && row.document.pcf !== null ? row.document.pcf : {}) as Record<string, unknown>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const dateOf = (value: unknown) => {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date(0);
};

const PactReceivedFootprintRef = builder.objectRef<PactReceivedFootprintRecord>('PactReceivedFootprint').implement({
  description: "A footprint received from a supplier's host system.",
  fields: (t) => ({
    id: t.id({ description: "The footprint's own id (ProductFootprint.id).", resolve: (f) => f.footprintId }),
    connection: t.field({
      type: PactConnectionRef,
      resolve: async (f, _args, ctx) => {
        const row = await connectionOf(ctx, f.organizationId, f.connectionId);
        if (!row) throw new AppError('NOT_FOUND', 'Connection not found');
        return row;
      },
    }),
    productName: t.string({ resolve: (f) => textOf(f.document.productNameCompany) }),
    productIds: t.stringList({
      resolve: (f) => (Array.isArray(f.document.productIds) ? f.document.productIds.filter((p): p is string => typeof p === 'string') : []),
    }),
    companyName: t.string({ resolve: (f) => textOf(f.document.companyName) }),
    version: t.exposeInt('version'),
    status: t.field({ type: PactFootprintStatusRef, resolve: (f) => (f.status === 'Deprecated' ? 'Deprecated' : 'Active') }),
    declaredUnit: t.string({ resolve: (f) => textOf(pcfOf(f).declaredUnit) }),
    pcfExcludingBiogenic: t.string({
      description: 'kg CO2e per declared unit, decimal text exactly as received.',
      resolve: (f) => textOf(pcfOf(f).pCfExcludingBiogenic),
    }),
    primaryDataShare: t.float({
      nullable: true,
      resolve: (f) => {
        const share = pcfOf(f).primaryDataShare;
        return typeof share === 'number' ? share : null;
      },
    }),
    referencePeriodStart: t.field({ type: 'DateTime', resolve: (f) => dateOf(pcfOf(f).referencePeriodStart) }),
    referencePeriodEnd: t.field({ type: 'DateTime', resolve: (f) => dateOf(pcfOf(f).referencePeriodEnd) }),
    quantity: t.float({
      nullable: true,
      description: 'Declared units bought in the reference period; null until stated (no entry without it).',
      resolve: (f) => f.quantity,
    }),
    isValid: t.exposeBoolean('isValid'),
    problems: t.stringList({ resolve: (f) => f.problems }),
    receivedAt: t.field({ type: 'DateTime', resolve: (f) => f.receivedAt }),
    document: t.string({
      description: 'The ProductFootprint exactly as received (JSON text).',
      resolve: (f) => JSON.stringify(f.document),
    }),
  }),
});

const PactReceivedFootprintPageRef = pageOf('PactReceivedFootprint', PactReceivedFootprintRef);

const CreatePactConnectionInput = builder.inputType('CreatePactConnectionInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    supplierId: t.id({ required: false }),
    baseUrl: t.string({ required: true }),
    tokenUrl: t.string({ required: false }),
    clientId: t.string({ required: true }),
    clientSecret: t.string({ required: true }),
  }),
});

const UpdatePactConnectionInput = builder.inputType('UpdatePactConnectionInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string({ required: false }),
    baseUrl: t.string({ required: false }),
    tokenUrl: t.string({ required: false }),
    clientId: t.string({ required: false }),
    clientSecret: t.string({ required: false, description: 'Only when replacing it; the stored secret is never returned.' }),
  }),
});

const PactReceivedFootprintFilterInput = builder.inputType('PactReceivedFootprintFilterInput', {
  fields: (t) => ({
    connectionId: t.id({ required: false }),
    status: t.field({ type: PactFootprintStatusRef, required: false }),
  }),
});

const SetPactFootprintQuantityInput = builder.inputType('SetPactFootprintQuantityInput', {
  fields: (t) => ({
    connectionId: t.id({ required: true }),
    footprintId: t.id({ required: true }),
    quantity: t.float({ required: false, description: 'null clears it' }),
  }),
});

builder.queryField('pactConnections', (t) =>
  t.field({ type: [PactConnectionRef], authScopes: { permission: READ }, resolve: (_root, _args, ctx) => findPactConnections(ctx) }),
);

builder.queryField('pactConnection', (t) =>
  t.field({
    type: PactConnectionRef,
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getPactConnection(ctx, String(args.id)),
  }),
);

builder.queryField('pactReceivedFootprints', (t) =>
  t.field({
    type: PactReceivedFootprintPageRef,
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: PactReceivedFootprintFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findPactReceivedFootprints(
        ctx,
        { connectionId: args.filter?.connectionId ? String(args.filter.connectionId) : null, status: args.filter?.status ?? null },
        pageArg(args.pagination),
      ),
  }),
);

builder.mutationField('createPactConnection', (t) =>
  t.field({
    type: PactConnectionRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: CreatePactConnectionInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createPactConnection(ctx, {
        ...input,
        supplierId: input.supplierId ? String(input.supplierId) : null,
        tokenUrl: input.tokenUrl ?? null,
      }),
  }),
);

builder.mutationField('updatePactConnection', (t) =>
  t.field({
    type: PactConnectionRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: UpdatePactConnectionInput, required: true }) },
    resolve: (_root, { input }, ctx) => updatePactConnection(ctx, { ...input, id: String(input.id) }),
  }),
);

builder.mutationField('deletePactConnection', (t) =>
  t.boolean({
    authScopes: { permission: MANAGE },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deletePactConnection(ctx, String(args.id)),
  }),
);

builder.mutationField('syncPactConnection', (t) =>
  t.field({
    type: PactConnectionRef,
    description: 'Queues a pull of every footprint the partner lists (job pact.sync).',
    authScopes: { permission: MANAGE },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => syncPactConnection(ctx, String(args.id)),
  }),
);

builder.mutationField('requestPactFootprints', (t) =>
  t.field({
    type: PactEventRef,
    description: 'Asks the partner for footprints by product id (a RequestCreated event); the answer arrives at POST /2/events.',
    authScopes: { permission: MANAGE },
    args: {
      connectionId: t.arg.id({ required: true }),
      productIds: t.arg.stringList({ required: true }),
      comment: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      requestPactFootprints(ctx, { connectionId: String(args.connectionId), productIds: args.productIds, comment: args.comment ?? null }),
  }),
);

builder.mutationField('setPactFootprintQuantity', (t) =>
  t.field({
    type: PactReceivedFootprintRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: SetPactFootprintQuantityInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      setPactFootprintQuantity(ctx, {
        connectionId: String(input.connectionId),
        footprintId: String(input.footprintId),
        quantity: input.quantity ?? null,
      }),
  }),
);

builder.subscriptionField('pactConnectionUpdated', (t) =>
  t.field({
    type: PactConnectionRef,
    description: "Connection status changes of the caller's organization (sync progress).",
    authScopes: { permission: READ },
    subscribe: (_root, _args, ctx) => {
      const { organizationId } = requireActor(ctx);
      return liveStream<PactConnectionRecord>({
        ctx,
        permission: READ,
        sources: [
          {
            events: ctx.pubsub.subscribe(PACT_CONNECTION_TOPIC, organizationId),
            keyOf: (event: { connectionId: string }) => event.connectionId,
          },
        ],
        read: async (connectionId) => {
          try {
            return { emit: await getPactConnection(ctx, connectionId) };
          } catch (error) {
            // A connection deleted since the event: nothing to show.
            if (error instanceof AppError && error.code === 'NOT_FOUND') return 'skip';
            throw error;
          }
        },
      });
    },
    resolve: (item: LiveItem<PactConnectionRecord>) => unwrapLiveItem(item),
  }),
);
