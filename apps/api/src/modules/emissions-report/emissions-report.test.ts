import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, refusalOf, type Gql } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, newOrganization } from '../../test/organization-test-kit.ts';
import { expectFigures, recompute, seedOrganization, seedRequest, seedVesselFile, type VesselRow } from '../../test/report-test-kit.ts';

/**
 * The report, the drill-down and the entry history, over a real run of the recompute job: a customer's own ship and
 * the ship of a supplier whose answer it accepted, written into the tables the job reads, then `recomputeEmissions`.
 * Every expected figure is worked out below from the factor values printed in FuelEU Maritime Annex II and the IPCC
 * AR6 GWP100 values (the organisation's default set).
 */

let server: TestServer;
let mailbox: Mailbox;
let customer: Admin;
let gql: Gql;
let suppliers: { s1: string; s2: string; s3: string; s4: string; s5: string };
let s1File: { fileId: string; entryIds: string[] };
let ownFile: { fileId: string; entryIds: string[] };
let firstRun: string;
/** The year of the pending request's deadline (an hour from now): the "current" period of the projection. */
let currentYear: number;

const tag = randomUUID().slice(0, 6);

/*
 * Per gram of fuel (per tonne × 1000 = kg per tonne), FuelEU Annex II values and AR6 (fossil CH4 29.8, N2O 273):
 *   CO2e TtW = (1 − Cslip/100) · (Cf + Cf_CH4 · 29.8 + Cf_N2O · 273) + Cslip/100 · 29.8;  WtW = TtW + LCV · WtT
 * HFO (Cf 3.114, CH4 0.00005, N2O 0.00018, LCV 0.0405, WtT 13.5): TtW 3.114 + 0.00149 + 0.04914 = 3.16463;
 *   WtT 0.0405 × 13.5 = 0.54675; WtW 3.71138.  100 t → CO2 311,400 kg, CO2e TtW 316,463 kg, WtW 371,138 kg.
 * MDO/MGO (Cf 3.206, same CH4 and N2O, LCV 0.0427, WtT 14.4): TtW 3.25663; WtT 0.61488; WtW 3.87151.
 *   20 t → 64,120 / 65,132.6 / 77,430.2 kg;  5 t → 16,030 / 16,283.15 / 19,357.55 kg.
 * LNG, Otto medium speed (Cf 2.750, CH4 0, N2O 0.00011, LCV 0.0491, WtT 18.5, slip 3.1 %):
 *   TtW 0.969 × (2.750 + 0.00011 × 273) + 0.031 × 29.8 = 0.969 × 2.78003 + 0.9238 = 3.61764907;
 *   WtT 0.0491 × 18.5 = 0.90835; WtW 4.52599907.  50 t → 137,500 / 180,882.4535 / 226,299.9535 kg.
 */
const HFO_100 = { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 371_138 };
const MGO_20 = { co2TtwKg: 64_120, co2eTtwKg: 65_132.6, co2eWtwKg: 77_430.2 };
const MGO_5 = { co2TtwKg: 16_030, co2eTtwKg: 16_283.15, co2eWtwKg: 19_357.55 };
const LNG_50 = { co2TtwKg: 137_500, co2eTtwKg: 180_882.4535, co2eWtwKg: 226_299.9535 };

/*
 * Sønderho is the customer's own ship on a bareboat charter (decision 0018): its LNG is two results, the tank-to-wake
 * part under scope 1/2 (CO2 137,500, CO2e TtW = WtW = 180,882.4535 kg) and the well-to-tank part under category 3
 * (TtW 0, WtW 226,299.9535 − 180,882.4535 = 45,417.5 kg, which is 5e7 g × the WtT 0.90835 g/g).
 * 2025's Scope 3: January HFO 100 t (supplier, category 4) + Sønderho's well-to-tank 45,417.5 (category 3), February
 * MGO 20 t (supplier), March one entry not computed.
 *   CO2 311,400 + 0 + 64,120 = 375,520;  TtW 316,463 + 0 + 65,132.6 = 381,595.6;
 *   WtW 371,138 + 45,417.5 + 77,430.2 = 493,985.7.
 * Nordlys (the supplier's ship, category 4): 311,400 + 64,120 = 375,520; 316,463 + 65,132.6 = 381,595.6;
 *   371,138 + 77,430.2 = 448,568.2, share 448,568.2 / 493,985.7 = 0.90805908; category 3 45,417.5 / 493,985.7 = 0.09194092.
 * January: CO2 311,400; TtW 316,463; WtW 371,138 + 45,417.5 = 416,555.5.
 */
