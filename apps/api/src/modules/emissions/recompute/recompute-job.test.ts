import { randomUUID } from 'node:crypto';
import { emissionRuns, emissionVesselYears } from '@tidewise/db/schema/emissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEmissionRun } from '../../../lib/emission-runs.ts';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, holdSubscription, waitFor } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { newOrganization } from '../../../test/organization-test-kit.ts';
import { activeSupplierOf } from '../../../test/supplier-test-kit.ts';
import { type Mapping, validatedCsv } from '../../../test/upload-test-kit.ts';
import {
  CREATE_FACTOR,
  cellsOf,
  factorInput,
  RUN_UPDATED,
  RUNS,
  type RunView,
  resultsOf,
  type StoredResult,
  settingsOf,
  waitForRunAfter,
} from '../emissions-test-kit.ts';
import { recomputeEmissionRun } from './recompute-job.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const MAPPINGS: Mapping[] = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Fuel type', targetField: 'fuel_type' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

const fuelCsv = (rows: [fuel: string, tonnes: string, start: string, end: string][]) =>
  ['IMO number,Vessel,Fuel type,Fuel mass,Period start,Period end', ...rows.map((r) => `9321483,Nordlys,${r.join(',')}`)].join('\n');

type Figures = Pick<StoredResult, 'co2TtwKg' | 'co2eTtwKg' | 'co2eWtwKg'>;

const expectFigures = (actual: Figures[], expected: Figures[]) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((figures, i) => {
    const want = expected[i] as Figures;
    expect(figures.co2TtwKg).toBeCloseTo(want.co2TtwKg, 4);
    expect(figures.co2eTtwKg).toBeCloseTo(want.co2eTtwKg, 4);
    expect(figures.co2eWtwKg).toBeCloseTo(want.co2eWtwKg, 4);
  });
};

const factorSetsOf = async (runId: string) =>
  (await server.database.db.select({ sets: emissionRuns.factorSets }).from(emissionRuns).where(eq(emissionRuns.id, runId)))[0]?.sets ?? [];

