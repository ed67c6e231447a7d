import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendar, createRequest, inDays, updateTask } from '../modules/requests/requests-test-kit.ts';
import { type Mailbox, outboxMailbox } from '../test/auth-test-kit.ts';
import { dataOf, gqlOf, type Gql, waitFor } from '../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { customerAndSupplier } from '../test/supplier-test-kit.ts';
import { mapAndValidate, uploadCsv, waitForRead } from '../test/upload-test-kit.ts';

/**
 * The emissions flow end to end, through the public API only: a customer asks its supplier for vessel fuel data, the
 * supplier uploads a CSV, maps, validates and submits it, the customer accepts, the recompute job runs, and the
 * customer's report and per-entry results equal figures worked out by hand below from FuelEU Maritime Annex II and
 * the IPCC AR6 GWP100 values. Then the customer adds a factor of its own, twice (a new version the second time): each
 * run after it moves the figures, and an entry's history still shows the result before, with the factor version it was
 * computed with (runs keep the current and the previous run's results; older ones are pruned).
 */

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

/*
 * The supplier's file: two ships (IMO check digits: 9321483 → 9·7+3·6+2·5+1·4+4·3+8·2 = 123, last digit 3;
 * 9074729 → 9·7+0·6+7·5+4·4+7·3+2·2 = 139, last digit 9), in January and February 2025. Nordlys is on a time
 * charter (category 4); Sønderho on a bareboat charter, so under operational control the customer runs it: the
 * tank-to-wake emissions of its fuel are the customer's own scope 1/2 (shown apart, never in the Scope 3 totals) and the
 * well-to-tank part is category 3 (decision 0018). Each Sønderho entry is two results, one per part.
 */
const CSV = [
  'IMO number,Vessel,Ship type,Deadweight,Charter type,Fuel type,Fuel mass,Distance,Cargo,Period start,Period end',
  '9321483,Nordlys,Bulk carrier,58000,Time charter,HFO,100,1200,50000,2025-01-03,2025-01-09',
  '9321483,Nordlys,Bulk carrier,58000,Time charter,MGO,20,400,30000,2025-02-10,2025-02-14',
  '9074729,Sønderho,Container ship,42000,Bareboat,LNG Otto medium speed,50,900,20000,2025-01-15,2025-01-20',
  '9074729,Sønderho,Container ship,42000,Bareboat,MGO,5,300,10000,2025-02-01,2025-02-05',
].join('\n');

