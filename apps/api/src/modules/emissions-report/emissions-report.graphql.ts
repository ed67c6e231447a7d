import { builder } from '../../schema/builder.ts';
import { ExportFormatRef, ExportLinkRef } from '../../schema/common.graphql.ts';
import { EmissionRunRef, GwpSetRef } from '../../schema/emissions.graphql.ts';
import { FileCategoryRef } from '../../schema/uploads.graphql.ts';
import type { Breakdown, MonthFigures, Totals } from './report/aggregate.ts';
import type { Coverage } from './report/coverage.ts';
import type { EmissionReportView, Hotspot, Projection, SupplierBenchmark, SupplierQuality } from './report/report-view.ts';
import { exportEmissionReport } from './operations/export-emission-report.ts';
import { getEmissionReport } from './operations/get-emission-report.ts';

/** The Scope 3 report of a period (docs/emissions-report.md). */

const READ = 'emissions:read';

const EmissionTotalsRef = builder.objectRef<Totals>('EmissionTotals').implement({
  fields: (t) => ({
    co2TtwKg: t.exposeFloat('co2TtwKg'),
    co2eTtwKg: t.exposeFloat('co2eTtwKg'),
    co2eWtwKg: t.exposeFloat('co2eWtwKg'),
    computedEntries: t.exposeInt('computedEntries', { description: 'Entries of the period whose emissions were computed.' }),
    notComputedEntries: t.exposeInt('notComputedEntries', {
      description: 'Entries of the period that could not be computed (see emissionResults with method not_computed).',
    }),
  }),
});

const EmissionBreakdownRef = builder.objectRef<Breakdown>('EmissionBreakdown').implement({
  description: 'One slice of the total (a category, a supplier, a vessel, a method, a data quality).',
  fields: (t) => ({
    co2TtwKg: t.exposeFloat('co2TtwKg'),
    co2eTtwKg: t.exposeFloat('co2eTtwKg'),
    co2eWtwKg: t.exposeFloat('co2eWtwKg'),
    entries: t.exposeInt('entries'),
    key: t.exposeString('key', {
      description:
        "The slice's key: the category, supplier organisation id (`own` for the organisation's own data), vessel IMO number, method or quality.",
    }),
    label: t.exposeString('label'),
    share: t.exposeFloat('share', { description: "Share of the period's CO2e WtW, 0..1." }),
  }),
});

const EmissionMonthRef = builder.objectRef<MonthFigures>('EmissionMonth').implement({
  fields: (t) => ({
    co2TtwKg: t.exposeFloat('co2TtwKg'),
    co2eTtwKg: t.exposeFloat('co2eTtwKg'),
    co2eWtwKg: t.exposeFloat('co2eWtwKg'),
    entries: t.exposeInt('entries'),
    month: t.exposeString('month', { description: 'First day of the month, YYYY-MM-DD.' }),
  }),
});

const SupplierDataQualityRef = builder.objectRef<SupplierQuality>('SupplierDataQuality').implement({
  description: "A supplier's data quality in the period (PACT DQR dimensions, 1 best to 3 worst, averaged by CO2e).",
  fields: (t) => ({
    dataQualityRating: t.exposeFloat('dataQualityRating', { description: "1..3 (PACT's scale), weighted by the supplier's CO2e." }),
    geographicalDqr: t.exposeFloat('geographicalDqr'),
    label: t.exposeString('label'),
    primaryDataShare: t.exposeFloat('primaryDataShare', { description: "Share of the supplier's CO2e computed from primary data, 0..1." }),
    supplierOrganizationId: t.exposeString('supplierOrganizationId'),
    technologicalDqr: t.exposeFloat('technologicalDqr'),
    temporalDqr: t.exposeFloat('temporalDqr'),
  }),
});

const SupplierCoverageRef = builder.objectRef<Coverage['suppliers'][number]>('SupplierCoverage').implement({
  description: 'Whether a supplier the organisation asked for data in the period answered.',
  fields: (t) => ({
    status: t.exposeString('status', {
      description:
        'answered (an accepted answer in the period), pending (asked, not accepted yet), estimated (no answer: its figures are estimates or missing).',
    }),
    supplierName: t.exposeString('supplierName'),
    supplierOrganizationId: t.exposeString('supplierOrganizationId'),
  }),
});

const EmissionCoverageRef = builder.objectRef<Coverage>('EmissionCoverage').implement({
  fields: (t) => ({
    answered: t.exposeInt('answered'),
    estimated: t.exposeInt('estimated'),
    pending: t.exposeInt('pending'),
    requested: t.exposeInt('requested'),
    suppliers: t.field({ type: [SupplierCoverageRef], resolve: (c) => c.suppliers }),
  }),
});

const EmissionHotspotRef = builder.objectRef<Hotspot>('EmissionHotspot').implement({
  description: 'A supplier, vessel or route among the few that make most of the total.',
  fields: (t) => ({
    co2eWtwKg: t.exposeFloat('co2eWtwKg'),
    cumulativeShare: t.exposeFloat('cumulativeShare', {
      description: 'Share of the total of the hotspots up to and including this one, 0..1.',
    }),
    dimension: t.exposeString('dimension', { description: 'supplier, vessel or route.' }),
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    share: t.exposeFloat('share'),
  }),
});