describe('the recompute job', () => {
  it('computes an uploaded file to figures worked out by hand; a new factor version moves the next run, never an earlier one', async () => {
    const admin = await newOrganization(server, mailbox, `Run Figures ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const upload = await validatedCsv(server, gql, {
      name: 'fuel-2024.csv',
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
      csv: fuelCsv([
        ['HFO', '100', '2024-01-03', '2024-01-09'],
        ['HFO', '250.5', '2024-02-10', '2024-02-14'],
        ['HFO', '40', '2024-03-01', '2024-03-05'],
      ]),
    });
    expect(upload.validation).toEqual({ status: 'validated', validRows: 3 });

    // The validation queued the first run.
    const first = await waitForRunAfter(gql, null);
    expect(first).toMatchObject({
      status: 'completed',
      reason: 'entries_changed',
      gwpSet: 'AR6',
      entriesTotal: 3,
      entriesDone: 3,
      entriesComputed: 3,
      error: null,
    });
    expect((await settingsOf(gql)).currentRun?.id).toBe(first.id);

    /*
     * Built-in library, FuelEU Maritime Annex II, HFO: Cf 3.114, Cf CH4 0.00005, Cf N2O 0.00018 (g/g), LCV 0.0405 MJ/g,
     * WtT 13.5 gCO2e/MJ; AR6 GWP100 fossil CH4 29.8, N2O 273. Per tonne of fuel (g/g × 1,000 kg):
     *   CO2 TtW  = 3.114 × 1000                                  = 3,114 kg
     *   CO2e TtW = (3.114 + 0.00005 × 29.8 + 0.00018 × 273) × 1000 = (3.114 + 0.00149 + 0.04914) × 1000 = 3,164.63 kg
     *   CO2e WtW = 3,164.63 + 0.0405 × 13.5 × 1000 = 3,164.63 + 546.75 = 3,711.38 kg
     * 100 t   → 311,400 / 316,463 / 371,138
     * 250.5 t → 780,057 / 792,739.815 / 929,700.69
     * 40 t    → 124,560 / 126,585.2 / 148,455.2
     */
    const firstResults = await resultsOf(server, first.id);
    expectFigures(firstResults, [
      { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 371_138 },
      { co2TtwKg: 780_057, co2eTtwKg: 792_739.815, co2eWtwKg: 929_700.69 },
      { co2TtwKg: 124_560, co2eTtwKg: 126_585.2, co2eWtwKg: 148_455.2 },
    ]);
    expect(firstResults.map((r) => [r.rowIndex, r.month, r.method, r.dataQuality, r.supplierOrganizationId, r.vesselImo])).toEqual([
      [0, '2024-01-01', 'fuel_based', 'primary', null, '9321483'],
      [1, '2024-02-01', 'fuel_based', 'primary', null, '9321483'],
      [2, '2024-03-01', 'fuel_based', 'primary', null, '9321483'],
    ]);
    const firstSet = (await factorSetsOf(first.id))[firstResults[0]?.factorSet ?? -1];
    expect(firstSet).toEqual(expect.arrayContaining([{ id: 'fueleu.cf.hfo', version: 1 }]));

    // The report cells hold the same totals: 371,138 + 929,700.69 + 148,455.2 = 1,449,293.89 kg CO2e WtW over 3 entries.
    const cells = await cellsOf(server, first.id);
    expect(cells.reduce((sum, c) => sum + c.entries, 0)).toBe(3);
    expect(cells.reduce((sum, c) => sum + c.co2eWtwKg, 0)).toBeCloseTo(1_449_293.89, 4);
    // The ship's year: 311,400 + 780,057 + 124,560 = 1,216,017 kg CO2 and 390.5 t HFO.
    const [year] = await server.database.db.select().from(emissionVesselYears).where(eq(emissionVesselYears.runId, first.id));
    expect(year).toMatchObject({ imo: '9321483', year: 2024, name: 'Nordlys', supplierOrganizationId: null });
    expect(year?.co2Kg).toBeCloseTo(1_216_017, 4);
    expect(year?.data.fuels.HFO).toBeCloseTo(390.5, 9);

    /*
     * An own Cf of 3.2 for HFO replaces the built-in one (the other factors stay):
     *   CO2 TtW 3,200 kg/t; CO2e TtW (3.2 + 0.00149 + 0.04914) × 1000 = 3,250.63 kg/t; WtW 3,250.63 + 546.75 = 3,797.38 kg/t
     *   100 t → 320,000 / 325,063 / 379,738
     */
    dataOf(await gql(CREATE_FACTOR, { input: factorInput({ value: '3.2' }) }));
    const second = await waitForRunAfter(gql, first.id);
    expect(second).toMatchObject({ status: 'completed', reason: 'factor_added', entriesComputed: 3 });
    const secondResults = await resultsOf(server, second.id);
    expectFigures(secondResults.slice(0, 1), [{ co2TtwKg: 320_000, co2eTtwKg: 325_063, co2eWtwKg: 379_738 }]);
    const secondSet = (await factorSetsOf(second.id))[secondResults[0]?.factorSet ?? -1];
    expect(secondSet).toEqual(expect.arrayContaining([{ id: 'org.cf.hfo', version: 1, organization: true }]));
    // The earlier run's results are exactly as they were.
    expect(await resultsOf(server, first.id)).toEqual(firstResults);

    /* Version 2 of the own Cf, 3.3: 100 t → 330,000 / (3.3 + 0.05063) × 100,000 = 335,063 / 335,063 + 54,675 = 389,738. */
    dataOf(await gql(CREATE_FACTOR, { input: factorInput({ value: '3.3', replacesKey: 'org.cf.hfo' }) }));
    const third = await waitForRunAfter(gql, second.id);
    expectFigures((await resultsOf(server, third.id)).slice(0, 1), [{ co2TtwKg: 330_000, co2eTtwKg: 335_063, co2eWtwKg: 389_738 }]);
    expect((await factorSetsOf(third.id))[0]).toEqual(expect.arrayContaining([{ id: 'org.cf.hfo', version: 2, organization: true }]));
    expect(await resultsOf(server, second.id)).toEqual(secondResults);
    // Kept: the current run and the one before it. The first run keeps its row but no longer its figures: the job
    // deletes them after it marked the third run completed, so the test waits for that last step.
    const pruned = await waitFor(
      async () => ({ results: (await resultsOf(server, first.id)).length, cells: (await cellsOf(server, first.id)).length }),
      (left) => left.results === 0 && left.cells === 0,
      "the first run's figures deleted",
      30_000,
    );
    expect(pruned).toEqual({ results: 0, cells: 0 });
    const runs = dataOf(await gql<{ emissionRuns: { data: RunView[] } }>(RUNS)).emissionRuns.data;
    expect(runs.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
    expect((await settingsOf(gql)).currentRun?.id).toBe(third.id);
  });

  it('stores a ship the organisation runs in two parts, tank-to-wake under scope 1/2 and well-to-tank under category 3', async () => {
    const admin = await newOrganization(server, mailbox, `Run Parts ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const upload = await validatedCsv(server, gql, {
      name: 'charters-2024.csv',
      category: 'vessel_fuel_consumption',
      mappings: [...MAPPINGS, { sourceColumn: 'Charter type', targetField: 'charter_type' }],
      csv: [
        'IMO number,Vessel,Fuel type,Fuel mass,Period start,Period end,Charter type',
        '9321483,Nordlys,HFO,100,2024-01-03,2024-01-09,Bareboat',
        '9321483,Nordlys,HFO,40,2024-03-01,2024-03-05,Time charter',
      ].join('\n'),
    });
    expect(upload.validation).toEqual({ status: 'validated', validRows: 2 });
    const run = await waitForRunAfter(gql, null);
    // Two entries, both computed: the parts are results, not entries.
    expect(run).toMatchObject({ status: 'completed', entriesTotal: 2, entriesDone: 2, entriesComputed: 2 });

    /*
     * Per tonne of HFO (see the first test): CO2 3,114 kg, CO2e TtW 3,164.63 kg, WtW 3,711.38 kg, so WtT 546.75 kg.
     * 100 t on a bareboat charter it runs (decision 0018): part 0, scope 1/2, 311,400 / 316,463 / 316,463 (WtW = TtW);
     *   part 1, category 3, 0 / 0 / 54,675 (100 × 546.75); together 371,138, the entry's WtW.
     * 40 t on a time charter, category 4, whole: 124,560 / 126,585.2 / 148,455.2.
     */
    const results = await resultsOf(server, run.id);
    expect(results.map((r) => [r.rowIndex, r.part, r.scope3, r.note])).toEqual([
      [0, 0, 'scope_1_2', 'Tank-to-wake part: scope 1/2 of the organisation'],
      [0, 1, 'category_3', 'Well-to-tank part: category 3 (fuel- and energy-related activities)'],
      [1, 0, 'category_4', null],
    ]);
    expectFigures(results, [
      { co2TtwKg: 311_400, co2eTtwKg: 316_463, co2eWtwKg: 316_463 },
      { co2TtwKg: 0, co2eTtwKg: 0, co2eWtwKg: 54_675 },
      { co2TtwKg: 124_560, co2eTtwKg: 126_585.2, co2eWtwKg: 148_455.2 },
    ]);
    expect(results[1]?.factorSet).toBe(results[0]?.factorSet);
    expect(results.slice(0, 2).map((r) => [r.month, r.vesselImo])).toEqual([
      ['2024-01-01', '9321483'],
      ['2024-01-01', '9321483'],
    ]);

    // The cells sum each part under its own scope: 316,463 scope 1/2, 54,675 category 3, 148,455.2 category 4.
    const cells = await cellsOf(server, run.id);
    const byScope = (scope: string) => cells.filter((c) => c.scope3 === scope).reduce((sum, c) => sum + c.co2eWtwKg, 0);
    expect(byScope('scope_1_2')).toBeCloseTo(316_463, 4);
    expect(byScope('category_3')).toBeCloseTo(54_675, 4);
    expect(byScope('category_4')).toBeCloseTo(148_455.2, 4);
    // The ship's year counts each entry once, whole: 311,400 + 124,560 = 435,960 kg CO2 and 140 t HFO.
    const [year] = await server.database.db.select().from(emissionVesselYears).where(eq(emissionVesselYears.runId, run.id));
    expect(year?.co2Kg).toBeCloseTo(435_960, 4);
    expect(year?.data.fuels.HFO).toBeCloseTo(140, 9);
  });

  it("makes a supplier's accepted answer part of the customer's run, with the customer's factor for that supplier", async () => {
    const customer = await newOrganization(server, mailbox, `Run Customer ${randomUUID().slice(0, 6)}`);
    const supplier = await activeSupplierOf(server, mailbox, customer, `Run Supplier ${randomUUID().slice(0, 6)}`);
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];
    const calendar = dataOf(
      await c<{ createCalendar: { id: string } }>('mutation($deadline: DateTime!) { createCalendar(deadline: $deadline) { id } }', {
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    ).createCalendar;
    const task = dataOf(
      await c<{ createCalendarTask: { id: string } }>(
        'mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { id } }',
        {
          input: {
            taskType: 'data_request',
            calendarId: calendar.id,
            supplierOrganizationId: supplier.organizationId,
            title: 'Fuel 2025',
            requiredUploadPurpose: 'vessel_fuel_consumption',
          },
        },
      ),
    ).createCalendarTask;
    const answer = await validatedCsv(server, s, {
      name: 'answer.csv',
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
      calendarTaskId: task.id,
      csv: fuelCsv([
        ['MGO', '20', '2025-02-10', '2025-02-14'],
        ['MGO', '5', '2025-03-01', '2025-03-05'],
      ]),
    });
    expect(answer.validation.validRows).toBe(2);
    const update = 'mutation($input: UpdateCalendarTaskInput!) { updateCalendarTask(input: $input) { status } }';
    dataOf(await s(update, { input: { id: task.id, status: 'submitted' } }));
    // Under review the answer is not the customer's data yet: nothing was queued for the customer.
    expect((await settingsOf(c)).latestRun).toBeNull();
    dataOf(await c(update, { input: { id: task.id, status: 'accepted' } }));

    /*
     * MDO/MGO, FuelEU Annex II: Cf 3.206, CH4 0.00005, N2O 0.00018, LCV 0.0427 MJ/g, WtT 14.4 gCO2e/MJ; AR6.
     *   CO2e TtW (3.206 + 0.00149 + 0.04914) × 1000 = 3,256.63 kg/t; WtT 0.0427 × 14.4 × 1000 = 614.88; WtW 3,871.51 kg/t
     *   20 t → 64,120 / 65,132.6 / 77,430.2;  5 t → 16,030 / 16,283.15 / 19,357.55
     */
    const accepted = await waitForRunAfter(c, null);
    expect(accepted).toMatchObject({ status: 'completed', reason: 'entries_changed', entriesTotal: 2, entriesComputed: 2 });
    const results = await resultsOf(server, accepted.id);
    expectFigures(results, [
      { co2TtwKg: 64_120, co2eTtwKg: 65_132.6, co2eWtwKg: 77_430.2 },
      { co2TtwKg: 16_030, co2eTtwKg: 16_283.15, co2eWtwKg: 19_357.55 },
    ]);
    expect(results.every((r) => r.supplierOrganizationId === supplier.organizationId)).toBe(true);
    const cells = await cellsOf(server, accepted.id);
    expect(cells.map((cell) => cell.supplierOrganizationId)).toEqual(cells.map(() => supplier.organizationId));

    /*
     * The customer's Cf of 3.1 for this supplier's MDO/MGO: CO2e TtW (3.1 + 0.05063) × 1000 = 3,150.63 kg/t;
     * WtW 3,150.63 + 614.88 = 3,765.51 kg/t. 20 t → 62,000 / 63,012.6 / 75,310.2.
     */
    dataOf(
      await c(CREATE_FACTOR, {
        input: factorInput({
          fuel: 'MDO_MGO',
          value: '3.1',
          supplierOrganizationId: supplier.organizationId,
          evidence: 'Supplier declaration',
        }),
      }),
    );
    const withFactor = await waitForRunAfter(c, accepted.id);
    expectFigures((await resultsOf(server, withFactor.id)).slice(0, 1), [{ co2TtwKg: 62_000, co2eTtwKg: 63_012.6, co2eWtwKg: 75_310.2 }]);

    // The supplier's own run reads the same file as its own data, with the built-in factors.
    const own = await waitFor(
      () => settingsOf(s),
      (settings) => settings.currentRun !== null,
      "the supplier's run",
    );
    const supplierResults = await resultsOf(server, own.currentRun?.id ?? '');
    expectFigures(supplierResults.slice(0, 1), [{ co2TtwKg: 64_120, co2eTtwKg: 65_132.6, co2eWtwKg: 77_430.2 }]);
    expect(supplierResults.every((r) => r.supplierOrganizationId === null)).toBe(true);
  });

  it('announces its progress while it writes parts, and ends failed with the reason when stopped on its last attempt', async () => {
    const admin = await newOrganization(server, mailbox, `Run Progress ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    await validatedCsv(server, gql, {
      name: 'five.csv',
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
      csv: fuelCsv(
        Array.from({ length: 40 }, (_, i) => ['HFO', String(i + 1), `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, '2024-01-31']),
      ),
    });
    const current = await waitForRunAfter(gql, null);
    const services = server.app.services;
    const attempt = (runId: string, signal: AbortSignal, retryCount = 0) =>
      recomputeEmissionRun(services, { data: { runId }, signal, retryCount, retryLimit: 3 }, { pageSize: 1, commitIntervalMs: 0 });

    // A run queued without its job, worked here a page of one entry at a time, a part committed after each page.
    const { run } = await queueEmissionRun(services.db, admin.organizationId, 'requested');
    const subscription = await holdSubscription<{ emissionRunUpdated: RunView }>(server, RUN_UPDATED, {}, admin.token);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await attempt(run.id, new AbortController().signal);
      await waitFor(
        async () => subscription.results.map((r) => r.data?.emissionRunUpdated),
        (events) => events.some((e) => e?.status === 'completed'),
        'the completed run on the subscription',
      );
      const events = subscription.results.map((r) => r.data?.emissionRunUpdated).filter((e) => e?.id === run.id);
      const done = events.map((e) => e?.entriesDone ?? -1);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(
        done.some((n) => n > 0 && n < 40),
        JSON.stringify(done),
      ).toBe(true);
      expect(events.at(-1)).toMatchObject({ status: 'completed', entriesTotal: 40, entriesDone: 40, entriesComputed: 40 });
    } finally {
      await subscription.close();
    }
    expect((await settingsOf(gql)).currentRun?.id).toBe(run.id);

    // Stopped on its last attempt: failed with a reason a person can read, its partial results gone, the current run unchanged.
    const { run: stopped } = await queueEmissionRun(services.db, admin.organizationId, 'requested');
    await expect(attempt(stopped.id, AbortSignal.abort(), 3)).rejects.toThrow('the run was stopped');
    const after = await settingsOf(gql);
    expect(after.latestRun).toMatchObject({ id: stopped.id, status: 'failed' });
    expect(after.latestRun?.error).toBe(
      'The emissions could not be computed: every attempt failed. Last reason: the run was stopped (the server stopped or the time limit passed). The figures of the previous run stay; try Recompute later.',
    );
    expect(after.currentRun?.id).toBe(run.id);
    expect(await resultsOf(server, stopped.id)).toEqual([]);
    // A second job for a run that ended finds nothing to do.
    await attempt(stopped.id, new AbortController().signal);
    expect((await settingsOf(gql)).latestRun?.status).toBe('failed');
    expect(current.status).toBe('completed');
  });

  it('stops early, failed with the reason, when a newer run is queued while it works', async () => {
    const admin = await newOrganization(server, mailbox, `Run Replaced ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    await validatedCsv(server, gql, {
      name: 'many.csv',
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
      csv: fuelCsv(
        Array.from({ length: 300 }, (_, i) => ['HFO', String(i + 1), `2024-02-${String((i % 28) + 1).padStart(2, '0')}`, '2024-02-28']),
      ),
    });
    const current = await waitForRunAfter(gql, null);
    const services = server.app.services;
    const statusOf = async (id: string) =>
      (
        await services.db
          .select({ status: emissionRuns.status, error: emissionRuns.error })
          .from(emissionRuns)
          .where(eq(emissionRuns.id, id))
      )[0];

    const { run: older } = await queueEmissionRun(services.db, admin.organizationId, 'requested');
    const working = recomputeEmissionRun(
      services,
      { data: { runId: older.id }, signal: new AbortController().signal, retryCount: 0, retryLimit: 3 },
      { pageSize: 1, commitIntervalMs: 0 },
    );
    await waitFor(
      () => statusOf(older.id),
      (run) => run?.status !== 'queued',
      'the older run started',
    );
    const { run: newer, created } = await queueEmissionRun(services.db, admin.organizationId, 'requested');
    expect(created).toBe(true);
    await working;
    expect(await statusOf(older.id)).toEqual({
      status: 'failed',
      error: 'Replaced by a newer run before it finished: the newer run computes the same data with the latest changes.',
    });
    expect(await resultsOf(server, older.id)).toEqual([]);
    expect((await statusOf(newer.id))?.status).toBe('queued');
    expect((await settingsOf(gql)).currentRun?.id).toBe(current.id);
  });
});
