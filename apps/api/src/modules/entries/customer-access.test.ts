import { randomUUID } from 'node:crypto';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesReadableBy } from '../../lib/request-access.ts';
import { clientFor, errorOf, type Mailbox, outboxMailbox, uniqueEmail } from '../../test/auth-test-kit.ts';
import { gqlOf, type Gql } from '../../test/graphql-test-kit.ts';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';
import { startTestServer } from '../../test/harness.ts';
import { type Admin, invitationToken, newOrganization, registerFromToken } from '../../test/organization-test-kit.ts';
import { DATA_ENTRIES, type EntryPage, type EntryView, FUEL_MAPPINGS, fuelCsv, validatedFile } from './entries-test-kit.ts';

/**
 * Decision 3 of data requests: a customer reads a supplier's answer only through its own request, by id and by
 * request while the request is submitted or accepted, and in its general list only once accepted. Another
 * customer of the same supplier sees none of it, by id, by filter or in its list.
 */

let server: TestServer;
let mailbox: Mailbox;
let customerOne: Admin;
let customerTwo: Admin;
let supplier: { organizationId: string; gql: Gql };
let answer: { fileId: string; fileUploadId: string; entryIds: string[] };
let ownFileId: string;
let taskOne: string;
let taskTwo: string;

const ENTRY = `query($id: ID!) { dataEntry(id: $id) { id organizationId supplierOrganizationId fileUploadId } }`;
const BATCH_VALIDATION = `query($id: ID!) { fileUploadValidation(fileUploadId: $id) { fileUploadId status validRowCount files { fileId } } }`;
const FILE_VALIDATION = `query($id: ID!) { fileValidation(fileId: $id) { fileId status validRows } }`;
const ISSUES = `query($id: ID!) { validationIssues(fileId: $id) { pageInfo { totalCount } } }`;
const EXPORT_ISSUES = `mutation($id: ID!) { exportValidationIssues(fileId: $id) { url } }`;

type Page = { dataEntries: EntryPage };
const list = async (gql: Gql, filter: Record<string, unknown> = {}) =>
  gql<Page>(DATA_ENTRIES, { filter, pagination: { page: 1, pageSize: 100 } });
/** ENTRY_FIELDS selects supplierOrganizationId too. */
type SeenEntry = EntryView & { supplierOrganizationId: string | null };
const entriesOf = (result: GraphQLResult<Page>): SeenEntry[] => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return (result.data?.dataEntries.data ?? []) as SeenEntry[];
};
const codeOf = (result: GraphQLResult<unknown>) => errorOf(result).code;

const newRequest = async (customer: Admin, status: string) => {
  const db = server.database.db;
  const deadline = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
  const [calendar] = await db.insert(calendars).values({ organizationId: customer.organizationId, deadline }).returning();
  const [task] = await db
    .insert(calendarTasks)
    .values({
      calendarId: calendar?.id ?? '',
      organizationId: customer.organizationId,
      supplierOrganizationId: supplier.organizationId,
      taskType: 'data_request',
      title: `Fuel 2024 for ${customer.organizationName}`,
      status,
      requiredUploadPurpose: 'vessel_fuel_consumption',
    })
    .returning();
  if (!task) throw new Error('no task');
  return task.id;
};

