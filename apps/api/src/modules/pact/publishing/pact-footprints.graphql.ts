import { PF_STATUSES } from '@tidewise/shared/pact/product-footprint';
import { builder } from '../../../schema/builder.ts';
import { PaginationInput, pageArg, pageOf } from '../../../schema/common.graphql.ts';
import { findPactFootprints, getPactFootprint, type PactFootprintRecord } from './operations/find-pact-footprints.ts';
import { type PublishResult, publishPactFootprints } from './operations/publish-pact-footprints.ts';

/** Footprints this organisation publishes at GET /2/footprints (issue 14, docs/pact-exchange.md "Publishing"). */

const READ = 'pact:read';
const MANAGE = 'pact:manage';

/** Active or Deprecated, the spec's values; received footprints use it too. */
export const PactFootprintStatusRef = builder.enumType('PactFootprintStatus', { values: PF_STATUSES });

const pcfOf = (row: PactFootprintRecord) => (row.document.pcf ?? {}) as Record<string, unknown>;
const statusOf = (row: PactFootprintRecord) => (row.status === 'Deprecated' ? 'Deprecated' : 'Active');

export const PactFootprintRef = builder.objectRef<PactFootprintRecord>('PactFootprint').implement({
  description: 'A footprint this organisation publishes at GET /2/footprints.',
  fields: (t) => ({
    id: t.exposeID('id'),
    productKey: t.exposeString('productKey'),
    productName: t.string({ resolve: (row) => String(row.document.productNameCompany ?? '') }),
    version: t.exposeInt('version'),
    status: t.field({ type: PactFootprintStatusRef, resolve: statusOf }),
    declaredUnit: t.string({ resolve: (row) => String(pcfOf(row).declaredUnit ?? '') }),
    pcfExcludingBiogenic: t.string({
      description: 'kg CO2e per declared unit, decimal text exactly as served.',
      resolve: (row) => String(pcfOf(row).pCfExcludingBiogenic ?? ''),
    }),
    primaryDataShare: t.float({
      nullable: true,
      resolve: (row) => (typeof pcfOf(row).primaryDataShare === 'number' ? (pcfOf(row).primaryDataShare as number) : null),
    }),
    referencePeriodStart: t.field({ type: 'DateTime', resolve: (row) => row.referencePeriodStart }),
    referencePeriodEnd: t.field({ type: 'DateTime', resolve: (row) => row.referencePeriodEnd }),
    created: t.field({ type: 'DateTime', resolve: (row) => row.created }),
    updated: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.updated }),
    document: t.string({
      description: 'The ProductFootprint exactly as served (JSON text).',
      resolve: (row) => JSON.stringify(row.document),
    }),
  }),
});

const PactFootprintPageRef = pageOf('PactFootprint', PactFootprintRef);

const PactFootprintFilterInput = builder.inputType('PactFootprintFilterInput', {
  fields: (t) => ({
    status: t.field({ type: PactFootprintStatusRef, required: false }),
    year: t.int({ required: false }),
  }),
});

const PublishPactFootprintsInput = builder.inputType('PublishPactFootprintsInput', {
  fields: (t) => ({ year: t.int({ required: true }) }),
});

const PublishPactFootprintsResultRef = builder.objectRef<PublishResult>('PublishPactFootprintsResult').implement({
  description: 'What publishing did: new footprints, new versions, and unchanged ones.',
  fields: (t) => ({
    published: t.field({ type: [PactFootprintRef], resolve: (r) => r.published }),
    unchanged: t.exposeInt('unchanged'),
    message: t.string({
      nullable: true,
      description: 'Why nothing could be published, when nothing was (no completed run, no transport work in the year).',
      resolve: (r) => r.message,
    }),
  }),
});

builder.queryField('pactFootprints', (t) =>
  t.field({
    type: PactFootprintPageRef,
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: PactFootprintFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) => findPactFootprints(ctx, args.filter ?? {}, pageArg(args.pagination)),
  }),
);

builder.queryField('pactFootprint', (t) =>
  t.field({
    type: PactFootprintRef,
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getPactFootprint(ctx, String(args.id)),
  }),
);

builder.mutationField('publishPactFootprints', (t) =>
  t.field({
    type: PublishPactFootprintsResultRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: PublishPactFootprintsInput, required: true }) },
    resolve: (_root, { input }, ctx) => publishPactFootprints(ctx, input),
  }),
);
