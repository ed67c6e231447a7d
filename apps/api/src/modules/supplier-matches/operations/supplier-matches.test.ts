import { randomInt } from 'node:crypto';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, holdSubscription, waitFor } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import {
  CONFIRM,
  entryIdsByRow,
  inviteSupplier,
  matchedSupplierList,
  SET_CONTACT,
  type SupplierDataView,
  UPLOAD_SUPPLIER_DATA,
} from '../supplier-matches-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;
let customer: Admin;
let otherCustomer: Admin;
let nordic: { id: string; name: string };
let svitzer: { id: string; name: string };
let othersSupplier: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  customer = await newOrganization(server, mailbox, 'Skagerrak Line');
  otherCustomer = await newOrganization(server, mailbox, 'Kattegat Ferries');
  nordic = await inviteSupplier(customer, 'Nordic Bunker AS');
  svitzer = await inviteSupplier(customer, 'Svitzer Marine A/S');
  othersSupplier = await inviteSupplier(otherCustomer, 'Baltic Chandlers AB');
});

afterAll(async () => {
  await server?.close();
});

const FILE_ONE = [
  'Nordic Bunker AS',
  'Svitser',
  'Fjord Tugs AS',
  'NORDIC BUNKER A/S',
  'Baltic Chandlers',
  'Nordic Bunker AS',
  'Svitser',
  'Baltic Chandlers',
  'Nordic Bunker AS',
];

describe('supplier matching of a customer file', () => {
  let first: Awaited<ReturnType<typeof matchedSupplierList>>;

  beforeAll(async () => {
    first = await matchedSupplierList(server, customer, 'suppliers-2025.csv', FILE_ONE);
  });

  it('groups the rows by supplier and matches each: one exact, one to confirm, unknown ones; counts by supplier and by row', async () => {
    expect(first.matching).toMatchObject({
      supplierMatchingStatus: 'completed',
      totalSuppliers: 4,
      matchCount: 1,
      matchRowCount: 4,
      semiMatchCount: 1,
      semiMatchRowCount: 2,
      notMatchCount: 2,
      notMatchRowCount: 3,
    });
    const exact = first.named('Nordic Bunker AS');
    expect(exact).toMatchObject({
      matchStatus: 'match',
      supplierOrgId: nordic.id,
      supplierOrganization: { id: nordic.id, name: 'Nordic Bunker AS' },
      itemCount: 4,
      rowIndices: [0, 3, 5, 8],
      isConfirmed: false,
      fileName: 'suppliers-2025.csv',
      uploadId: first.fileUploadId,
      calendarTaskId: null,
    });
    expect(exact.matchReason).toMatch(/Nordic Bunker AS/);
    const semi = first.named('Svitser');
    expect(semi).toMatchObject({ matchStatus: 'semiMatch', supplierOrgId: null, itemCount: 2, rowIndices: [1, 6] });
    expect(semi.possibleMatches.map((m) => m.organization.id)).toEqual([svitzer.id]);
    expect(first.named('Fjord Tugs AS')).toMatchObject({ matchStatus: 'notMatch', itemCount: 1, rowIndices: [2], possibleMatches: [] });
    const validations = first.matching.supplierValidations;
    expect(validations.map((v) => [v.supplierName, v.status, v.rowCount, v.matchedOrganization?.id ?? null])).toEqual(
      expect.arrayContaining([
        ['Nordic Bunker AS', 'match', 4, nordic.id],
        ['Svitser', 'semiMatch', 2, null],
        ['Fjord Tugs AS', 'notMatch', 1, null],
        ['Baltic Chandlers', 'notMatch', 2, null],
      ]),
    );
    expect(validations.every((v) => v.fileName === 'suppliers-2025.csv')).toBe(true);
  });

  it("points at the file's entries of its current validation", async () => {
    const exact = first.named('Nordic Bunker AS');
    const byRow = await entryIdsByRow(gqlOf(customer), first.fileId);
    expect(exact.dataEntryIds).toEqual(exact.rowIndices.map((index) => byRow.get(index)));
  });

  it("never offers another customer's supplier by its name", () => {
    const unknown = first.named('Baltic Chandlers');
    expect(unknown.matchStatus).toBe('notMatch');
    const offered = first.rows.flatMap((row) => row.possibleMatches.map((m) => m.organization.id));
    expect(offered).not.toContain(othersSupplier.id);
  });

  it('answers NOT_FOUND to another organization for every id, and changes nothing', async () => {
    const other = gqlOf(otherCustomer);
    const semi = first.named('Svitser');
    expect(errorOf(await other(UPLOAD_SUPPLIER_DATA, { id: first.fileUploadId })).code).toBe('NOT_FOUND');
    expect(errorOf(await other(CONFIRM, { input: { id: semi.id, organizationId: svitzer.id } })).code).toBe('NOT_FOUND');
    expect(errorOf(await other(CONFIRM, { input: { id: semi.id, organizationId: null } })).code).toBe('NOT_FOUND');
    expect(errorOf(await other(SET_CONTACT, { input: { id: semi.id, email: 'x@fjordtugs.example' } })).code).toBe('NOT_FOUND');
    const again = dataOf(
      await gqlOf(customer)<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: first.fileUploadId }),
    );
    expect(again.uploadSupplierData.find((r) => r.id === semi.id)).toMatchObject({ matchStatus: 'semiMatch', isConfirmed: false });
  });

  it("refuses to confirm an organization that was not offered and is not the customer's supplier", async () => {
    const semi = first.named('Svitser');
    const refused = await gqlOf(customer)(CONFIRM, { input: { id: semi.id, organizationId: othersSupplier.id } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'organizationId' });
  });

  it('confirms the semi-match and keeps a valid contact for the unknown supplier, both audited', async () => {
    const gql = gqlOf(customer);
    const confirmed = dataOf(
      await gql<{ confirmSupplierMatch: SupplierDataView }>(CONFIRM, {
        input: { id: first.named('Svitser').id, organizationId: svitzer.id },
      }),
    ).confirmSupplierMatch;
    expect(confirmed).toMatchObject({ matchStatus: 'match', supplierOrgId: svitzer.id, isConfirmed: true });
    expect(confirmed.matchReason).toMatch(/Confirmed/);

    const unknown = first.named('Fjord Tugs AS');
    const invalid = errorOf(await gql(SET_CONTACT, { input: { id: unknown.id, email: 'not an address' } }));
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED' });
    const withContact = dataOf(
      await gql<{ setUploadSupplierContact: SupplierDataView }>(SET_CONTACT, {
        input: { id: unknown.id, email: ' Ops@FjordTugs.example ' },
      }),
    ).setUploadSupplierContact;
    expect(withContact.contactEmail).toBe('ops@fjordtugs.example');

    const { fileUploadValidation: after } = dataOf(
      await gql<{ fileUploadValidation: { matchCount: number; semiMatchCount: number; matchRowCount: number } }>(
        'query($id: ID!) { fileUploadValidation(fileUploadId: $id) { matchCount semiMatchCount matchRowCount } }',
        { id: first.fileUploadId },
      ),
    );
    expect(after).toEqual({ matchCount: 2, semiMatchCount: 0, matchRowCount: 6 });
    const succeeded = async (action: string) =>
      (await auditRows(server, customer.organizationId, action)).filter((row) => row.status === 'success').map((row) => row.resourceId);
    expect(await succeeded('confirmSupplierMatch')).toEqual([first.named('Svitser').id]);
    expect(await succeeded('setUploadSupplierContact')).toEqual([unknown.id]);
  });

  it('tells fileUploadValidationUpdated subscribers when a match changes', async () => {
    const subscription = await holdSubscription<{ fileUploadValidationUpdated: { notMatchCount: number; matchCount: number } }>(
      server,
      'subscription($id: ID!) { fileUploadValidationUpdated(fileUploadId: $id) { matchCount notMatchCount } }',
      { id: first.fileUploadId },
      customer.token,
    );
    try {
      // Give the stream a moment to be subscribed before the change.
      await new Promise((resolve) => setTimeout(resolve, 300));
      dataOf(await gqlOf(customer)(CONFIRM, { input: { id: first.named('Baltic Chandlers').id, organizationId: null } }));
      const seen = await waitFor(
        async () => subscription.results.map((r) => r.data?.fileUploadValidationUpdated),
        (events) => events.length > 0,
        'a fileUploadValidationUpdated event',
        10_000,
      );
      expect(seen.at(-1)).toEqual({ matchCount: 2, notMatchCount: 2 });
    } finally {
      await subscription.close();
    }
  });

  it('matches a confirmed name automatically in the next file, saying why', async () => {
    const next = await matchedSupplierList(server, customer, 'suppliers-2026.csv', ['Svitser', 'Nordic Bunker AS']);
    const remembered = next.named('Svitser');
    expect(remembered).toMatchObject({ matchStatus: 'match', supplierOrgId: svitzer.id, isConfirmed: false });
    expect(remembered.matchReason).toMatch(/Confirmed earlier/);
    expect(next.matching).toMatchObject({ matchCount: 2, semiMatchCount: 0, notMatchCount: 0 });
  });
});

