import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { pactFootprints } from '@tidewise/db/schema/pact';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, waitFor } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { customerAndSupplier } from '../../../test/supplier-test-kit.ts';
import { graphqlClient, type ServerProcess, signIn, startServerProcess } from '../../../test/server-process-kit.ts';
import {
  CONNECTION,
  type ConnectionView,
  CREATE_CONNECTION,
  footprintDocument,
  RECEIVED,
  type ReceivedView,
  SET_QUANTITY,
  SYNC_CONNECTION,
  UPDATE_CONNECTION,
} from './pact-connections-test-kit.ts';

/**
 * The third "done when": footprints served by a supplier's PACT endpoint, on a second server process with its
 * own database, become that supplier's data entries on the customer's server and flow into the customer's report.
 * The supplier's footprints are written into its database while its server is stopped (as its publishing would); its
 * credentials come from its own createPactClient.
 */

let customerServer: TestServer;
let mailbox: Mailbox;
let supplier: ServerProcess | null = null;
/** The organisation publishing footprints on the supplier's platform: its demo administrator's (an administrator may issue credentials). */
const PUBLISHER = { email: 'admin@nordwind-shipping.example', password: 'Harbour-Demo-2025!' };
let supplierDataDir: string;
let supplierDatabaseUrl: string | null = null;

const serverDatabaseUrl = inject('testDatabaseUrl');

const supplierEnv = () => ({
  DATA_DIR: supplierDataDir,
  ...(supplierDatabaseUrl ? { DATABASE_URL: supplierDatabaseUrl } : {}),
});

const openSupplierDatabase = () =>
  openDatabase(supplierDatabaseUrl ? { url: supplierDatabaseUrl } : { dataDir: path.join(supplierDataDir, 'pglite') });

/** Writes footprints into the supplier's database with its server stopped, then starts it again (a new port). */
const publishOnSupplier = async (
  write: (db: Awaited<ReturnType<typeof openSupplierDatabase>>['db'], organizationId: string) => Promise<void>,
) => {
  await supplier?.stop();
  supplier = null;
  const handle = await openSupplierDatabase();
  try {
    const [owner] = await handle.db
      .select({ organizationId: organizationUsers.organizationId })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(eq(users.email, PUBLISHER.email));
    if (!owner?.organizationId) throw new Error('the publishing organisation is missing');
    await write(handle.db, owner.organizationId);
  } finally {
    await handle.close();
  }
  supplier = await startServerProcess(supplierEnv());
  return supplier;
};

const rowOf = (organizationId: string, doc: ReturnType<typeof footprintDocument>, productKey: string) => ({
  id: doc.id,
  organizationId,
  productKey,
  version: doc.version,
  status: doc.status,
  document: doc,
  created: new Date(doc.created),
  referencePeriodStart: new Date(doc.pcf.referencePeriodStart),
  referencePeriodEnd: new Date(doc.pcf.referencePeriodEnd),
});

