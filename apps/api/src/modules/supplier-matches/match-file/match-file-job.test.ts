import { fileValidations } from '@tidewise/db/schema/entries';
import { fileSupplierMatching, uploadSupplierData } from '@tidewise/db/schema/requests';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';
import { inviteSupplier, matchedSupplierList, SET_CONTACT } from '../supplier-matches-test-kit.ts';
import { matchFileSuppliers } from './match-file-job.ts';
import { ENTRY_PAGE_SIZE } from './read-suppliers.ts';

/**
 * The matching job on a large file: its entries are replaced in the database by 100,000 rows naming 200 suppliers
 * (the job reads only entries), then the job runs as the queue would run it. Prints the time; asserts what it stored.
 */

const ROWS = 100_000;
const SUPPLIERS = 200;
const STEMS = ['Nordic', 'Baltic', 'Fjord', 'Polar', 'Coastal', 'Viking', 'Skagen', 'Atlantic', 'Northern', 'Harbour'];
const TRADES = [
  'Bunker',
  'Towage',
  'Marine Services',
  'Shipping',
  'Logistics',
  'Chandlers',
  'Offshore',
  'Ship Repair',
  'Freight',
  'Tankers',
];
const FORMS = ['AS', 'A/S', 'AB', 'GmbH', 'Ltd', 'B.V.'];
/** Supplier k: a realistic name; the form varies so grouping by normalised name is exercised. */
const supplierName = (k: number) => `${STEMS[k % 10]} ${TRADES[Math.floor(k / 10) % 10]} ${Math.floor(k / 100) + 1}`;
const spelling = (k: number, row: number) =>
  row % 7 === 0 ? `${supplierName(k).toUpperCase()} ${FORMS[row % FORMS.length]}` : `${supplierName(k)} AS`;

let server: TestServer;
let mailbox: Mailbox;
let customer: Admin;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  customer = await newOrganization(server, mailbox, 'Large File Lines');
  // A few of the 200 are the customer's suppliers already.
  for (const k of [0, 1, 2, 57, 199]) await inviteSupplier(customer, `${supplierName(k)} AS`);
});

afterAll(async () => {
  await server?.close();
});

const jobOf = async (fileId: string) => {
  const [validation] = await server.database.db.select().from(fileValidations).where(eq(fileValidations.fileId, fileId));
  if (!validation) throw new Error('no validation');
  return { fileId, organizationId: customer.organizationId, generation: validation.entriesGeneration };
};

describe('the supplierMatches.matchFile job', () => {
  it(`matches a file of ${ROWS.toLocaleString('en')} rows naming ${SUPPLIERS} suppliers a page at a time (prints the time)`, async () => {
    const file = await matchedSupplierList(server, customer, 'large.csv', ['Placeholder Supplier AS']);
    const job = await jobOf(file.fileId);
    const names = JSON.stringify(Array.from({ length: SUPPLIERS * 7 }, (_, row) => spelling(row % SUPPLIERS, row)));
    const db = server.database.db;
    await db.execute(sql`DELETE FROM data_entries WHERE generation = ${job.generation}::int`);
    await db.execute(
      sql`INSERT INTO data_entries (generation, row_index, row_number, is_valid, values)
          SELECT ${job.generation}::int, i, i + 2, true, jsonb_build_array(${names}::jsonb ->> (i % ${SUPPLIERS * 7}::int))
          FROM generate_series(0, ${ROWS - 1}::int) AS i`,
    );
    expect(ROWS / ENTRY_PAGE_SIZE).toBeGreaterThan(1);

    const started = performance.now();
    const outcome = await matchFileSuppliers(server.app.services, { data: job });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `supplier matching job: ${ROWS.toLocaleString('en')} rows, ${SUPPLIERS} suppliers in ${seconds.toFixed(2)} s (${server.database.kind})`,
    );

    expect(outcome).toEqual({ suppliers: SUPPLIERS, rows: ROWS });
    const rows = await db.select().from(uploadSupplierData).where(eq(uploadSupplierData.fileId, file.fileId));
    expect(rows).toHaveLength(SUPPLIERS);
    expect(rows.reduce((sum, row) => sum + row.itemCount, 0)).toBe(ROWS);
    expect(rows.filter((row) => row.matchStatus === 'match')).toHaveLength(5);
    const first = rows.find((row) => row.supplierName === `${supplierName(0)} AS`);
    expect(first?.rowIndices.slice(0, 3)).toEqual([0, 200, 400]);
    const [matching] = await db.select().from(fileSupplierMatching).where(eq(fileSupplierMatching.fileId, file.fileId));
    expect(matching).toMatchObject({ status: 'completed', generation: job.generation });
  });

  it('keeps contact addresses when matching again, and a job of another generation writes nothing', async () => {
    const file = await matchedSupplierList(server, customer, 'again.csv', ['Fjord Towage 1 AS', 'Unknown Carrier AS']);
    const unknown = file.named('Unknown Carrier AS');
    dataOf(await gqlOf(customer)(SET_CONTACT, { input: { id: unknown.id, email: 'ops@unknown-carrier.example' } }));
    const job = await jobOf(file.fileId);

    expect(await matchFileSuppliers(server.app.services, { data: { ...job, generation: job.generation - 1 } })).toBeNull();
    expect(await matchFileSuppliers(server.app.services, { data: job })).toEqual({ suppliers: 2, rows: 2 });
    const [again] = await server.database.db.select().from(uploadSupplierData).where(eq(uploadSupplierData.id, unknown.id));
    expect(again).toMatchObject({ contactEmail: 'ops@unknown-carrier.example', matchStatus: 'notMatch' });
  });
});
