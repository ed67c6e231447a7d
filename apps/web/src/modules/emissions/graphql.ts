import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// Runs and settings ---------------------------------------------------------------------------------

export const EmissionRunFields = graphql(`
  fragment EmissionRunFields on EmissionRun {
    id status reason gwpSet libraryVersion entriesTotal entriesDone entriesComputed error createdAt startedAt finishedAt
  }
`);

export type EmissionRun = ResultOf<typeof EmissionRunFields>;
export type EmissionRunStatus = EmissionRun['status'];

export const EmissionSettingsFields = graphql(
  `
    fragment EmissionSettingsFields on EmissionSettings {
      gwpSet consolidationApproach
      latestRun { ...EmissionRunFields }
    }
  `,
  [EmissionRunFields],
);

export type EmissionSettings = ResultOf<typeof EmissionSettingsFields>;
export type GwpSet = EmissionSettings['gwpSet'];
export type ConsolidationApproach = EmissionSettings['consolidationApproach'];

export const EmissionSettingsQuery = graphql(
  `
    query EmissionSettings {
      emissionSettings { ...EmissionSettingsFields }
    }
  `,
  [EmissionSettingsFields],
);

export const UpdateEmissionSettingsMutation = graphql(
  `
    mutation UpdateEmissionSettings($input: UpdateEmissionSettingsInput!) {
      updateEmissionSettings(input: $input) { ...EmissionSettingsFields }
    }
  `,
  [EmissionSettingsFields],
);

export const RecomputeEmissionsMutation = graphql(
  `
    mutation RecomputeEmissions {
      recomputeEmissions { ...EmissionRunFields }
    }
  `,
  [EmissionRunFields],
);

/** The organisation's newest run each time it changes: queued, progress, end. */
export const EmissionRunUpdatedSubscription = graphql(
  `
    subscription EmissionRunUpdated {
      emissionRunUpdated { ...EmissionRunFields }
    }
  `,
  [EmissionRunFields],
);

// The report -----------------------------------------------------------------------------------------

/** A slice of the total as the report page shows it (the printable report adds tank-to-wake). */
export const EmissionBreakdownFields = graphql(`
  fragment EmissionBreakdownFields on EmissionBreakdown {
    key label co2eWtwKg entries share
  }
`);

export type EmissionBreakdown = ResultOf<typeof EmissionBreakdownFields>;

export const EmissionTotalsFields = graphql(`
  fragment EmissionTotalsFields on EmissionTotals {
    co2TtwKg co2eTtwKg co2eWtwKg computedEntries notComputedEntries
  }
`);

/**
 * What the report page shows. The per-supplier and per-vessel totals are left to the printable report:
 * the page shows suppliers and vessels through their hotspots, and the query stays well within the
 * server's cost limit.
 */
export const EmissionReportFields = graphql(
  `
    fragment EmissionReportFields on EmissionReport {
      periodStart periodEnd gwpSet primaryDataShare yearOnYearChange
      run { ...EmissionRunFields }
      totals { ...EmissionTotalsFields }
      scope12 { co2TtwKg co2eTtwKg computedEntries }
      previousPeriod { co2eWtwKg }
      projection { projectedCo2eWtwKg monthsReported method }
      byCategory { ...EmissionBreakdownFields }
      byMethod { ...EmissionBreakdownFields }
      byDataQuality { ...EmissionBreakdownFields }
      byMonth { month co2eWtwKg }
      hotspots { dimension key label co2eWtwKg share cumulativeShare }
      supplierQuality {
        supplierOrganizationId label dataQualityRating temporalDqr geographicalDqr technologicalDqr primaryDataShare
      }
      coverage {
        requested answered pending estimated
        suppliers { supplierOrganizationId supplierName status }
      }
      supplierBenchmarks { supplierOrganizationId label category intensity intensityUnit peers percentile }
    }
  `,
  [EmissionRunFields, EmissionTotalsFields, EmissionBreakdownFields],
);

export type EmissionReport = ResultOf<typeof EmissionReportFields>;
export type EmissionHotspot = EmissionReport['hotspots'][number];
export type SupplierDataQuality = EmissionReport['supplierQuality'][number];
export type SupplierCoverage = EmissionReport['coverage']['suppliers'][number];
export type SupplierBenchmark = EmissionReport['supplierBenchmarks'][number];

export const EmissionReportQuery = graphql(
  `
    query EmissionReport($input: EmissionReportInput!) {
      emissionReport(input: $input) { ...EmissionReportFields }
    }
  `,
  [EmissionReportFields],
);

const PrintBreakdownFields = graphql(`
  fragment PrintBreakdownFields on EmissionBreakdown {
    key label co2eTtwKg co2eWtwKg entries share
  }
`);

export type PrintBreakdown = ResultOf<typeof PrintBreakdownFields>;

/** The printable report: every table of the report, with tank-to-wake beside well-to-wake. */
export const PrintReportQuery = graphql(
  `
    query PrintReport($input: EmissionReportInput!) {
      emissionReport(input: $input) {
        periodStart periodEnd gwpSet primaryDataShare yearOnYearChange
        run { id libraryVersion createdAt finishedAt }
        totals { ...EmissionTotalsFields }
        scope12 { ...EmissionTotalsFields }
        projection { projectedCo2eWtwKg monthsReported method }
        byCategory { ...PrintBreakdownFields }
        bySupplier { ...PrintBreakdownFields }
        byVessel { ...PrintBreakdownFields }
        byMethod { ...PrintBreakdownFields }
        byDataQuality { ...PrintBreakdownFields }
        byMonth { month co2TtwKg co2eTtwKg co2eWtwKg entries }
      }
    }
  `,
  [EmissionTotalsFields, PrintBreakdownFields],
);