describe("an organization that is not the customer's supplier", () => {
  it('is matched by its registration number only, never by its name, and a request to it opens a pending relationship', async () => {
    const number = String(randomInt(800_000_000, 999_999_999));
    const db = server.database.db;
    await db
      .update(organizations)
      .set({ registrationNumber: `NO ${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)} MVA` })
      .where(eq(organizations.id, othersSupplier.id));
    const file = await matchedSupplierList(server, customer, 'numbers.csv', [
      { name: 'Baltic Chandlers', registrationNumber: number },
      { name: 'Baltic Chandlers Group', registrationNumber: '' },
    ]);
    const byNumber = file.named('Baltic Chandlers');
    expect(byNumber).toMatchObject({ matchStatus: 'match', supplierOrgId: othersSupplier.id });
    expect(byNumber.matchReason).toMatch(/^Registration number .* matches Baltic Chandlers AB$/);
    const byName = file.named('Baltic Chandlers Group');
    expect(byName.matchStatus).toBe('notMatch');
    expect(byName.possibleMatches).toEqual([]);

    const completed = await gqlOf(customer)<{ completeFileUpload: { requests: { supplierOrganization: { id: string } }[] } }>(
      `mutation($input: CompleteFileUploadInput!) { completeFileUpload(input: $input) { requests { supplierOrganization { id } } } }`,
      {
        input: {
          fileUploadId: file.fileUploadId,
          request: { deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(), requiredUploadPurpose: 'supplier_list' },
        },
      },
    );
    expect(dataOf(completed).completeFileUpload.requests).toEqual([{ supplierOrganization: { id: othersSupplier.id } }]);
    const [relationship] = await db
      .select({ status: organizationRelationships.status })
      .from(organizationRelationships)
      .where(
        and(
          eq(organizationRelationships.customerOrganizationId, customer.organizationId),
          eq(organizationRelationships.supplierOrganizationId, othersSupplier.id),
        ),
      );
    expect(relationship?.status).toBe('pending');
  });
});