const LNG_50_TTW = { co2TtwKg: 137_500, co2eTtwKg: 180_882.4535, co2eWtwKg: 180_882.4535 };
const LNG_50_WTT = { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 45_417.5 };
const TOTAL_2025 = { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 493_985.7, computedEntries: 3, notComputedEntries: 1 };
const SCOPE12_2025 = { ...LNG_50_TTW, computedEntries: 1, notComputedEntries: 0 };
const NORDLYS_2025 = { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 448_568.2 };
const JANUARY = { entries: 2, co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 416_555.5 };

const nordlys = (row: Partial<VesselRow>): VesselRow => ({
  imo: '9321483',
  name: 'Nordlys',
  shipType: 'Bulk carrier',
  deadweight: 58_000,
  charter: 'time',
  fuel: 'HFO',
  fuelT: 100,
  distanceNm: 1000,
  cargoT: 50_000,
  start: null,
  end: null,
  ...row,
});

const sonderho = (row: Partial<VesselRow>): VesselRow => ({
  imo: '9074729',
  name: 'Sønderho',
  shipType: 'Container ship',
  deadweight: 42_000,
  charter: 'bareboat',
  fuel: 'LNG_OTTO_MS',
  fuelT: 50,
  distanceNm: 900,
  cargoT: 20_000,
  start: null,
  end: null,
  ...row,
});

const REPORT = `query($input: EmissionReportInput!) { emissionReport(input: $input) {
  periodStart periodEnd gwpSet run { id status }
  totals { co2TtwKg co2eTtwKg co2eWtwKg computedEntries notComputedEntries }
  scope12 { co2TtwKg co2eTtwKg co2eWtwKg computedEntries notComputedEntries }
  previousPeriod { co2TtwKg co2eTtwKg co2eWtwKg computedEntries notComputedEntries }
  yearOnYearChange primaryDataShare
  byCategory { key label entries co2TtwKg co2eTtwKg co2eWtwKg share }
  bySupplier { key label entries co2TtwKg co2eTtwKg co2eWtwKg share }
  byVessel { key label entries co2TtwKg co2eTtwKg co2eWtwKg share }
  byMethod { key label entries co2eWtwKg share }
  byDataQuality { key label entries co2eWtwKg share }
  byMonth { month entries co2TtwKg co2eTtwKg co2eWtwKg }
  coverage { requested answered pending estimated suppliers { supplierOrganizationId supplierName status } }
  hotspots { dimension key label co2eWtwKg share cumulativeShare }
  projection { projectedCo2eWtwKg monthsReported method }
  supplierQuality { supplierOrganizationId label dataQualityRating technologicalDqr temporalDqr geographicalDqr primaryDataShare }
  supplierBenchmarks { supplierOrganizationId label category intensity intensityUnit percentile peers }
} }`;