export type PrintReport = ResultOf<typeof PrintReportQuery>['emissionReport'];

export const ExportEmissionReportMutation = graphql(`
  mutation ExportEmissionReport($input: ExportEmissionReportInput!) {
    exportEmissionReport(input: $input) { url fileName expiresAt }
  }
`);

export type ExportFormat = VariablesOf<typeof ExportEmissionReportMutation>['input']['format'];

// Factors --------------------------------------------------------------------------------------------

export const EmissionFactorFields = graphql(`
  fragment EmissionFactorFields on EmissionFactor {
    id key version kind regime fuel consumer activity value unit builtIn verification validFrom validTo evidence createdAt
    source { document section edition }
    supplier { id name }
  }
`);

export type EmissionFactor = ResultOf<typeof EmissionFactorFields>;
export type EmissionFactorKind = EmissionFactor['kind'];

export const EmissionFactorsQuery = graphql(
  `
    query EmissionFactors($filter: EmissionFactorFilterInput, $pagination: PaginationInput) {
      emissionFactors(filter: $filter, pagination: $pagination) {
        data { ...EmissionFactorFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [EmissionFactorFields, PageInfoFields],
);

export type EmissionFactorFilter = NonNullable<VariablesOf<typeof EmissionFactorsQuery>['filter']>;

export const CreateEmissionFactorMutation = graphql(
  `
    mutation CreateEmissionFactor($input: CreateEmissionFactorInput!) {
      createEmissionFactor(input: $input) { ...EmissionFactorFields }
    }
  `,
  [EmissionFactorFields],
);

export type CreateEmissionFactorInput = VariablesOf<typeof CreateEmissionFactorMutation>['input'];

/** The organisation's active suppliers, for a supplier-specific factor. */
export const FactorSuppliersQuery = graphql(`
  query FactorSuppliers($pagination: PaginationInput) {
    organizationRelationships(status: active, side: customer, pagination: $pagination) {
      data { id supplierOrganization { id name } }
      pageInfo { totalCount }
    }
  }
`);

// Results (the drill-down) ---------------------------------------------------------------------------

export const EmissionResultFields = graphql(`
  fragment EmissionResultFields on EmissionResult {
    entryId runId fileId fileName rowNumber fileCategory supplierOrganizationId supplierName vesselImo vesselName month
    method dataQuality scope3Category ruleId ruleReason gwpSet activity note co2TtwKg co2eTtwKg co2eWtwKg computedAt
  }
`);

export type EmissionResult = ResultOf<typeof EmissionResultFields>;
export type EmissionMethod = EmissionResult['method'];
export type EmissionDataQuality = EmissionResult['dataQuality'];
export type Scope3Category = EmissionResult['scope3Category'];

export const EmissionResultsQuery = graphql(
  `
    query EmissionResults($filter: EmissionResultFilterInput!, $pagination: PaginationInput) {
      emissionResults(filter: $filter, pagination: $pagination) {
        data { ...EmissionResultFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [EmissionResultFields, PageInfoFields],
);

export type EmissionResultFilter = VariablesOf<typeof EmissionResultsQuery>['filter'];

/** Everything the detail panel shows of one entry's result: its values, each factor, and the results kept for audit. */
export const EmissionResultHistoryQuery = graphql(
  `
    query EmissionResultHistory($entryId: ID!) {
      emissionResultHistory(entryId: $entryId) {
        ...EmissionResultFields
        factors { ...EmissionFactorFields }
        entry {
          id sourceReference entryDate
          values { fieldName label stringValue numberValue booleanValue dateValue unit dataType }
        }
      }
    }
  `,
  [EmissionResultFields, EmissionFactorFields],
);

export type EmissionResultDetail = ResultOf<typeof EmissionResultHistoryQuery>['emissionResultHistory'][number];
export type EntryValue = EmissionResultDetail['entry']['values'][number];

// Vessels --------------------------------------------------------------------------------------------

export const VesselIndicatorsFields = graphql(`
  fragment VesselIndicatorsFields on VesselIndicators {
    imo name shipType year co2Kg distanceNm transportWorkTnm supplierOrganizationId supplierName
    fuels { fuel tonnes }
    cii { metric attained required referenceLine reductionFactor rating boundaries capacity capacityUnit missing }
    fuelEu { ghgIntensity target complianceBalanceGco2e energyMj missing }
    benchmark {
      co2PerDistance co2PerDistancePercentile co2PerTransportWork co2PerTransportWorkPercentile
      peerDistanceQuantiles peers referenceShipType referenceYear missing
    }
  }
`);

export type VesselIndicators = ResultOf<typeof VesselIndicatorsFields>;
export type CiiRating = VesselIndicators['cii'];
export type FuelEuBalance = VesselIndicators['fuelEu'];
export type VesselBenchmark = VesselIndicators['benchmark'];

export const VesselIndicatorsListQuery = graphql(
  `
    query VesselIndicatorsList($year: Int!) {
      vesselIndicatorsList(year: $year) { ...VesselIndicatorsFields }
      mrvReferenceStatus { years { year ships } }
    }
  `,
  [VesselIndicatorsFields],
);

export const VesselIndicatorsQuery = graphql(
  `
    query VesselIndicators($imo: String!, $year: Int!) {
      vesselIndicators(imo: $imo, year: $year) { ...VesselIndicatorsFields }
    }
  `,
  [VesselIndicatorsFields],
);