beforeAll(async () => {
  supplierDataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-pact-supplier-'));
  if (serverDatabaseUrl) {
    // Its own database on the same PostgreSQL server: another platform shares nothing with the customer's.
    const name = `tidewise_pact_supplier_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverDatabaseUrl);
    url.pathname = `/${name}`;
    supplierDatabaseUrl = url.toString();
  }
  customerServer = await startTestServer({ PACT_ALLOW_INSECURE_URLS: 'true' });
  mailbox = outboxMailbox(customerServer);
}, 240_000);

afterAll(async () => {
  await supplier?.stop();
  await customerServer?.close();
  await rm(supplierDataDir, { recursive: true, force: true });
  if (serverDatabaseUrl && supplierDatabaseUrl) {
    const admin = new pg.Client({ connectionString: serverDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(supplierDatabaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
});

const REPORT = `query($input: EmissionReportInput!) { emissionReport(input: $input) { bySupplier { key label co2eWtwKg entries } } }`;
type Slice = { key: string; label: string; co2eWtwKg: number; entries: number };

describe('PACT footprints from a supplier platform', () => {
  it("become the supplier's data entries and its figure in the customer's report, and follow a new version", async () => {
    // The supplier's platform: its first start migrates and seeds; footprints of two products are written, then served.
    supplier = await startServerProcess(supplierEnv());
    const oilV1 = footprintDocument({ productId: 'urn:gtin:7038010000011', name: 'Marine engine oil 40', pcf: '2.5' });
    const grease = footprintDocument({ productId: 'urn:gtin:7038010000028', name: 'Stern tube grease', pcf: '0.8' });
    await publishOnSupplier(async (db, organizationId) => {
      await db.insert(pactFootprints).values([rowOf(organizationId, oilV1, 'oil-40'), rowOf(organizationId, grease, 'grease')]);
    });
    const supplierApi = graphqlClient((supplier as ServerProcess).url);
    await signIn(supplierApi, (supplier as ServerProcess).url, PUBLISHER);
    const issued = await supplierApi.request<{ createPactClient: { client: { clientId: string }; clientSecret: string } }>(
      'mutation($input: CreatePactClientInput!) { createPactClient(input: $input) { client { clientId } clientSecret } }',
      { input: { name: 'Our customer' } },
    );

    // The customer's platform knows the supplier as one of its suppliers and connects to its endpoint.
    const { customer, supplier: supplierParty } = await customerAndSupplier(customerServer, mailbox, {
      customer: `Pact Shipping ${randomUUID().slice(0, 6)}`,
      supplier: `Nordic Lubricants ${randomUUID().slice(0, 6)}`,
    });
    const gql = gqlOf(customer);
    const connection = dataOf(
      await gql<{ createPactConnection: ConnectionView }>(CREATE_CONNECTION, {
        input: {
          name: 'Nordic Lubricants PACT',
          supplierId: supplierParty.organizationId,
          baseUrl: (supplier as ServerProcess).url,
          clientId: issued.createPactClient.client.clientId,
          clientSecret: issued.createPactClient.clientSecret,
        },
      }),
    ).createPactConnection;
    dataOf(await gql(SYNC_CONNECTION, { id: connection.id }));
    const synced = await waitFor(
      async () => dataOf(await gql<{ pactConnection: ConnectionView }>(CONNECTION, { id: connection.id })).pactConnection,
      (c) => c.status === 'synced' || c.status === 'failed',
      'the first sync',
    );
    expect(synced).toMatchObject({ status: 'synced', lastError: null, footprintCount: 2, footprintsWithQuantity: 0 });
    const received = dataOf(
      await gql<{ pactReceivedFootprints: { data: ReceivedView[] } }>(RECEIVED, { filter: { connectionId: connection.id } }),
    ).pactReceivedFootprints.data;
    expect(received.map((f) => [f.id, f.productName, f.pcfExcludingBiogenic, f.status, f.isValid]).sort()).toEqual(
      [
        [oilV1.id, 'Marine engine oil 40', '2.5', 'Active', true],
        [grease.id, 'Stern tube grease', '0.8', 'Active', true],
      ].sort(),
    );

    // Litres bought in 2021: 1,000 of the oil and 500 of the grease.
    for (const [footprintId, quantity] of [
      [oilV1.id, 1000],
      [grease.id, 500],
    ] as const)
      dataOf(await gql(SET_QUANTITY, { input: { connectionId: connection.id, footprintId, quantity } }));

    const report = async () =>
      dataOf(
        await gql<{ emissionReport: { bySupplier: Slice[] } }>(REPORT, { input: { periodStart: '2021-01-01', periodEnd: '2021-12-31' } }),
      ).emissionReport.bySupplier.find((s) => s.key === supplierParty.organizationId) ?? null;
    // 2.5 kg CO2e/l × 1,000 l + 0.8 kg CO2e/l × 500 l = 2,500 + 400 = 2,900 kg CO2e.
    const first = await waitFor(
      report,
      (s) => s !== null && Math.abs(s.co2eWtwKg - 2900) < 1e-6,
      'the report with the footprints',
      180_000,
    );
    expect(first).toMatchObject({ entries: 2, label: expect.stringContaining('Nordic Lubricants') });
    const withFile = dataOf(await gql<{ pactConnection: ConnectionView }>(CONNECTION, { id: connection.id })).pactConnection;
    expect(withFile.entriesFile?.status).toBe('processed');
    expect(withFile.footprintsWithQuantity).toBe(2);

    // The supplier publishes a new version of the oil's footprint (2.0 kg CO2e/l); the customer syncs again.
    const oilV2 = footprintDocument({
      productId: 'urn:gtin:7038010000011',
      name: 'Marine engine oil 40',
      pcf: '2.0',
      version: 2,
      created: '2022-06-01T08:00:00Z',
      precedingPfIds: [oilV1.id],
    });
    const restarted = await publishOnSupplier(async (db, organizationId) => {
      await db
        .update(pactFootprints)
        .set({ status: 'Deprecated', document: { ...oilV1, status: 'Deprecated' } })
        .where(eq(pactFootprints.id, oilV1.id));
      await db.insert(pactFootprints).values(rowOf(organizationId, oilV2, 'oil-40'));
    });
    dataOf(await gql(UPDATE_CONNECTION, { input: { id: connection.id, baseUrl: restarted.url } }));
    dataOf(await gql(SYNC_CONNECTION, { id: connection.id }));
    await waitFor(
      async () => dataOf(await gql<{ pactConnection: ConnectionView }>(CONNECTION, { id: connection.id })).pactConnection,
      (c) => c.footprintCount === 3 && (c.status === 'synced' || c.status === 'failed'),
      'the second sync',
    );
    const versions = dataOf(
      await gql<{ pactReceivedFootprints: { data: ReceivedView[] } }>(RECEIVED, { filter: { connectionId: connection.id } }),
    ).pactReceivedFootprints.data;
    // The new version keeps the quantity the customer stated for the product; the old one is history.
    expect(versions.find((f) => f.id === oilV2.id)).toMatchObject({ status: 'Active', quantity: 1000, version: 2 });
    expect(versions.find((f) => f.id === oilV1.id)).toMatchObject({ status: 'Deprecated' });
    // 2.0 × 1,000 + 0.8 × 500 = 2,400 kg CO2e.
    const second = await waitFor(
      report,
      (s) => s !== null && Math.abs(s.co2eWtwKg - 2400) < 1e-6,
      'the report with the new version',
      180_000,
    );
    expect(second?.entries).toBe(2);
  }, 600_000);
});