type Slice = { key: string; label: string; entries: number; co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number; share: number };
type Report = {
  periodStart: string;
  periodEnd: string;
  gwpSet: string;
  run: { id: string; status: string } | null;
  totals: Record<string, number>;
  scope12: { co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number; computedEntries: number; notComputedEntries: number };
  previousPeriod: Record<string, number> | null;
  yearOnYearChange: number | null;
  primaryDataShare: number;
  byCategory: Slice[];
  bySupplier: Slice[];
  byVessel: Slice[];
  byMethod: Slice[];
  byDataQuality: Slice[];
  byMonth: { month: string; entries: number; co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number }[];
  coverage: {
    requested: number;
    answered: number;
    pending: number;
    estimated: number;
    suppliers: { supplierOrganizationId: string; supplierName: string; status: string }[];
  };
  hotspots: { dimension: string; key: string; label: string; co2eWtwKg: number; share: number; cumulativeShare: number }[];
  projection: { projectedCo2eWtwKg: number; monthsReported: number; method: string } | null;
  supplierQuality: Record<string, number | string>[];
  supplierBenchmarks: Record<string, number | string | null>[];
};

const RESULT_FIELDS = `runId entryId fileId fileName rowNumber fileCategory supplierOrganizationId supplierName month scope3Category
  ruleId ruleReason method dataQuality vesselImo vesselName activity note co2TtwKg co2eTtwKg co2eWtwKg gwpSet computedAt
  factors { id key version value unit builtIn verification source { document section edition } }
  entry { id rowNumber sourceReference supplierOrganizationId }`;
const RESULTS = `query($filter: EmissionResultFilterInput!, $pagination: PaginationInput) {
  emissionResults(filter: $filter, pagination: $pagination) { data { ${RESULT_FIELDS} } pageInfo { totalCount totalPages } }
}`;
const HISTORY = `query($entryId: ID!) { emissionResultHistory(entryId: $entryId) { runId entryId scope3Category co2eWtwKg } }`;

type Result = {
  runId: string;
  entryId: string;
  fileId: string;
  fileName: string;
  rowNumber: number;
  supplierOrganizationId: string | null;
  supplierName: string | null;
  month: string | null;
  scope3Category: string;
  ruleId: string;
  ruleReason: string;
  method: string;
  dataQuality: string;
  vesselImo: string | null;
  note: string | null;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  gwpSet: string;
  factors: { id: string; builtIn: boolean; value: string; source: { document: string } }[];
  entry: { id: string; rowNumber: number; sourceReference: string; supplierOrganizationId: string | null };
};

const PERIOD_2025 = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

const reportOf = async (g: Gql, input = PERIOD_2025) => dataOf(await g<{ emissionReport: Report }>(REPORT, { input })).emissionReport;
const resultsOf = async (g: Gql, filter: Record<string, unknown>, pageSize = 100) =>
  dataOf(
    await g<{ emissionResults: { data: Result[]; pageInfo: { totalCount: number } } }>(RESULTS, {
      filter: { ...PERIOD_2025, ...filter },
      pagination: { pageSize },
    }),
  ).emissionResults;
