import { FILE_CATEGORIES } from '@tidewise/shared/uploads';
import { builder } from '../../schema/builder.ts';
import { PaginationInput, pageArg, pageOf } from '../../schema/common.graphql.ts';
import {
  EmissionDataQualityRef,
  EmissionFactorRef,
  EmissionMethodRef,
  EmissionResultRef,
  GwpSetRef,
  oneOf,
  Scope3CategoryRef,
} from '../../schema/emissions.graphql.ts';
import { FileCategoryRef } from '../../schema/uploads.graphql.ts';
import { findEmissionResults } from './operations/find-emission-results.ts';
import { getEmissionResultHistory } from './operations/get-emission-result-history.ts';
import type { ResultFilter } from './results/result-filter.ts';

/** The drill-down: an entry's result with its factors and rule, and every result it has had. */

const READ = 'emissions:read';

EmissionResultRef.implement({
  description: "An entry's emissions as one run computed them, with every factor (exact version) and the rule behind them.",
  fields: (t) => ({
    activity: t.string({
      nullable: true,
      description: 'What was multiplied, in words, e.g. "412.5 t HFO" or "18,400 t·km".',
      resolve: (r) => r.activity,
    }),
    co2TtwKg: t.exposeFloat('co2TtwKg'),
    co2eTtwKg: t.exposeFloat('co2eTtwKg'),
    co2eWtwKg: t.exposeFloat('co2eWtwKg'),
    computedAt: t.field({ type: 'DateTime', resolve: (r) => r.computedAt }),
    dataQuality: t.field({ type: EmissionDataQualityRef, resolve: (r) => r.dataQuality }),
    entryId: t.exposeID('entryId'),
    factors: t.field({ type: [EmissionFactorRef], resolve: (r) => r.factors }),
    fileCategory: t.field({ type: FileCategoryRef, resolve: (r) => oneOf(FILE_CATEGORIES, r.fileCategory, 'unknown') }),
    fileId: t.exposeID('fileId'),
    fileName: t.exposeString('fileName'),
    gwpSet: t.field({ type: GwpSetRef, resolve: (r) => r.gwpSet }),
    method: t.field({ type: EmissionMethodRef, resolve: (r) => r.method }),
    month: t.string({ nullable: true, description: "First day of the entry's month, YYYY-MM-DD.", resolve: (r) => r.month }),
    note: t.string({
      nullable: true,
      description: 'Why it was not computed (method not_computed), or what was assumed.',
      resolve: (r) => r.note,
    }),
    rowNumber: t.exposeInt('rowNumber'),
    ruleId: t.exposeString('ruleId', { description: 'The Scope 3 rule that placed it, and the reason in words.' }),
    ruleReason: t.exposeString('ruleReason'),
    runId: t.exposeID('runId'),
    scope3Category: t.field({ type: Scope3CategoryRef, resolve: (r) => r.scope3Category }),
    supplierName: t.string({ nullable: true, resolve: (r) => r.supplierName }),
    supplierOrganizationId: t.string({ nullable: true, resolve: (r) => r.supplierOrganizationId }),
    vesselImo: t.string({ nullable: true, resolve: (r) => r.vesselImo }),
    vesselName: t.string({ nullable: true, resolve: (r) => r.vesselName }),
  }),
});

const EmissionResultFilterInput = builder.inputType('EmissionResultFilterInput', {
  fields: (t) => ({
    fileId: t.id({ required: false }),
    method: t.field({ type: EmissionMethodRef, required: false }),
    month: t.string({ required: false, description: 'First day of a month, YYYY-MM-DD: only that month.' }),
    periodEnd: t.string({ required: true }),
    periodStart: t.string({ required: true }),
    scope3Category: t.field({ type: Scope3CategoryRef, required: false }),
    supplier: t.string({ required: false, description: "A supplier organisation id, or `own` for the organisation's own data." }),
    vesselImo: t.string({ required: false }),
  }),
});

const EmissionResultPageRef = pageOf('EmissionResult', EmissionResultRef);

type FilterArg = {
  periodStart: string;
  periodEnd: string;
  month?: string | null;
  scope3Category?: ResultFilter['scope3Category'];
  supplier?: string | null;
  vesselImo?: string | null;
  method?: ResultFilter['method'];
  fileId?: string | number | null;
};

/** The filter argument as the operations take it (plain data: it is also signed into export links). */
export const resultFilterOf = (filter: FilterArg): ResultFilter => ({
  periodStart: filter.periodStart,
  periodEnd: filter.periodEnd,
  month: filter.month ?? null,
  scope3Category: filter.scope3Category ?? null,
  supplier: filter.supplier ?? null,
  vesselImo: filter.vesselImo ?? null,
  method: filter.method ?? null,
  fileId: filter.fileId === null || filter.fileId === undefined ? null : String(filter.fileId),
});

builder.queryFields((t) => ({
  emissionResults: t.field({
    type: EmissionResultPageRef,
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: EmissionResultFilterInput, required: true }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) => findEmissionResults(ctx, { filter: resultFilterOf(args.filter), pagination: pageArg(args.pagination) }),
  }),
  emissionResultHistory: t.field({
    type: [EmissionResultRef],
    description: 'Every result the entry has had, newest first (the current one and those kept for audit).',
    authScopes: { permission: READ },
    args: { entryId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getEmissionResultHistory(ctx, String(args.entryId)),
  }),
}));
