import { randomUUID } from 'node:crypto';
import { emissionFactors, emissionRuns } from '@tidewise/db/schema/emissions';
import { EMISSION_FACTORS } from '@tidewise/shared/emissions/factors/library';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, holdSubscription, refusalOf } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, auditRows, newOrganization } from '../../test/organization-test-kit.ts';
import { activeSupplierOf } from '../../test/supplier-test-kit.ts';
import {
  CREATE_FACTOR,
  FACTOR,
  FACTORS,
  type FactorView,
  factorInput,
  RECOMPUTE,
  RUN,
  RUN_UPDATED,
  RUNS,
  type RunView,
  settingsOf,
  UPDATE_SETTINGS,
  waitForRunAfter,
} from './emissions-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const factorRowsOf = async (organizationId: string) =>
  (await server.database.db.select({ n: count() }).from(emissionFactors).where(eq(emissionFactors.organizationId, organizationId)))[0]?.n;
const runRowsOf = async (organizationId: string) =>
  (await server.database.db.select({ n: count() }).from(emissionRuns).where(eq(emissionRuns.organizationId, organizationId)))[0]?.n;

describe('emission settings', () => {
  it('start at AR6 and operational control, change with an audit row and a run, and are read-only for a viewer', async () => {
    const admin = await newOrganization(server, mailbox, `Settings Shipping ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    expect(await settingsOf(gql)).toEqual({
      gwpSet: 'AR6',
      consolidationApproach: 'operational_control',
      currentRun: null,
      latestRun: null,
    });

    const changed = dataOf(
      await gql<{ updateEmissionSettings: { gwpSet: string; consolidationApproach: string; latestRun: RunView } }>(UPDATE_SETTINGS, {
        input: { gwpSet: 'AR5', consolidationApproach: 'financial_control' },
      }),
    ).updateEmissionSettings;
    expect(changed).toMatchObject({ gwpSet: 'AR5', consolidationApproach: 'financial_control' });
    expect(changed.latestRun).toMatchObject({ reason: 'settings_changed', gwpSet: 'AR5', entriesTotal: 0 });

    // An organisation without data gets an empty run that completes and becomes the current one.
    const run = await waitForRunAfter(gql, null);
    expect(run).toMatchObject({ id: changed.latestRun.id, status: 'completed', entriesTotal: 0, entriesDone: 0, error: null });
    expect((await settingsOf(gql)).currentRun?.id).toBe(run.id);

    const [audit] = await auditRows(server, admin.organizationId, 'updateEmissionSettings');
    expect(audit).toMatchObject({ resource: 'emissionSettings', status: 'success' });
    expect(audit?.changes).toEqual({
      gwpSet: { before: 'AR6', after: 'AR5' },
      consolidationApproach: { before: 'operational_control', after: 'financial_control' },
    });

    // Saving the same values changes nothing and queues nothing.
    dataOf(await gql(UPDATE_SETTINGS, { input: { gwpSet: 'AR5' } }));
    expect(await runRowsOf(admin.organizationId)).toBe(1);

    const viewer = await addMember(mailbox, admin, 'viewer');
    const asViewer = gqlOf({ client: admin.client, token: viewer.token });
    expect((await settingsOf(asViewer)).gwpSet).toBe('AR5');
    expect(refusalOf(await asViewer(UPDATE_SETTINGS, { input: { gwpSet: 'AR6' } })).code).toBe('FORBIDDEN');
    expect(refusalOf(await asViewer(RECOMPUTE)).code).toBe('FORBIDDEN');
    expect(refusalOf(await asViewer(CREATE_FACTOR, { input: factorInput() })).code).toBe('FORBIDDEN');
  });
});

describe('emission factors', () => {
  it('refuse an incomplete or inconsistent factor, naming the field, and store nothing', async () => {
    const admin = await newOrganization(server, mailbox, `Factor Checks ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ unit: 'MJ/kg' }, 'unit'],
      [{ value: '3,2' }, 'value'],
      [{ value: '0' }, 'value'],
      [{ fuel: 'Diesel' }, 'fuel'],
      [{ fuel: null }, 'fuel'],
      [{ kind: 'spend', unit: 'kgCO2e/EUR', fuel: null }, 'activity'],
      [{ consumer: 'LNG_OTTO_MS' }, 'consumer'],
      [{ document: '  ' }, 'document'],
      [{ section: '' }, 'section'],
      [{ edition: '' }, 'edition'],
      [{ evidence: '' }, 'evidence'],
      [{ validFrom: '2024-13-01' }, 'validFrom'],
      [{ validTo: '2019-12-31' }, 'validTo'],
    ];
    for (const [overrides, field] of cases) {
      const refusal = refusalOf(await gql(CREATE_FACTOR, { input: factorInput(overrides) }));
      expect({ overrides, code: refusal.code, field: refusal.field }).toEqual({ overrides, code: 'VALIDATION_FAILED', field });
    }
    expect(await factorRowsOf(admin.organizationId)).toBe(0);
    expect(await runRowsOf(admin.organizationId)).toBe(0);
  });

  it('version an own factor by key, never edit it, and list it beside the built-in library', async () => {
    const admin = await newOrganization(server, mailbox, `Factor Versions ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const first = dataOf(await gql<{ createEmissionFactor: FactorView }>(CREATE_FACTOR, { input: factorInput() })).createEmissionFactor;
    expect(first).toMatchObject({
      id: 'org.cf.hfo@1',
      key: 'org.cf.hfo',
      version: 1,
      regime: 'organization',
      builtIn: false,
      value: '3.2',
      verification: 'read_at_source',
      evidence: 'Laboratory report LR-2024-17',
      source: { document: 'Bunker analysis of the fleet', section: 'Table 1', edition: '2024-06' },
      supplier: null,
    });
    // The same factor again is a new version of it, never a second key.
    expect(refusalOf(await gql(CREATE_FACTOR, { input: factorInput({ value: '3.25' }) }))).toMatchObject({
      code: 'CONFLICT',
      field: 'replacesKey',
    });
    expect(refusalOf(await gql(CREATE_FACTOR, { input: factorInput({ fuel: 'LFO', replacesKey: 'org.cf.hfo' }) }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'replacesKey',
    });
    const second = dataOf(
      await gql<{ createEmissionFactor: FactorView }>(CREATE_FACTOR, { input: factorInput({ value: '3.25', replacesKey: 'org.cf.hfo' }) }),
    ).createEmissionFactor;
    expect(second).toMatchObject({ id: 'org.cf.hfo@2', version: 2, value: '3.25' });

    const read = async (variables: Record<string, unknown>) =>
      dataOf(await gql<{ emissionFactor: FactorView }>(FACTOR, variables)).emissionFactor;
    expect((await read({ key: 'org.cf.hfo' })).value).toBe('3.25');
    expect((await read({ key: 'org.cf.hfo', version: 1 })).value).toBe('3.2');
    const builtIn = EMISSION_FACTORS[0];
    if (!builtIn) throw new Error('the built-in library is empty');
    expect(await read({ key: builtIn.id })).toMatchObject({ key: builtIn.id, builtIn: true, value: builtIn.value, evidence: null });
    expect(refusalOf(await gql(FACTOR, { key: 'org.cf.hfo', version: 3 })).code).toBe('NOT_FOUND');

    type Page = { emissionFactors: { data: FactorView[]; pageInfo: { totalCount: number } } };
    const own = dataOf(await gql<Page>(FACTORS, { filter: { builtIn: false } })).emissionFactors;
    expect(own.data.map((f) => f.id)).toEqual(['org.cf.hfo@2']);
    const versions = dataOf(await gql<Page>(FACTORS, { filter: { builtIn: false, allVersions: true } })).emissionFactors;
    expect(versions.data.map((f) => f.id)).toEqual(['org.cf.hfo@2', 'org.cf.hfo@1']);
    const all = dataOf(await gql<Page>(FACTORS, { pagination: { pageSize: 100 } })).emissionFactors;
    // Every built-in key once (its latest version) and the one own key.
    expect(all.pageInfo.totalCount).toBe(new Set(EMISSION_FACTORS.map((f) => f.id)).size + 1);
    const searched = dataOf(await gql<Page>(FACTORS, { filter: { search: 'BUNKER ANALYSIS' } })).emissionFactors;
    expect(searched.data.map((f) => f.id)).toEqual(['org.cf.hfo@2']);

    // Each factor queued a run in the transaction of its audit row; the second joined the first while it waited, or
    // queued the next one.
    const audits = await auditRows(server, admin.organizationId, 'createEmissionFactor');
    expect(audits.filter((a) => a.status === 'success').map((a) => a.resourceId)).toEqual(['org.cf.hfo@1', 'org.cf.hfo@2']);
    const runs = dataOf(await gql<{ emissionRuns: { data: RunView[] } }>(RUNS)).emissionRuns.data;
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.every((run) => run.reason === 'factor_added')).toBe(true);
  });

  it("take a supplier factor for an active supplier only; another organisation's supplier, key or run answers NOT_FOUND and nothing changes", async () => {
    const customer = await newOrganization(server, mailbox, `Supplier Factors ${randomUUID().slice(0, 6)}`);
    const supplier = await activeSupplierOf(server, mailbox, customer, `Bunker Partner ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(customer);
    const created = dataOf(
      await gql<{ createEmissionFactor: FactorView }>(CREATE_FACTOR, {
        input: factorInput({ supplierOrganizationId: supplier.organizationId, evidence: 'Supplier declaration 2024' }),
      }),
    ).createEmissionFactor;
    expect(created.key).toBe(`org.cf.hfo.${supplier.organizationId.slice(0, 8)}`);
    expect(created.supplier?.id).toBe(supplier.organizationId);
    const run = await waitForRunAfter(gql, null);

    const other = await newOrganization(server, mailbox, `Other Customer ${randomUUID().slice(0, 6)}`);
    const asOther = gqlOf(other);
    const before = { factors: await factorRowsOf(customer.organizationId), runs: await runRowsOf(customer.organizationId) };
    expect(refusalOf(await asOther(CREATE_FACTOR, { input: factorInput({ supplierOrganizationId: supplier.organizationId }) }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Supplier not found',
      field: 'supplierOrganizationId',
    });
    expect(refusalOf(await asOther(CREATE_FACTOR, { input: factorInput({ replacesKey: created.key }) })).code).toBe('NOT_FOUND');
    expect(refusalOf(await asOther(FACTOR, { key: created.key })).code).toBe('NOT_FOUND');
    expect(refusalOf(await asOther(RUN, { id: run.id })).code).toBe('NOT_FOUND');
    expect(refusalOf(await asOther(RUN, { id: randomUUID() })).code).toBe('NOT_FOUND');
    expect(dataOf(await asOther<{ emissionRuns: { data: RunView[] } }>(RUNS)).emissionRuns.data).toEqual([]);
    expect(await factorRowsOf(other.organizationId)).toBe(0);
    expect(await runRowsOf(other.organizationId)).toBe(0);
    expect({ factors: await factorRowsOf(customer.organizationId), runs: await runRowsOf(customer.organizationId) }).toEqual(before);
    // The supplier itself reads nothing of its customer's factors either.
    const asSupplier = gqlOf(supplier);
    expect(refusalOf(await asSupplier(FACTOR, { key: created.key })).code).toBe('NOT_FOUND');
  });
});