const setStatus = (taskId: string, status: string) =>
  server.database.db.update(calendarTasks).set({ status }).where(eq(calendarTasks.id, taskId));

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mailbox = outboxMailbox(server);
  customerOne = await newOrganization(server, mailbox, `Esbjerg Shipping ${randomUUID().slice(0, 4)}`);
  customerTwo = await newOrganization(server, mailbox, `Aarhus Tankers ${randomUUID().slice(0, 4)}`);
  // The supplier: invited by the first customer, then asked to connect by the second; it supplies both.
  const email = uniqueEmail('answer');
  const invited = await customerOne.client.gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
    'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { supplierOrganization { id } } } }',
    { input: { organizationName: `Skaw Bunkers ${randomUUID().slice(0, 4)}`, email, firstName: 'Sune', lastName: 'Bak' } },
    customerOne.token,
  );
  const supplierOrganizationId = invited.data?.inviteSupplier.relationship.supplierOrganization.id ?? '';
  const { token } = await invitationToken(mailbox, email);
  const session = await registerFromToken(clientFor(server), mailbox, email, token);
  const supplierClient = clientFor(server);
  supplier = { organizationId: supplierOrganizationId, gql: (query, variables) => supplierClient.gql(query, variables, session.token) };
  await customerTwo.client.gql(
    'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { __typename } }',
    { input: { organizationName: 'Skaw Bunkers', email, firstName: 'Sune', lastName: 'Bak' } },
    customerTwo.token,
  );
  await supplier.gql('mutation { completeSupplierRegistration { activated { id } } }');

  // The supplier's answer (a batch with one validated file) and the customer's own file.
  const answered = await validatedFile(server, supplier.gql, 'skaw-fuel-2024.csv', fuelCsv(12), FUEL_MAPPINGS('t'));
  expect(answered.validation.status).toBe('validated');
  const supplierEntries = entriesOf(await list(supplier.gql));
  answer = { fileId: answered.fileId, fileUploadId: answered.fileUploadId, entryIds: supplierEntries.map((e) => e.id) };
  expect(answer.entryIds).toHaveLength(12);
  ownFileId = (await validatedFile(server, gqlOf(customerOne), 'own-fleet.csv', fuelCsv(3), FUEL_MAPPINGS('t'))).fileId;

  // The first customer's request answered with that batch; the second customer's request still requested.
  taskOne = await newRequest(customerOne, 'in_progress');
  taskTwo = await newRequest(customerTwo, 'requested');
  await server.database.db.update(calendarTasks).set({ responseUploadId: answer.fileUploadId }).where(eq(calendarTasks.id, taskOne));
  await server.database.db.update(fileUploads).set({ calendarTaskId: taskOne }).where(eq(fileUploads.id, answer.fileUploadId));
}, 180_000);

afterAll(async () => {
  await server?.close();
});

/** Everything the second customer tries about the answer: nothing, or NOT_FOUND. */
const expectNothingForCustomerTwo = async () => {
  const gql = gqlOf(customerTwo);
  expect(codeOf(await gql(BATCH_VALIDATION, { id: answer.fileUploadId }))).toBe('NOT_FOUND');
  expect(codeOf(await gql(FILE_VALIDATION, { id: answer.fileId }))).toBe('NOT_FOUND');
  expect(codeOf(await gql(ISSUES, { id: answer.fileId }))).toBe('NOT_FOUND');
  expect(codeOf(await gql(EXPORT_ISSUES, { id: answer.fileId }))).toBe('NOT_FOUND');
  for (const id of answer.entryIds.slice(0, 3)) expect(codeOf(await gql(ENTRY, { id }))).toBe('NOT_FOUND');
  expect(codeOf(await list(gql, { calendarTaskId: taskOne }))).toBe('NOT_FOUND');
  expect(codeOf(await list(gql, { fileUploadId: answer.fileUploadId }))).toBe('NOT_FOUND');
  expect(codeOf(await list(gql, { fileId: answer.fileId }))).toBe('NOT_FOUND');
  expect(entriesOf(await list(gql, { calendarTaskId: taskTwo }))).toEqual([]);
  expect(entriesOf(await list(gql, { supplierOrganizationId: supplier.organizationId }))).toEqual([]);
  expect(entriesOf(await list(gql))).toEqual([]);
};