const EmissionProjectionRef = builder.objectRef<Projection>('EmissionProjection').implement({
  description: 'The year-end total extrapolated from the months reported so far. A projection, not a reported figure.',
  fields: (t) => ({
    method: t.exposeString('method', { description: 'How it was projected, in words.' }),
    monthsReported: t.exposeInt('monthsReported'),
    projectedCo2eWtwKg: t.exposeFloat('projectedCo2eWtwKg'),
  }),
});

const SupplierBenchmarkRef = builder.objectRef<SupplierBenchmark>('SupplierBenchmark').implement({
  description: "A supplier's intensity against the organisation's other suppliers of the same file category.",
  fields: (t) => ({
    category: t.field({ type: FileCategoryRef, resolve: (b) => b.category }),
    intensity: t.exposeFloat('intensity', { description: 'kg CO2e per unit of activity.' }),
    intensityUnit: t.exposeString('intensityUnit'),
    label: t.exposeString('label'),
    percentile: t.float({
      nullable: true,
      description: 'Percentile rank among the suppliers of the category (0 = lowest intensity), null with fewer than 2 suppliers.',
      resolve: (b) => b.percentile,
    }),
    peers: t.exposeInt('peers'),
    supplierOrganizationId: t.exposeString('supplierOrganizationId'),
  }),
});

const EmissionReportRef = builder.objectRef<EmissionReportView>('EmissionReport').implement({
  fields: (t) => ({
    byCategory: t.field({ type: [EmissionBreakdownRef], resolve: (r) => r.byCategory }),
    byDataQuality: t.field({ type: [EmissionBreakdownRef], resolve: (r) => r.byDataQuality }),
    byMethod: t.field({ type: [EmissionBreakdownRef], resolve: (r) => r.byMethod }),
    byMonth: t.field({ type: [EmissionMonthRef], resolve: (r) => r.byMonth }),
    bySupplier: t.field({ type: [EmissionBreakdownRef], resolve: (r) => r.bySupplier }),
    byVessel: t.field({ type: [EmissionBreakdownRef], resolve: (r) => r.byVessel }),
    coverage: t.field({ type: EmissionCoverageRef, resolve: (r) => r.coverage }),
    gwpSet: t.field({ type: GwpSetRef, resolve: (r) => r.gwpSet }),
    hotspots: t.field({ type: [EmissionHotspotRef], resolve: (r) => r.hotspots }),
    periodEnd: t.exposeString('periodEnd'),
    periodStart: t.exposeString('periodStart'),
    previousPeriod: t.field({
      type: EmissionTotalsRef,
      nullable: true,
      description: 'The same period one year earlier, null when nothing was computed for it.',
      resolve: (r) => r.previousPeriod,
    }),
    primaryDataShare: t.exposeFloat('primaryDataShare', {
      description: 'Share of CO2e WtW computed from primary data, 0..1 (the figure CSRD asks for).',
    }),
    projection: t.field({
      type: EmissionProjectionRef,
      nullable: true,
      description: 'Null when the period is over or has no month reported.',
      resolve: (r) => r.projection,
    }),
    run: t.field({
      type: EmissionRunRef,
      nullable: true,
      description: 'The run the figures come from; null when nothing was computed yet.',
      resolve: (r) => r.run,
    }),
    scope12: t.field({
      type: EmissionTotalsRef,
      description:
        'Scope 1/2 figures found in the same entries (tank-to-wake fuel of ships the organisation operates): shown apart, never part of the Scope 3 totals.',
      resolve: (r) => r.scope12,
    }),
    supplierBenchmarks: t.field({ type: [SupplierBenchmarkRef], resolve: (r) => r.supplierBenchmarks }),
    supplierQuality: t.field({ type: [SupplierDataQualityRef], resolve: (r) => r.supplierQuality }),
    totals: t.field({ type: EmissionTotalsRef, resolve: (r) => r.totals }),
    yearOnYearChange: t.float({
      nullable: true,
      description: '(this − previous) / previous for CO2e WtW; null without a previous period.',
      resolve: (r) => r.yearOnYearChange,
    }),
  }),
});

const EmissionReportInput = builder.inputType('EmissionReportInput', {
  fields: (t) => ({
    periodStart: t.string({ required: true, description: 'First day of the reporting period, YYYY-MM-DD.' }),
    periodEnd: t.string({ required: true, description: 'Last day of the reporting period (inclusive), YYYY-MM-DD.' }),
  }),
});

builder.queryFields((t) => ({
  emissionReport: t.field({
    type: EmissionReportRef,
    authScopes: { permission: READ },
    args: { input: t.arg({ type: EmissionReportInput, required: true }) },
    resolve: (_root, args, ctx) => getEmissionReport(ctx, { periodStart: args.input.periodStart, periodEnd: args.input.periodEnd }),
  }),
}));

const ExportEmissionReportInput = builder.inputType('ExportEmissionReportInput', {
  fields: (t) => ({
    format: t.field({ type: ExportFormatRef, required: true }),
    periodEnd: t.string({ required: true }),
    periodStart: t.string({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  exportEmissionReport: t.field({
    type: ExportLinkRef,
    authScopes: { permission: READ },
    args: { input: t.arg({ type: ExportEmissionReportInput, required: true }) },
    resolve: (_root, args, ctx) => exportEmissionReport(ctx, args.input),
  }),
}));