describe('emission runs', () => {
  it('queue one run at a time, announce every change on emissionRunUpdated and end completed', async () => {
    const admin = await newOrganization(server, mailbox, `Run Events ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const subscription = await holdSubscription<{ emissionRunUpdated: RunView }>(server, RUN_UPDATED, {}, admin.token);
    try {
      // Let the stream open before the first event.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const queued = dataOf(await gql<{ recomputeEmissions: RunView }>(RECOMPUTE)).recomputeEmissions;
      expect(queued).toMatchObject({ status: 'queued', reason: 'requested', gwpSet: 'AR6', startedAt: null });
      // Asked again while it waits, the same run answers; once it started, the next one is queued.
      const again = dataOf(await gql<{ recomputeEmissions: RunView }>(RECOMPUTE)).recomputeEmissions;
      const run = await waitForRunAfter(gql, null);
      const runs = dataOf(await gql<{ emissionRuns: { data: RunView[] } }>(RUNS)).emissionRuns.data;
      expect(runs.length).toBe(again.id === queued.id ? 1 : 2);
      const deadline = Date.now() + 10_000;
      while (!subscription.results.some((r) => r.data?.emissionRunUpdated.status === 'completed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const events = subscription.results.map((r) => r.data?.emissionRunUpdated);
      // Each event is the run as it stands when read: the first names the queued run, and a run's status only moves on.
      expect(events[0]?.id).toBe(queued.id);
      const order = ['queued', 'running', 'completed'];
      for (const id of new Set(events.map((e) => e?.id))) {
        const seen = events.filter((e) => e?.id === id).map((e) => order.indexOf(e?.status ?? ''));
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
      }
      expect(events.map((e) => e?.id)).toContain(run.id);
      expect(events.at(-1)).toMatchObject({ status: 'completed', entriesDone: 0 });
      expect(subscription.results.every((r) => r.errors === undefined)).toBe(true);
    } finally {
      await subscription.close();
    }
    const audits = await auditRows(server, admin.organizationId, 'recomputeEmissions');
    expect(audits.filter((a) => a.status === 'success').length).toBe(2);
  });
});