const MAPPINGS = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Ship type', targetField: 'ship_type' },
  { sourceColumn: 'Deadweight', targetField: 'deadweight', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Charter type', targetField: 'charter_type' },
  { sourceColumn: 'Fuel type', targetField: 'fuel_type' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Distance', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'nm' }] },
  { sourceColumn: 'Cargo', targetField: 'cargo_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

type Figures = { co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number };

/*
 * Per gram of fuel (so per tonne × 1000 = kg per tonne), Regulation (EU) 2023/1805 Annex II and Annex I:
 *   CO2 TtW   = Cf_CO2
 *   CO2e TtW  = (1 − Cslip/100) · (Cf_CO2 + Cf_CH4 · 29.8 + Cf_N2O · 273) + Cslip/100 · 29.8   (AR6: fossil CH4 29.8, N2O 273)
 *   WtT       = LCV (MJ/g) · WtT (gCO2e/MJ);  CO2e WtW = CO2e TtW + WtT
 *
 * HFO (Cf 3.114, CH4 0.00005, N2O 0.00018, LCV 0.0405, WtT 13.5, no slip):
 *   CO2e TtW = 3.114 + 0.00005 × 29.8 + 0.00018 × 273 = 3.114 + 0.00149 + 0.04914 = 3.16463
 *   WtT      = 0.0405 × 13.5 = 0.54675;  WtW = 3.71138
 *   100 t → CO2 311,400 kg; CO2e TtW 316,463 kg; WtW 371,138 kg
 * MDO/MGO (Cf 3.206, CH4 0.00005, N2O 0.00018, LCV 0.0427, WtT 14.4, no slip):
 *   CO2e TtW = 3.206 + 0.00149 + 0.04914 = 3.25663;  WtT = 0.0427 × 14.4 = 0.61488;  WtW = 3.87151
 *   20 t → CO2 64,120 kg; CO2e TtW 65,132.6 kg; WtW 77,430.2 kg
 *    5 t → CO2 16,030 kg; CO2e TtW 16,283.15 kg; WtW 19,357.55 kg
 * LNG, Otto medium speed (Cf 2.750, CH4 0, N2O 0.00011, LCV 0.0491, WtT 18.5, Cslip 3.1 %):
 *   CO2 TtW  = 2.750 (fuel mass × Cf, as the EU MRV and IMO DCS count it)
 *   CO2e TtW = 0.969 × (2.750 + 0 × 29.8 + 0.00011 × 273) + 0.031 × 29.8 = 0.969 × 2.78003 + 0.9238
 *            = 2.69384907 + 0.9238 = 3.61764907
 *   WtT      = 0.0491 × 18.5 = 0.90835;  WtW = 4.52599907
 *   50 t → CO2 137,500 kg; CO2e TtW 180,882.4535 kg; WtW 226,299.9535 kg
 */
const HFO_100: Figures = { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 371_138 };
const MGO_20: Figures = { co2TtwKg: 64_120, co2eTtwKg: 65_132.6, co2eWtwKg: 77_430.2 };
const LNG_50: Figures = { co2TtwKg: 137_500, co2eTtwKg: 180_882.4535, co2eWtwKg: 226_299.9535 };
const MGO_5: Figures = { co2TtwKg: 16_030, co2eTtwKg: 16_283.15, co2eWtwKg: 19_357.55 };

/*
 * Sønderho's entries in two parts. Tank-to-wake, scope 1/2: CO2 and CO2e TtW as above, CO2e WtW = CO2e TtW.
 * Well-to-tank, category 3: CO2 0, CO2e TtW 0, CO2e WtW = WtW − TtW:
 *   LNG 50 t: 226,299.9535 − 180,882.4535 = 45,417.5 kg (50e6 g × 0.90835);  MGO 5 t: 19,357.55 − 16,283.15 = 3,074.4 kg
 *   (5e6 g × 0.61488).
 */
const LNG_50_TTW: Figures = { co2TtwKg: 137_500, co2eTtwKg: 180_882.4535, co2eWtwKg: 180_882.4535 };
const LNG_50_WTT: Figures = { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 45_417.5 };
const MGO_5_TTW: Figures = { co2TtwKg: 16_030, co2eTtwKg: 16_283.15, co2eWtwKg: 16_283.15 };
const MGO_5_WTT: Figures = { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 3_074.4 };

// Nordlys (HFO 100 t + MGO 20 t), category 4: 311,400 + 64,120; 316,463 + 65,132.6; 371,138 + 77,430.2.
const NORDLYS: Figures = { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 448_568.2 };
// Sønderho's well-to-tank parts, category 3: 45,417.5 + 3,074.4 = 48,491.9.
const SONDERHO_WTT: Figures = { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 48_491.9 };
/*
 * Sønderho's tank-to-wake parts, the scope 1/2 shown apart: CO2 137,500 + 16,030 = 153,530;
 * CO2e TtW = WtW 180,882.4535 + 16,283.15 = 197,165.6035 (its TtW, which the Scope 3 total leaves out).
 */
const SCOPE12: Figures = { co2TtwKg: 153_530, co2eTtwKg: 197_165.6035, co2eWtwKg: 197_165.6035 };
/*
 * Scope 3 totals (Nordlys + Sønderho's well-to-tank): CO2 375,520 + 0 = 375,520; CO2e TtW 381,595.6 + 0 = 381,595.6;
 * WtW 448,568.2 + 48,491.9 = 497,060.1. With the scope 1/2 apart the whole is 497,060.1 + 197,165.6035 = 694,225.7035,
 * the four entries' WtW (371,138 + 77,430.2 + 226,299.9535 + 19,357.55).
 */
const TOTAL: Figures = { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 497_060.1 };
// January (HFO 100 t, LNG's well-to-tank): 311,400; 316,463; 371,138 + 45,417.5 = 416,555.5.
const JANUARY: Figures = { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 416_555.5 };
// February (MGO 20 t, MGO 5 t's well-to-tank): 64,120; 65,132.6; 77,430.2 + 3,074.4 = 80,504.6.
const FEBRUARY: Figures = { co2TtwKg: 64_120, co2eTtwKg: 65_132.6, co2eWtwKg: 80_504.6 };

/** The factors each fuel uses, all version 1 of the built-in library (FuelEU Annex II). */
const factorIds = (fuel: string, slip?: string) =>
  [
    `fueleu.cf.${fuel}@1`,
    `fueleu.ch4.${fuel}@1`,
    `fueleu.n2o.${fuel}@1`,
    `fueleu.lcv.${fuel}@1`,
    `fueleu.wtt.${fuel}@1`,
    ...(slip ? [`fueleu.slip.${fuel}.${slip}@1`] : []),
  ].sort();

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

const FIGURES = 'co2TtwKg co2eTtwKg co2eWtwKg';
const REPORT = `query($input: EmissionReportInput!) { emissionReport(input: $input) {
  periodStart periodEnd gwpSet primaryDataShare run { id status }
  totals { ${FIGURES} computedEntries notComputedEntries }
  scope12 { ${FIGURES} computedEntries notComputedEntries }
  byCategory { key label entries share ${FIGURES} }
  bySupplier { key label entries share ${FIGURES} }
  byVessel { key label entries ${FIGURES} }
  byMethod { key entries }
  byDataQuality { key entries }
  byMonth { month entries ${FIGURES} }
} }`;
type Slice = Figures & { key: string; label: string; entries: number; share?: number };
type Report = {
  periodStart: string;
  periodEnd: string;
  gwpSet: string;
  primaryDataShare: number;
  run: { id: string; status: string } | null;
  totals: Figures & { computedEntries: number; notComputedEntries: number };
  scope12: Figures & { computedEntries: number; notComputedEntries: number };
  byCategory: Slice[];
  bySupplier: Slice[];
  byVessel: Slice[];
  byMethod: { key: string; entries: number }[];
  byDataQuality: { key: string; entries: number }[];
  byMonth: (Figures & { month: string; entries: number })[];
};

const RESULT_FIELDS = `entryId rowNumber runId method dataQuality scope3Category ruleId activity month vesselImo vesselName
  supplierOrganizationId supplierName gwpSet fileName ${FIGURES}
  factors { id key version builtIn source { document } }`;
type Result = Figures & {
  entryId: string;
  rowNumber: number;
  runId: string;
  method: string;
  dataQuality: string;
  scope3Category: string;
  ruleId: string;
  activity: string | null;
  month: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  supplierOrganizationId: string | null;
  supplierName: string | null;
  gwpSet: string;
  fileName: string;
  factors: { id: string; key: string; version: number; builtIn: boolean; source: { document: string } }[];
};
const RESULTS = `query($filter: EmissionResultFilterInput!, $pagination: PaginationInput) {
  emissionResults(filter: $filter, pagination: $pagination) { data { ${RESULT_FIELDS} } pageInfo { totalCount } }
}`;
const HISTORY = `query($entryId: ID!) { emissionResultHistory(entryId: $entryId) { ${RESULT_FIELDS} } }`;
const RUNS = 'query { emissionRuns(pagination: { pageSize: 50 }) { data { id status reason error } } }';
type Run = { id: string; status: string; reason: string; error: string | null };
const SETTINGS = 'query { emissionSettings { gwpSet consolidationApproach currentRun { id } latestRun { id status } } }';
const CREATE_FACTOR = `mutation($input: CreateEmissionFactorInput!) { createEmissionFactor(input: $input) {
  id key version builtIn value unit kind fuel regime validFrom evidence source { document section edition }
} }`;

const report = async (gql: Gql) => dataOf(await gql<{ emissionReport: Report }>(REPORT, { input: PERIOD })).emissionReport;

const results = async (gql: Gql, filter: Record<string, unknown> = {}) =>
  dataOf(
    await gql<{ emissionResults: { data: Result[]; pageInfo: { totalCount: number } } }>(RESULTS, {
      filter: { ...PERIOD, ...filter },
      pagination: { pageSize: 100 },
    }),
  ).emissionResults;

const history = async (gql: Gql, entryId: string) =>
  dataOf(await gql<{ emissionResultHistory: Result[] }>(HISTORY, { entryId })).emissionResultHistory;

/** The id of the well-to-tank factor of HFO a result used (the library's or the customer's own). */
const wttFactorOf = (result: Result) => result.factors.find((factor) => factor.key.endsWith('wtt.hfo'))?.id;

const runs = async (gql: Gql) => dataOf(await gql<{ emissionRuns: { data: Run[] } }>(RUNS)).emissionRuns.data;

/**
 * Waits for the run a change queued: every run that had not finished in `before` (a change may join a run already
 * waiting) must finish; answers the newest. The job runs in the server's own queue, as in production; nothing here
 * computes anything.
 */
const nextRun = async (gql: Gql, before: readonly Run[]): Promise<Run> => {
  const known = new Set(before.filter((run) => run.status === 'completed' || run.status === 'failed').map((run) => run.id));
  const all = await waitFor(
    () => runs(gql),
    (list) => {
      const fresh = list.filter((run) => !known.has(run.id));
      return fresh.length > 0 && fresh.every((run) => run.status === 'completed' || run.status === 'failed');
    },
    'the emission run',
    120_000,
  );
  const [newest] = all.filter((run) => !known.has(run.id));
  if (!newest) throw new Error('no new run');
  expect(newest.error).toBeNull();
  expect(newest.status).toBe('completed');
  // The report reads the run that just completed.
  const settings = dataOf(await gql<{ emissionSettings: { currentRun: { id: string } | null } }>(SETTINGS)).emissionSettings;
  expect(settings.currentRun?.id).toBe(newest.id);
  return newest;
};

const expectFigures = (actual: Figures | undefined, expected: Figures, what: string) => {
  if (!actual) throw new Error(`${what}: missing`);
  expect(actual.co2TtwKg, `${what} CO2 TtW`).toBeCloseTo(expected.co2TtwKg, 3);
  expect(actual.co2eTtwKg, `${what} CO2e TtW`).toBeCloseTo(expected.co2eTtwKg, 3);
  expect(actual.co2eWtwKg, `${what} CO2e WtW`).toBeCloseTo(expected.co2eWtwKg, 3);
};

const FACTOR_SOURCE = {
  document: 'Bunker supplier well-to-tank declaration 2025',
  section: 'Table 2, HFO RMG 380',
  edition: 'Issue 1, March 2025',
  evidence: 'Declaration signed by the bunker supplier, filed with the 2025 fuel contract',
};

describe('emissions from a supplier’s fuel file to the customer’s report', () => {
  it('counts an accepted answer by hand-checked figures, and a new factor version moves the next run while history keeps the old', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: 'Skagen Bulk Charterers',
      supplier: 'Limfjord Ship Operations',
    });
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];

    // 1. The request, the supplier's file, its mappings and validation, and the submission.
    const calendar = await createCalendar(c, inDays(30));
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fleet fuel 2025',
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2025',
    });
    const answer = await uploadCsv(server, s, 'fleet-fuel-2025.csv', CSV, task.id);
    await waitForRead(s, answer.fileId);
    expect(await mapAndValidate(s, answer.fileId, MAPPINGS, 'status validRows invalidRows')).toEqual({
      status: 'validated',
      validRows: 4,
      invalidRows: 0,
    });
    dataOf(await updateTask(s, { id: task.id, status: 'submitted' }));

    // 2. Submitted but not accepted: a run of the customer's counts none of it.
    const beforeRequested = await runs(c);
    const requested = dataOf(
      await c<{ recomputeEmissions: Run }>('mutation { recomputeEmissions { id status reason error } }'),
    ).recomputeEmissions;
    expect(requested.status).toMatch(/^(queued|running|completed)$/);
    const emptyRun = await nextRun(c, beforeRequested);
    const empty = await report(c);
    expect(empty.run?.id).toBe(emptyRun.id);
    expect(empty.totals).toEqual({ co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 0, computedEntries: 0, notComputedEntries: 0 });
    expect(empty.bySupplier.filter((slice) => slice.entries > 0)).toEqual([]);
    expect((await results(c)).pageInfo.totalCount).toBe(0);

    // 3. Accepted: the acceptance queues a run by itself, and the report holds the four entries.
    const beforeAccepted = await runs(c);
    dataOf(await updateTask(c, { id: task.id, status: 'accepted' }));
    const firstRun = await nextRun(c, beforeAccepted);
    expect(firstRun.reason).toBe('entries_changed');

    const first = await report(c);
    expect(first).toMatchObject({ ...PERIOD, gwpSet: 'AR6', run: { id: firstRun.id, status: 'completed' } });
    // Scope 3: Nordlys's two entries and Sønderho's two well-to-tank parts.
    expect(first.totals).toMatchObject({ computedEntries: 4, notComputedEntries: 0 });
    expectFigures(first.totals, TOTAL, 'Scope 3 total');
    // Sønderho's tank-to-wake parts, apart.
    expect(first.scope12).toMatchObject({ computedEntries: 2, notComputedEntries: 0 });
    expectFigures(first.scope12, SCOPE12, 'scope 1/2');

    // Scope 3 categories only: category 4 and Sønderho's well-to-tank as category 3.
    const categories = new Map(first.byCategory.map((slice) => [slice.key, slice]));
    expect([...categories.keys()].sort()).toEqual(['category_3', 'category_4']);
    expectFigures(categories.get('category_4'), NORDLYS, 'category 4');
    expectFigures(categories.get('category_3'), SONDERHO_WTT, 'category 3');
    expect(categories.get('category_4')?.entries).toBe(2);
    expect(categories.get('category_3')?.entries).toBe(2);
    // Shares of the Scope 3 WtW total: 448,568.2 / 497,060.1 = 0.90244258 and 48,491.9 / 497,060.1 = 0.09755742.
    expect(categories.get('category_4')?.share).toBeCloseTo(0.90244258, 6);
    expect(categories.get('category_3')?.share).toBeCloseTo(0.09755742, 6);

    expect(first.bySupplier).toHaveLength(1);
    expect(first.bySupplier[0]).toMatchObject({ key: supplier.organizationId, label: 'Limfjord Ship Operations', entries: 4 });
    // All of it (the same sums added in another order may differ in the last bit).
    expect(first.bySupplier[0]?.share).toBeCloseTo(1, 12);
    expectFigures(first.bySupplier[0], TOTAL, 'supplier');

    const vessels = new Map(first.byVessel.map((slice) => [slice.key, slice]));
    expect([...vessels.keys()].sort()).toEqual(['9074729', '9321483']);
    expectFigures(vessels.get('9321483'), NORDLYS, 'Nordlys');
    expectFigures(vessels.get('9074729'), SONDERHO_WTT, 'Sønderho');

    const months = new Map(first.byMonth.map((month) => [month.month, month]));
    expectFigures(months.get('2025-01-01'), JANUARY, 'January');
    expectFigures(months.get('2025-02-01'), FEBRUARY, 'February');
    expect(months.get('2025-01-01')?.entries).toBe(2);
    expect(months.get('2025-02-01')?.entries).toBe(2);
    // No other month holds anything.
    expect(first.byMonth.filter((month) => month.entries > 0).map((month) => month.month)).toEqual(['2025-01-01', '2025-02-01']);

    // Fuel burnt as measured: every entry fuel-based and primary, so all of the total is primary data.
    const filled = (slices: { key: string; entries: number }[]) =>
      slices.filter((slice) => slice.entries > 0).map(({ key, entries }) => ({ key, entries }));
    expect(filled(first.byMethod)).toEqual([{ key: 'fuel_based', entries: 4 }]);
    expect(filled(first.byDataQuality)).toEqual([{ key: 'primary', entries: 4 }]);
    expect(first.primaryDataShare).toBeCloseTo(1, 9);

    // 4. Per entry: the figures, the method, the rule and every factor with its exact version (the drill-down is the
    // report's: Scope 3 results, so Sønderho's well-to-tank parts).
    const page = await results(c);
    expect(page.pageInfo.totalCount).toBe(4);
    const byRow = new Map(page.data.map((result) => [result.rowNumber, result]));
    expect([...byRow.keys()].sort()).toEqual([2, 3, 4, 5]);
    const expectedRows = [
      { row: 2, figures: HFO_100, fuel: 'hfo', month: '2025-01-01', imo: '9321483', category: 'category_4', rule: 'S3-VESSEL-TIME' },
      { row: 3, figures: MGO_20, fuel: 'mdo_mgo', month: '2025-02-01', imo: '9321483', category: 'category_4', rule: 'S3-VESSEL-TIME' },
      {
        row: 4,
        figures: LNG_50_WTT,
        fuel: 'lng',
        slip: 'otto_ms',
        month: '2025-01-01',
        imo: '9074729',
        category: 'category_3',
        rule: 'S3-VESSEL-BAREBOAT',
      },
      {
        row: 5,
        figures: MGO_5_WTT,
        fuel: 'mdo_mgo',
        month: '2025-02-01',
        imo: '9074729',
        category: 'category_3',
        rule: 'S3-VESSEL-BAREBOAT',
      },
    ];
    for (const expected of expectedRows) {
      const result = byRow.get(expected.row);
      expectFigures(result, expected.figures, `row ${expected.row}`);
      expect(result).toMatchObject({
        runId: firstRun.id,
        method: 'fuel_based',
        dataQuality: 'primary',
        gwpSet: 'AR6',
        scope3Category: expected.category,
        ruleId: expected.rule,
        month: expected.month,
        vesselImo: expected.imo,
        supplierOrganizationId: supplier.organizationId,
        supplierName: 'Limfjord Ship Operations',
        fileName: 'fleet-fuel-2025.csv',
      });
      expect(result?.factors.map((factor) => factor.id).sort(), `factors of row ${expected.row}`).toEqual(
        factorIds(expected.fuel, expected.slip),
      );
      expect(result?.factors.every((factor) => factor.builtIn && factor.version === 1)).toBe(true);
      expect(result?.factors.every((factor) => factor.source.document === 'Regulation (EU) 2023/1805 (FuelEU Maritime)')).toBe(true);
    }
    expect(byRow.get(2)?.activity).toBe('100 t HFO');
    // The scope 1/2 shown apart drills to Sønderho's tank-to-wake parts; each entry's two parts make its whole WtW.
    const scope12 = await results(c, { scope3Category: 'scope_1_2' });
    const ttwByRow = new Map(scope12.data.map((result) => [result.rowNumber, result]));
    expect([...ttwByRow.keys()].sort()).toEqual([4, 5]);
    expectFigures(ttwByRow.get(4), LNG_50_TTW, 'row 4 tank-to-wake');
    expectFigures(ttwByRow.get(5), MGO_5_TTW, 'row 5 tank-to-wake');
    expect(ttwByRow.get(4)?.entryId).toBe(byRow.get(4)?.entryId);
    expect((ttwByRow.get(4)?.co2eWtwKg ?? 0) + (byRow.get(4)?.co2eWtwKg ?? 0)).toBeCloseTo(LNG_50.co2eWtwKg, 3);
    expect((ttwByRow.get(5)?.co2eWtwKg ?? 0) + (byRow.get(5)?.co2eWtwKg ?? 0)).toBeCloseTo(MGO_5.co2eWtwKg, 3);
    // Filters narrow the same results: one supplier, one month, one category, one vessel.
    expect((await results(c, { supplier: supplier.organizationId })).pageInfo.totalCount).toBe(4);
    expect((await results(c, { month: '2025-02-01' })).data.map((r) => r.rowNumber).sort()).toEqual([3, 5]);
    expect((await results(c, { scope3Category: 'scope_1_2' })).data.map((r) => r.rowNumber).sort()).toEqual([4, 5]);
    expect((await results(c, { vesselImo: '9321483' })).data.map((r) => r.rowNumber).sort()).toEqual([2, 3]);

    // 5. The customer's own well-to-tank factor for HFO: its next run uses it for the HFO entry only.
    const hfoEntryId = byRow.get(2)?.entryId;
    if (!hfoEntryId) throw new Error('no HFO entry');
    const beforeFactor = await runs(c);
    const own = dataOf(
      await c<{ createEmissionFactor: { id: string; key: string; version: number; builtIn: boolean } }>(CREATE_FACTOR, {
        input: { kind: 'wtt', fuel: 'HFO', unit: 'gCO2e/MJ', value: '14.1', validFrom: '2025-01-01', ...FACTOR_SOURCE },
      }),
    ).createEmissionFactor;
    expect(own).toMatchObject({ id: 'org.wtt.hfo@1', key: 'org.wtt.hfo', version: 1, builtIn: false });
    const secondRun = await nextRun(c, beforeFactor);
    expect(secondRun.reason).toBe('factor_added');

    /*
     * HFO 100 t with WtT 14.1 gCO2e/MJ: WtT = 100e6 g × 0.0405 MJ/g × 14.1 g/MJ = 57,105,000 g = 57,105 kg
     * (was 54,675); WtW = 316,463 + 57,105 = 373,568 kg. CO2 and CO2e TtW do not change.
     * Scope 3 total WtW = 497,060.1 − 54,675 + 57,105 = 499,490.1 kg.
     */
    const second = await report(c);
    expect(second.run?.id).toBe(secondRun.id);
    expectFigures(second.totals, { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 499_490.1 }, 'total with the own factor');
    const hfoNow = (await results(c, { vesselImo: '9321483', month: '2025-01-01' })).data;
    expect(hfoNow).toHaveLength(1);
    expectFigures(hfoNow[0], { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 373_568 }, 'HFO with the own factor');
    expect(hfoNow[0]?.factors.map((factor) => factor.id).sort()).toEqual(
      ['fueleu.cf.hfo@1', 'fueleu.ch4.hfo@1', 'fueleu.n2o.hfo@1', 'fueleu.lcv.hfo@1', 'org.wtt.hfo@1'].sort(),
    );
    // The LNG entry did not use the factor and keeps its figures.
    expectFigures((await results(c, { vesselImo: '9074729', month: '2025-01-01' })).data[0], LNG_50_WTT, 'LNG after the own factor');

    // The HFO entry's history, newest first: the library's result stays beside the new one, with its factor version.
    const firstHistory = await history(c, hfoEntryId);
    expect(firstHistory.map((result) => result.runId)).toEqual([secondRun.id, firstRun.id]);
    expect(firstHistory.map(wttFactorOf)).toEqual(['org.wtt.hfo@1', 'fueleu.wtt.hfo@1']);
    expectFigures(firstHistory[0], { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 373_568 }, 'history: own factor');
    expectFigures(firstHistory[1], HFO_100, 'history: the library');

    // 6. A new version of the customer's factor: the next run takes version 2.
    const beforeVersion = await runs(c);
    const replaced = dataOf(
      await c<{ createEmissionFactor: { id: string; key: string; version: number } }>(CREATE_FACTOR, {
        input: {
          kind: 'wtt',
          fuel: 'HFO',
          unit: 'gCO2e/MJ',
          value: '13.9',
          validFrom: '2025-01-01',
          replacesKey: 'org.wtt.hfo',
          ...FACTOR_SOURCE,
        },
      }),
    ).createEmissionFactor;
    expect(replaced).toMatchObject({ id: 'org.wtt.hfo@2', key: 'org.wtt.hfo', version: 2 });
    const thirdRun = await nextRun(c, beforeVersion);

    /*
     * WtT 13.9: 100e6 g × 0.0405 × 13.9 = 56,295,000 g = 56,295 kg; WtW = 316,463 + 56,295 = 372,758 kg.
     * Scope 3 total WtW = 497,060.1 − 54,675 + 56,295 = 498,680.1 kg.
     */
    const third = await report(c);
    expect(third.run?.id).toBe(thirdRun.id);
    expectFigures(third.totals, { co2TtwKg: 375_520, co2eTtwKg: 381_595.6, co2eWtwKg: 498_680.1 }, 'total with version 2');

    // The HFO entry's history now, newest first: the result before stays, with the factor version it was computed with.
    const laterHistory = await history(c, hfoEntryId);
    expect(laterHistory.map((result) => result.runId)).toEqual([thirdRun.id, secondRun.id]);
    expect(laterHistory.map(wttFactorOf)).toEqual(['org.wtt.hfo@2', 'org.wtt.hfo@1']);
    expectFigures(laterHistory[0], { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 372_758 }, 'history: version 2');
    expectFigures(laterHistory[1], { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 373_568 }, 'history: version 1');
  }, 600_000);
});