describe("a customer reads a supplier's answer through its own request only", () => {
  it('sees nothing while the supplier is still working on it', async () => {
    const gql = gqlOf(customerOne);
    expect(codeOf(await gql(BATCH_VALIDATION, { id: answer.fileUploadId }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(FILE_VALIDATION, { id: answer.fileId }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(ENTRY, { id: answer.entryIds[0] }))).toBe('NOT_FOUND');
    expect(entriesOf(await list(gql, { calendarTaskId: taskOne }))).toEqual([]);
    expect(entriesOf(await list(gql)).map((e) => e.fileId)).toEqual([ownFileId, ownFileId, ownFileId]);
    await expectNothingForCustomerTwo();
  });

  it('reads the answer by id and through the request once submitted, but not yet in its general list', async () => {
    await setStatus(taskOne, 'submitted');
    const gql = gqlOf(customerOne);
    const batch = await gql<{ fileUploadValidation: { fileUploadId: string; status: string; validRowCount: number } }>(BATCH_VALIDATION, {
      id: answer.fileUploadId,
    });
    expect(batch.data?.fileUploadValidation).toMatchObject({ fileUploadId: answer.fileUploadId, status: 'validated', validRowCount: 12 });
    expect((await gql(FILE_VALIDATION, { id: answer.fileId })).data).toEqual({
      fileValidation: { fileId: answer.fileId, status: 'validated', validRows: 12 },
    });
    expect((await gql(ISSUES, { id: answer.fileId })).errors).toBeUndefined();
    // The answer's issues as CSV, for the review: the link is made for the customer and served to it.
    const link = (await gql<{ exportValidationIssues: { url: string } }>(EXPORT_ISSUES, { id: answer.fileId })).data
      ?.exportValidationIssues;
    const served = await fetch(`${server.url}${new URL(link?.url ?? 'http://x/').pathname}`);
    expect(served.status).toBe(200);
    expect((await served.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Row number,Field,Type,Code,Message,Value');
    expect((await gql(ENTRY, { id: answer.entryIds[0] })).data).toEqual({
      dataEntry: {
        id: answer.entryIds[0],
        organizationId: supplier.organizationId,
        supplierOrganizationId: supplier.organizationId,
        fileUploadId: answer.fileUploadId,
      },
    });
    const throughRequest = entriesOf(await list(gql, { calendarTaskId: taskOne }));
    expect(throughRequest.map((e) => e.id).sort()).toEqual([...answer.entryIds].sort());
    expect(new Set(throughRequest.map((e) => `${e.organizationId}/${e.supplierOrganizationId}`))).toEqual(
      new Set([`${supplier.organizationId}/${supplier.organizationId}`]),
    );
    expect(entriesOf(await list(gql, { fileUploadId: answer.fileUploadId }))).toHaveLength(12);
    expect(entriesOf(await list(gql)).map((e) => e.fileId)).toEqual([ownFileId, ownFileId, ownFileId]);
    expect(entriesOf(await list(gql, { supplierOrganizationId: supplier.organizationId }))).toEqual([]);
    await expectNothingForCustomerTwo();
  });

  it('lists the accepted answer with its own entries and under the supplier filter; the other customer still sees nothing', async () => {
    await setStatus(taskOne, 'accepted');
    const gql = gqlOf(customerOne);
    const all = entriesOf(await list(gql));
    expect(all).toHaveLength(15);
    const bySupplier = (entries: typeof all) => entries.map((e) => e.supplierOrganizationId ?? 'own');
    expect(bySupplier(all).filter((s) => s === 'own')).toHaveLength(3);
    expect(bySupplier(all).filter((s) => s === supplier.organizationId)).toHaveLength(12);
    const supplied = entriesOf(await list(gql, { supplierOrganizationId: supplier.organizationId }));
    expect(supplied.map((e) => e.id).sort()).toEqual([...answer.entryIds].sort());
    expect(entriesOf(await list(gql, { supplierOrganizationId: supplier.organizationId, calendarTaskId: taskOne }))).toHaveLength(12);
    expect(codeOf(await list(gql, { supplierOrganizationId: customerTwo.organizationId }))).toBe('NOT_FOUND');
    expect(codeOf(await list(gql, { calendarTaskId: taskTwo }))).toBe('NOT_FOUND');
    await expectNothingForCustomerTwo();

    // The supplier reads its own answer through the request, as its own entries.
    const own = entriesOf(await list(supplier.gql, { calendarTaskId: taskOne }));
    expect(own).toHaveLength(12);
    expect(own.every((e) => e.supplierOrganizationId === null)).toBe(true);
    expect(entriesOf(await list(supplier.gql, { calendarTaskId: taskTwo }))).toEqual([]);

    // The list condition other modules use agrees.
    const readable = async (organizationId: string) =>
      (await server.database.db.select({ id: files.id }).from(files).where(filesReadableBy(organizationId))).map((f) => f.id);
    expect(await readable(customerOne.organizationId)).toEqual(expect.arrayContaining([answer.fileId, ownFileId]));
    expect(await readable(customerTwo.organizationId)).not.toContain(answer.fileId);
  });

  it('stops at a request cancelled after submission', async () => {
    await setStatus(taskOne, 'cancelled');
    const gql = gqlOf(customerOne);
    expect(codeOf(await gql(ENTRY, { id: answer.entryIds[0] }))).toBe('NOT_FOUND');
    expect(entriesOf(await list(gql)).map((e) => e.fileId)).toEqual([ownFileId, ownFileId, ownFileId]);
    expect(entriesOf(await list(gql, { calendarTaskId: taskOne }))).toEqual([]);
  });
});
