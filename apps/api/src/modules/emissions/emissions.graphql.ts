import { requireActor } from '../../lib/authz.ts';
import { EMISSION_RUN_TOPIC } from '../../lib/emission-runs.ts';
import { AppError } from '../../lib/errors.ts';
import { type LiveItem, liveStream, unwrapLiveItem } from '../../lib/events/live-stream.ts';
import { builder } from '../../schema/builder.ts';
import { SupplierRef } from '../../schema/suppliers.graphql.ts';
import { PaginationInput, pageArg, pageOf } from '../../schema/common.graphql.ts';
import {
  ConsolidationApproachRef,
  EmissionFactorKindRef,
  EmissionFactorRef,
  EmissionRunRef,
  type EmissionRunRow,
  GwpSetRef,
} from '../../schema/emissions.graphql.ts';
import { createEmissionFactor } from './operations/create-emission-factor.ts';
import {
  type EmissionSettingsView,
  findRunOfOrganization,
  getEmissionSettings,
  latestRunOf,
  updateEmissionSettings,
} from './operations/emission-settings.ts';
import { findEmissionRuns, getEmissionRun, recomputeEmissions } from './operations/emission-runs.ts';
import { factorSupplier, findEmissionFactors, getEmissionFactor } from './operations/find-emission-factors.ts';

/** Emission settings, the organisation's factors and its runs. docs/decisions/0019-emission-runs.md. */

const READ = 'emissions:read';
const MANAGE = 'emissions:manage';

const EmissionSettingsRef = builder.objectRef<EmissionSettingsView>('EmissionSettings').implement({
  fields: (t) => ({
    gwpSet: t.field({ type: GwpSetRef, resolve: (s) => s.gwpSet }),
    consolidationApproach: t.field({ type: ConsolidationApproachRef, resolve: (s) => s.consolidationApproach }),
    currentRun: t.field({
      type: EmissionRunRef,
      nullable: true,
      description: 'The run the report reads (the last completed one).',
      resolve: (s, _args, ctx) => findRunOfOrganization(ctx, s.organizationId, s.currentRunId),
    }),
    latestRun: t.field({
      type: EmissionRunRef,
      nullable: true,
      description: 'The newest run, completed or not (for progress).',
      resolve: (s, _args, ctx) => latestRunOf(ctx, s.organizationId),
    }),
  }),
});

/** The supplier of a supplier-specific factor, read through the caller's relationship (the factor is the caller's own). */
builder.objectField(EmissionFactorRef, 'supplier', (t) =>
  t.field({
    type: SupplierRef,
    nullable: true,
    description: 'For a supplier-specific factor: the supplier it applies to.',
    resolve: (factor, _args, ctx) => factorSupplier(ctx, factor.supplierOrganizationId),
  }),
);

const EmissionFactorPageRef = pageOf('EmissionFactor', EmissionFactorRef);
const EmissionRunPageRef = pageOf('EmissionRun', EmissionRunRef);

const EmissionFactorFilterInput = builder.inputType('EmissionFactorFilterInput', {
  fields: (t) => ({
    builtIn: t.boolean({ required: false }),
    fuel: t.string({ required: false }),
    kind: t.field({ type: EmissionFactorKindRef, required: false }),
    regime: t.string({ required: false }),
    search: t.string({ required: false, description: "Matches key, fuel, activity and the source's document." }),
    allVersions: t.boolean({ required: false, description: 'Every version instead of the latest of each key.' }),
  }),
});

const CreateEmissionFactorInput = builder.inputType('CreateEmissionFactorInput', {
  fields: (t) => ({
    kind: t.field({ type: EmissionFactorKindRef, required: true }),
    unit: t.string({ required: true }),
    value: t.string({ required: true }),
    fuel: t.string({ required: false }),
    consumer: t.string({ required: false }),
    activity: t.string({ required: false }),
    document: t.string({ required: true }),
    section: t.string({ required: true }),
    edition: t.string({ required: true }),
    evidence: t.string({ required: true }),
    validFrom: t.string({ required: true }),
    validTo: t.string({ required: false }),
    supplierOrganizationId: t.id({ required: false }),
    replacesKey: t.string({
      required: false,
      description:
        "A key of one of the organisation's own factors: the new factor is its next version (results computed with the old one keep it).",
    }),
  }),
});

const UpdateEmissionSettingsInput = builder.inputType('UpdateEmissionSettingsInput', {
  fields: (t) => ({
    gwpSet: t.field({ type: GwpSetRef, required: false }),
    consolidationApproach: t.field({ type: ConsolidationApproachRef, required: false }),
  }),
});

builder.queryField('emissionSettings', (t) =>
  t.field({
    type: EmissionSettingsRef,
    authScopes: { permission: READ },
    resolve: (_root, _args, ctx) => getEmissionSettings(ctx),
  }),
);

builder.mutationField('updateEmissionSettings', (t) =>
  t.field({
    type: EmissionSettingsRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: UpdateEmissionSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateEmissionSettings(ctx, input),
  }),
);

builder.queryField('emissionFactors', (t) =>
  t.field({
    type: EmissionFactorPageRef,
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: EmissionFactorFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) => findEmissionFactors(ctx, args.filter ?? {}, pageArg(args.pagination)),
  }),
);

builder.queryField('emissionFactor', (t) =>
  t.field({
    type: EmissionFactorRef,
    description: "One factor version (the latest without `version`): built in, or the organisation's own.",
    authScopes: { permission: READ },
    args: { key: t.arg.string({ required: true }), version: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => getEmissionFactor(ctx, args.key, args.version),
  }),
);

builder.mutationField('createEmissionFactor', (t) =>
  t.field({
    type: EmissionFactorRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: CreateEmissionFactorInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createEmissionFactor(ctx, { ...input, supplierOrganizationId: input.supplierOrganizationId?.toString() }),
  }),
);

builder.queryField('emissionRuns', (t) =>
  t.field({
    type: EmissionRunPageRef,
    authScopes: { permission: READ },
    args: { pagination: t.arg({ type: PaginationInput, required: false }) },
    resolve: (_root, args, ctx) => findEmissionRuns(ctx, pageArg(args.pagination)),
  }),
);

builder.queryField('emissionRun', (t) =>
  t.field({
    type: EmissionRunRef,
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getEmissionRun(ctx, String(args.id)),
  }),
);

builder.mutationField('recomputeEmissions', (t) =>
  t.field({
    type: EmissionRunRef,
    authScopes: { permission: MANAGE },
    resolve: (_root, _args, ctx) => recomputeEmissions(ctx),
  }),
);

builder.subscriptionField('emissionRunUpdated', (t) =>
  t.field({
    type: EmissionRunRef,
    description: "The organisation's newest run each time it changes (queued, progress, end).",
    authScopes: { permission: READ },
    subscribe: (_root, _args, ctx) => {
      const { organizationId } = requireActor(ctx);
      return liveStream<EmissionRunRow>({
        ctx,
        permission: READ,
        sources: [{ events: ctx.pubsub.subscribe(EMISSION_RUN_TOPIC, organizationId), keyOf: (event: { runId: string }) => event.runId }],
        read: async (runId) => {
          try {
            return { emit: await getEmissionRun(ctx, runId) };
          } catch (error) {
            // A run of the organisation is never deleted with its organisation still there; a missing one is skipped.
            if (error instanceof AppError && error.code === 'NOT_FOUND') return 'skip';
            throw error;
          }
        },
      });
    },
    resolve: (item: LiveItem<EmissionRunRow>) => unwrapLiveItem(item),
  }),
);