const sliceOf = (slices: readonly Slice[], key: string) => slices.find((slice) => slice.key === key);

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  customer = await newOrganization(server, mailbox, `Report Shipping ${tag}`);
  gql = (query, variables) => customer.client.gql(query, variables, customer.token);
  const db = server.database.db;
  suppliers = {
    s1: await seedOrganization(db, `Baltic Bunkers ${tag}`),
    s2: await seedOrganization(db, `Quay Services ${tag}`),
    s3: await seedOrganization(db, `Cancelled Carriers ${tag}`),
    s4: await seedOrganization(db, `Future Tugs ${tag}`),
    s5: await seedOrganization(db, `Late Lines ${tag}`),
  };
  const pendingDeadline = new Date(Date.now() + 3_600_000);
  currentYear = pendingDeadline.getUTCFullYear();
  const accepted = await seedRequest(db, {
    customerId: customer.organizationId,
    supplierId: suppliers.s1,
    deadline: new Date('2025-03-31T12:00:00Z'),
    status: 'accepted',
    withAnswer: true,
  });
  await seedRequest(db, {
    customerId: customer.organizationId,
    supplierId: suppliers.s2,
    deadline: new Date('2025-06-30T12:00:00Z'),
    status: 'requested',
  });
  await seedRequest(db, {
    customerId: customer.organizationId,
    supplierId: suppliers.s3,
    deadline: new Date('2025-05-01T12:00:00Z'),
    status: 'cancelled',
  });
  await seedRequest(db, { customerId: customer.organizationId, supplierId: suppliers.s4, deadline: pendingDeadline, status: 'requested' });
  // Data of 2025 asked for with a deadline in February 2026, now past: it concerns 2025's report, not 2026's.
  await seedRequest(db, {
    customerId: customer.organizationId,
    supplierId: suppliers.s5,
    deadline: new Date('2026-02-15T12:00:00Z'),
    status: 'requested',
    period: '2025',
  });

  s1File = await seedVesselFile(db, {
    organizationId: suppliers.s1,
    fileUploadId: accepted.fileUploadId,
    name: 'nordlys-2025.csv',
    rows: [
      nordlys({ fuel: 'HFO', fuelT: 100, distanceNm: 1000, cargoT: 50_000, start: '2025-01-03', end: '2025-01-09' }),
      nordlys({ fuel: 'MDO_MGO', fuelT: 20, distanceNm: 400, cargoT: 30_000, start: '2025-02-10', end: '2025-02-14' }),
      // No ship and no fuel mass: not computed, in March.
      nordlys({
        imo: null,
        name: null,
        shipType: null,
        deadweight: null,
        fuelT: null,
        distanceNm: null,
        cargoT: null,
        start: '2025-03-02',
        end: '2025-03-04',
      }),
      // The same period a year earlier.
      nordlys({ fuel: 'MDO_MGO', fuelT: 5, distanceNm: 300, cargoT: 10_000, start: '2024-03-05', end: '2024-03-08' }),
      // A reporting year but no day: no month, so in no period.
      nordlys({ imo: null, name: null, shipType: null, deadweight: null, distanceNm: null, cargoT: null, reportingYear: 2025 }),
    ],
  });
  ownFile = await seedVesselFile(db, {
    organizationId: customer.organizationId,
    name: 'own-fleet.csv',
    rows: [
      sonderho({ start: '2025-01-15', end: '2025-01-20' }),
      sonderho({ fuel: 'MDO_MGO', fuelT: 5, distanceNm: 300, cargoT: 10_000, start: `${currentYear}-01-10`, end: `${currentYear}-01-12` }),
    ],
  });
  firstRun = await recompute(gql);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('emissionReport', () => {
  it('sums the current run by category, supplier, vessel, method, quality and month, with the year before', async () => {
    const report = await reportOf(gql);
    expect(report).toMatchObject({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      gwpSet: 'AR6',
      run: { id: firstRun, status: 'completed' },
    });
    expectFigures(report.totals, TOTAL_2025, 'totals');
    // Sønderho's tank-to-wake part, apart: never in the Scope 3 figures.
    expectFigures(report.scope12, SCOPE12_2025, 'scope 1/2');

    // Scope 3 categories only.
    expect(report.byCategory.map((s) => [s.key, s.label, s.entries])).toEqual([
      ['category_4', 'Category 4: Upstream transportation and distribution', 3],
      ['category_3', 'Category 3: Fuel- and energy-related activities', 1],
    ]);
    expectFigures(sliceOf(report.byCategory, 'category_4'), { ...NORDLYS_2025, share: 0.90805908 }, 'category 4');
    expectFigures(sliceOf(report.byCategory, 'category_3'), { ...LNG_50_WTT, share: 0.09194092 }, 'category 3');

    expect(report.bySupplier.map((s) => [s.key, s.label, s.entries])).toEqual([
      [suppliers.s1, `Baltic Bunkers ${tag}`, 3],
      ['own', 'Own data', 1],
    ]);
    expectFigures(sliceOf(report.bySupplier, 'own'), LNG_50_WTT, 'own data');

    // The March entry names no ship, so the vessels add up to the computed figures only.
    expect(report.byVessel.map((s) => [s.key, s.label, s.entries])).toEqual([
      ['9321483', 'Nordlys (IMO 9321483)', 2],
      ['9074729', 'Sønderho (IMO 9074729)', 1],
    ]);
    expectFigures(sliceOf(report.byVessel, '9321483'), NORDLYS_2025, 'Nordlys');

    expect(report.byMethod.map((s) => [s.key, s.label, s.entries])).toEqual([
      ['fuel_based', 'Fuel-based', 3],
      ['not_computed', 'Not computed', 1],
    ]);
    expectFigures(sliceOf(report.byMethod, 'fuel_based'), { co2eWtwKg: 493_985.7, share: 1 }, 'fuel-based');
    expectFigures(sliceOf(report.byDataQuality, 'primary'), { co2eWtwKg: 493_985.7, share: 1 }, 'primary');
    expect(report.primaryDataShare).toBe(1);

    // Every month of the period, zeros included; the undated entry (reporting year only) is in none.
    expect(report.byMonth.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`));
    expectFigures(report.byMonth[0], JANUARY, 'January');
    expectFigures(report.byMonth[1], { entries: 1, ...MGO_20 }, 'February');
    expectFigures(report.byMonth[2], { entries: 1, co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 0 }, 'March');
    expect(report.byMonth.slice(3).every((m) => m.entries === 0 && m.co2eWtwKg === 0)).toBe(true);

    // March 2024, MGO 5 t; (493,985.7 − 19,357.55) / 19,357.55 = 24.51901971.
    expectFigures(report.previousPeriod ?? undefined, { ...MGO_5, computedEntries: 1, notComputedEntries: 0 }, 'previous period');
    expect(report.yearOnYearChange).toBeCloseTo(24.51901971, 6);
    // 2025 is over: nothing is projected.
    expect(report.projection).toBeNull();
  });

  it('names the hotspots, each supplier’s data quality and intensity, and the coverage of the period’s requests', async () => {
    const report = await reportOf(gql);
    // Suppliers: only one (own data is no supplier), 448,568.2 / 493,985.7 = 0.90805908 of the Scope 3 total. Vessels:
    // Nordlys alone passes 80 %, so Sønderho (its well-to-tank part only, 0.09194092) is no hotspot.
    expect(report.hotspots.map((h) => [h.dimension, h.key])).toEqual([
      ['supplier', suppliers.s1],
      ['vessel', '9321483'],
    ]);
    expectFigures(report.hotspots[0], { share: 0.90805908, cumulativeShare: 0.90805908 }, 'supplier hotspot');
    expectFigures(report.hotspots[1], { share: 0.90805908, cumulativeShare: 0.90805908 }, 'vessel hotspot');

    // Fuel-based primary data only: DQR 1 in every dimension.
    expect(report.supplierQuality).toEqual([
      {
        supplierOrganizationId: suppliers.s1,
        label: `Baltic Bunkers ${tag}`,
        dataQualityRating: 1,
        technologicalDqr: 1,
        temporalDqr: 1,
        geographicalDqr: 1,
        primaryDataShare: 1,
      },
    ]);
    // Intensity: 448,568.2 kg over 50,000 t × 1,000 nm + 30,000 t × 400 nm = 62,000,000 t·nm = 0.00723497 kg/t·nm; no peer.
    expect(report.supplierBenchmarks).toHaveLength(1);
    expect(report.supplierBenchmarks[0]).toMatchObject({
      supplierOrganizationId: suppliers.s1,
      category: 'vessel_fuel_consumption',
      intensityUnit: 'kg CO2e/t·nm',
      percentile: null,
      peers: 0,
    });
    expect(report.supplierBenchmarks[0]?.intensity).toBeCloseTo(448_568.2 / 62_000_000, 12);

    // 2025's requests: the accepted one answered, the open one past its deadline estimated, the cancelled one left out,
    // and the one asking for 2025's data by its reporting period, due in 2026 and past, estimated.
    expect(report.coverage).toEqual({
      requested: 3,
      answered: 1,
      pending: 0,
      estimated: 2,
      suppliers: [
        { supplierOrganizationId: suppliers.s1, supplierName: `Baltic Bunkers ${tag}`, status: 'answered' },
        { supplierOrganizationId: suppliers.s5, supplierName: `Late Lines ${tag}`, status: 'estimated' },
        { supplierOrganizationId: suppliers.s2, supplierName: `Quay Services ${tag}`, status: 'estimated' },
      ],
    });
  });

  it('projects the current year from its months reported, and counts a request still open as pending', async () => {
    const report = await reportOf(gql, { periodStart: `${currentYear}-01-01`, periodEnd: `${currentYear}-12-31` });
    // Sønderho's 5 t MGO: well-to-tank 19,357.55 − 16,283.15 = 3,074.4 kg (5e6 g × 0.61488) in Scope 3 (category 3),
    // its tank-to-wake part apart.
    expectFigures(report.totals, { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 3_074.4, computedEntries: 1 }, 'current year');
    expectFigures(report.scope12, { ...MGO_5, co2eWtwKg: 16_283.15, computedEntries: 1 }, 'current year scope 1/2');
    // One month reported (January, 3,074.4 kg), so 3,074.4 × 12 = 36,892.8 kg: a projection, labelled so.
    expect(report.projection).toMatchObject({ monthsReported: 1 });
    expect(report.projection?.projectedCo2eWtwKg).toBeCloseTo(36_892.8, 6);
    expect(report.projection?.method).toMatch(/^Projection, not a reported figure/);
    // The 2025 request due this year is not counted: its reporting period is 2025.
    expect(report.coverage).toMatchObject({ requested: 1, pending: 1, answered: 0, estimated: 0 });
    expect(report.coverage.suppliers[0]).toMatchObject({ supplierOrganizationId: suppliers.s4, status: 'pending' });
  });

  it('refuses a period that does not run from a month’s first day to a month’s last, naming the field', async () => {
    const bad = async (input: Record<string, string>) => refusalOf(await gql(REPORT, { input }));
    expect(await bad({ periodStart: '2025-01-02', periodEnd: '2025-12-31' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'input.periodStart',
    });
    expect(await bad({ periodStart: '2025-01-01', periodEnd: '2025-12-30' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'input.periodEnd',
    });
    expect(await bad({ periodStart: '2025-03-01', periodEnd: '2025-01-31' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'input.periodEnd',
    });
    expect(await bad({ periodStart: '2025-02-30', periodEnd: '2025-12-31' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'input.periodStart',
    });
  });
});

describe('emissionResults', () => {
  it('drills from each figure to results that add up to it', async () => {
    const report = await reportOf(gql);
    for (const slice of report.byCategory) {
      const page = await resultsOf(gql, { scope3Category: slice.key });
      expect(page.pageInfo.totalCount, slice.key).toBe(slice.entries);
      expect(page.data.reduce((sum, r) => sum + r.co2eWtwKg, 0)).toBeCloseTo(slice.co2eWtwKg, 6);
    }
    for (const slice of report.bySupplier) {
      const page = await resultsOf(gql, { supplier: slice.key });
      expect(page.pageInfo.totalCount, slice.key).toBe(slice.entries);
      expect(page.data.reduce((sum, r) => sum + r.co2eWtwKg, 0)).toBeCloseTo(slice.co2eWtwKg, 6);
    }
    for (const month of report.byMonth.filter((m) => m.entries > 0)) {
      const page = await resultsOf(gql, { month: month.month });
      expect(page.pageInfo.totalCount, month.month).toBe(month.entries);
      expect(page.data.reduce((sum, r) => sum + r.co2TtwKg, 0)).toBeCloseTo(month.co2TtwKg, 6);
    }
    // The scope 1/2 shown apart drills to its parts.
    const scope12 = await resultsOf(gql, { scope3Category: 'scope_1_2' });
    expect(scope12.pageInfo.totalCount).toBe(report.scope12.computedEntries + report.scope12.notComputedEntries);
    expect(scope12.data.reduce((sum, r) => sum + r.co2eWtwKg, 0)).toBeCloseTo(report.scope12.co2eWtwKg, 6);
    // Category then supplier then its entries: the path the screen offers.
    const path = await resultsOf(gql, { scope3Category: 'category_4', supplier: suppliers.s1, vesselImo: '9321483' });
    expect(path.data.map((r) => r.co2eWtwKg)).toEqual([HFO_100.co2eWtwKg, MGO_20.co2eWtwKg]);
  });

  it('shows each result with its entry, every factor and version with its source, and its rule in words', async () => {
    const all = await resultsOf(gql, {});
    // Scope 3 results, largest CO2e WtW first.
    expect(all.data.map((r) => [r.fileName, r.rowNumber, r.method, r.scope3Category])).toEqual([
      ['nordlys-2025.csv', 2, 'fuel_based', 'category_4'],
      ['nordlys-2025.csv', 3, 'fuel_based', 'category_4'],
      ['own-fleet.csv', 2, 'fuel_based', 'category_3'],
      ['nordlys-2025.csv', 4, 'not_computed', 'category_4'],
    ]);
    const [hfo, , lng, none] = all.data;
    expect(hfo).toMatchObject({
      runId: firstRun,
      entryId: s1File.entryIds[0],
      fileId: s1File.fileId,
      supplierOrganizationId: suppliers.s1,
      supplierName: `Baltic Bunkers ${tag}`,
      month: '2025-01-01',
      scope3Category: 'category_4',
      ruleId: 'S3-VESSEL-TIME',
      ruleReason:
        "The reporting organisation buys the ship's service under a time charter while the owner crews and runs it, so under operational control the ship's fuel is category 4.",
      dataQuality: 'primary',
      vesselImo: '9321483',
      gwpSet: 'AR6',
      entry: { id: s1File.entryIds[0], rowNumber: 2, sourceReference: 'nordlys-2025.csv, row 2', supplierOrganizationId: suppliers.s1 },
    });
    expectFigures(hfo, HFO_100, 'HFO result');
    expect(hfo?.factors.map((f) => f.id).sort()).toEqual(
      ['fueleu.cf.hfo@1', 'fueleu.ch4.hfo@1', 'fueleu.lcv.hfo@1', 'fueleu.n2o.hfo@1', 'fueleu.wtt.hfo@1'].sort(),
    );
    expect(hfo?.factors.find((f) => f.id === 'fueleu.cf.hfo@1')).toMatchObject({ value: '3.114', builtIn: true });
    expect(hfo?.factors.every((f) => f.source.document.includes('2023/1805'))).toBe(true);
    const bareboatReason =
      'The reporting organisation crews and runs the ship on a bareboat charter (operating lease), so under operational control its tank-to-wake emissions are its scope 1, not scope 3, and the well-to-tank part of the fuel is category 3.';
    expect(lng).toMatchObject({
      supplierOrganizationId: null,
      supplierName: null,
      scope3Category: 'category_3',
      ruleId: 'S3-VESSEL-BAREBOAT',
      ruleReason: bareboatReason,
      note: 'Well-to-tank part: category 3 (fuel- and energy-related activities)',
      entry: { id: ownFile.entryIds[0], supplierOrganizationId: null },
    });
    expectFigures(lng, LNG_50_WTT, 'well-to-tank part');
    // Its other part, under scope 1/2: the same entry, rule and factors.
    const [ttw] = (await resultsOf(gql, { scope3Category: 'scope_1_2' })).data;
    expect(ttw).toMatchObject({
      entryId: ownFile.entryIds[0],
      scope3Category: 'scope_1_2',
      ruleId: 'S3-VESSEL-BAREBOAT',
      ruleReason: bareboatReason,
      note: 'Tank-to-wake part: scope 1/2 of the organisation',
    });
    expectFigures(ttw, LNG_50_TTW, 'tank-to-wake part');
    expect(ttw?.factors.map((f) => f.id)).toEqual(lng?.factors.map((f) => f.id));
    // The two parts make the entry's whole well-to-wake figure.
    expect((ttw?.co2eWtwKg ?? 0) + (lng?.co2eWtwKg ?? 0)).toBeCloseTo(LNG_50.co2eWtwKg, 6);
    expect(none).toMatchObject({ method: 'not_computed', co2eWtwKg: 0, factors: [] });
    expect(none?.note).toBeTruthy();
  });

  it('filters by file, method and vessel, pages, and refuses a month outside the period', async () => {
    expect((await resultsOf(gql, { fileId: ownFile.fileId })).pageInfo.totalCount).toBe(1);
    expect((await resultsOf(gql, { fileId: randomUUID() })).pageInfo.totalCount).toBe(0);
    expect((await resultsOf(gql, { method: 'not_computed' })).data.map((r) => r.entryId)).toEqual([s1File.entryIds[2]]);
    const paged = await resultsOf(gql, {}, 3);
    expect([paged.data.length, paged.pageInfo.totalCount]).toEqual([3, 4]);
    const refused = refusalOf(await gql(RESULTS, { filter: { ...PERIOD_2025, month: '2024-12-01' } }));
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', field: 'filter.month' });
    expect(refusalOf(await gql(RESULTS, { filter: { ...PERIOD_2025, supplier: 'someone' } }))).toMatchObject({ field: 'filter.supplier' });
  });

  it('keeps the previous run’s result in the entry’s history, newest first', async () => {
    const secondRun = await recompute(gql);
    const history = dataOf(
      await gql<{ emissionResultHistory: { runId: string; co2eWtwKg: number }[] }>(HISTORY, { entryId: s1File.entryIds[0] }),
    ).emissionResultHistory;
    expect(history.map((r) => r.runId)).toEqual([secondRun, firstRun]);
    expect(history.map((r) => r.co2eWtwKg)).toEqual([HFO_100.co2eWtwKg, HFO_100.co2eWtwKg]);
    // An entry stored in two parts: both parts of each kept run, newest run first, tank-to-wake part first.
    const parts = dataOf(
      await gql<{ emissionResultHistory: { runId: string; scope3Category: string; co2eWtwKg: number }[] }>(HISTORY, {
        entryId: ownFile.entryIds[0],
      }),
    ).emissionResultHistory;
    expect(parts.map((r) => [r.runId, r.scope3Category])).toEqual([
      [secondRun, 'scope_1_2'],
      [secondRun, 'category_3'],
      [firstRun, 'scope_1_2'],
      [firstRun, 'category_3'],
    ]);
    expect(parts[0]?.co2eWtwKg).toBeCloseTo(LNG_50_TTW.co2eWtwKg, 6);
    expect(parts[1]?.co2eWtwKg).toBeCloseTo(LNG_50_WTT.co2eWtwKg, 6);
    expect(refusalOf(await gql(HISTORY, { entryId: 'not-an-entry' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('another organisation', () => {
  it('sees nothing of the first: NOT_FOUND for its entry and ship, empty report and drill-down', async () => {
    const other = await newOrganization(server, mailbox, `Other Shipping ${tag}`);
    const og: Gql = (query, variables) => other.client.gql(query, variables, other.token);
    expect(refusalOf(await og(HISTORY, { entryId: s1File.entryIds[0] }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusalOf(await og(HISTORY, { entryId: ownFile.entryIds[0] }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusalOf(await og('query { vesselIndicators(imo: "9321483", year: 2025) { imo } }'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      dataOf(await og<{ vesselIndicatorsList: unknown[] }>('query { vesselIndicatorsList(year: 2025) { imo } }')).vesselIndicatorsList,
    ).toEqual([]);
    const report = await reportOf(og);
    expect(report.run).toBeNull();
    expect([report.totals.co2eWtwKg, report.bySupplier.length, report.coverage.requested]).toEqual([0, 0, 0]);
    const results = await resultsOf(og, { fileId: s1File.fileId });
    expect(results.pageInfo.totalCount).toBe(0);
  });
});
