import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, errorOf, type Mailbox, outboxMailbox, uniqueEmail } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, auditRows, newOrganization, registerFromToken } from '../../../test/organization-test-kit.ts';
import {
  BY_TASK,
  CONFIRM,
  inviteSupplier,
  matchedSupplierList,
  SET_CONTACT,
  type SupplierDataView,
  UPLOAD_SUPPLIER_DATA,
} from '../supplier-matches-test-kit.ts';

const COMPLETE = `mutation($input: CompleteFileUploadInput!) {
  completeFileUpload(input: $input) {
    id status supplierEmails
    requests { id title status deadline requestUploadId requiredUploadPurpose requiredUploadSecondaryPurpose itemCount supplierOrganization { id name } }
  }
}`;

type Completed = {
  completeFileUpload: {
    id: string;
    status: string;
    supplierEmails: string[];
    requests: {
      id: string;
      title: string;
      status: string;
      deadline: string;
      requestUploadId: string;
      requiredUploadPurpose: string;
      requiredUploadSecondaryPurpose: string;
      supplierOrganization: { id: string; name: string };
    }[];
  };
};

let server: TestServer;
let mailbox: Mailbox;
let customer: Admin;
let otherCustomer: Admin;
let nordic: { id: string; name: string; email: string };
let svitzer: { id: string; name: string; email: string };

beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://app.tidewise.example' });
  mailbox = outboxMailbox(server);
  customer = await newOrganization(server, mailbox, 'Oresund Shipping');
  otherCustomer = await newOrganization(server, mailbox, 'Bornholm Lines');
  nordic = await inviteSupplier(customer, 'Nordic Bunker AS');
  svitzer = await inviteSupplier(customer, 'Svitzer Marine A/S');
});

afterAll(async () => {
  await server?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
const REQUEST = { deadline: inDays(30), requiredUploadPurpose: 'transport_legs', requiredUploadSecondaryPurpose: '2025' };

describe('completing an upload with a request', () => {
  let file: Awaited<ReturnType<typeof matchedSupplierList>>;
  const fjordEmail = `ops-${randomUUID().slice(0, 8)}@fjordtugs.example`;

  beforeAll(async () => {
    file = await matchedSupplierList(server, customer, 'carriers.csv', [
      'Nordic Bunker AS',
      'Svitser',
      'Fjord Tugs AS',
      'Nordic Bunker AS',
      'Lonely Haulage',
    ]);
    expect(file.matching).toMatchObject({ matchCount: 1, semiMatchCount: 1, notMatchCount: 2 });
  });

  it('refuses while a semi-match is unconfirmed, naming the supplier, and completes nothing', async () => {
    const gql = gqlOf(customer);
    const refused = await gql(COMPLETE, { input: { fileUploadId: file.fileUploadId, supplierEmails: [], request: REQUEST } });
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(refused).message).toMatch(/“Svitser”/);
    const status = dataOf(
      await gql<{ fileUpload: { status: string } }>('query($id: ID!) { fileUpload(id: $id) { status } }', { id: file.fileUploadId }),
    );
    expect(status.fileUpload.status).not.toBe('completed');
  });

  it('refuses a deadline in the past, saying where', async () => {
    dataOf(await gqlOf(customer)(CONFIRM, { input: { id: file.named('Svitser').id, organizationId: svitzer.id } }));
    const refused = await gqlOf(customer)(COMPLETE, {
      input: { fileUploadId: file.fileUploadId, supplierEmails: [], request: { ...REQUEST, deadline: inDays(-1) } },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'request.deadline' });
    expect(refused.errors?.[0]?.message).toBe('The deadline must be in the future');
  });

  it('asks the matched and the confirmed supplier, invites the unknown one given an address, skips the one without', async () => {
    const gql = gqlOf(customer);
    dataOf(await gql(SET_CONTACT, { input: { id: file.named('Fjord Tugs AS').id, email: fjordEmail } }));
    const { completeFileUpload: done } = dataOf(
      await gql<Completed>(COMPLETE, { input: { fileUploadId: file.fileUploadId, supplierEmails: [fjordEmail], request: REQUEST } }),
    );
    expect(done).toMatchObject({ status: 'completed', supplierEmails: [fjordEmail] });
    expect(done.requests.map((r) => r.supplierOrganization.name).sort()).toEqual([
      'Fjord Tugs AS',
      'Nordic Bunker AS',
      'Svitzer Marine A/S',
    ]);
    for (const request of done.requests)
      expect(request).toMatchObject({
        status: 'requested',
        requestUploadId: file.fileUploadId,
        requiredUploadPurpose: 'transport_legs',
        requiredUploadSecondaryPurpose: '2025',
        title: 'Transport legs data for 2025',
        deadline: REQUEST.deadline,
      });

    const rows = dataOf(
      await gql<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId }),
    ).uploadSupplierData;
    const taskOf = (name: string) => done.requests.find((r) => r.supplierOrganization.name === name)?.id;
    const byName = (name: string) => rows.find((r) => r.supplierName === name);
    expect(byName('Nordic Bunker AS')).toMatchObject({
      calendarTaskId: taskOf('Nordic Bunker AS'),
      itemCount: 2,
      uploadPurpose: 'transport_legs',
    });
    expect(byName('Svitser')).toMatchObject({ calendarTaskId: taskOf('Svitzer Marine A/S'), uploadSecondaryPurpose: '2025' });
    const fjord = byName('Fjord Tugs AS');
    expect(fjord).toMatchObject({ calendarTaskId: taskOf('Fjord Tugs AS'), contactEmail: fjordEmail });
    expect(fjord?.supplierOrganization?.name).toBe('Fjord Tugs AS');
    expect(byName('Lonely Haulage')).toMatchObject({ calendarTaskId: null, matchStatus: 'notMatch' });

    // The unknown supplier gets the invitation link and the request; the matched one the request.
    const fjordMail = await mailbox.list(fjordEmail);
    expect(fjordMail.some((m) => m.text.includes('/supplier/register?token='))).toBe(true);
    expect(fjordMail.some((m) => m.text.includes(`/app/inbox/${taskOf('Fjord Tugs AS')}`))).toBe(true);
    expect((await mailbox.list(nordic.email)).some((m) => m.text.includes(`/app/inbox/${taskOf('Nordic Bunker AS')}`))).toBe(true);

    const audit = (await auditRows(server, customer.organizationId, 'completeFileUpload')).filter((r) => r.status === 'success');
    expect(audit).toHaveLength(1);
  });

  it('shows a request its rows: all of them to the customer, only its own and nothing of the matching to the supplier', async () => {
    const rows = dataOf(
      await gqlOf(customer)<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId }),
    ).uploadSupplierData;
    const svitzerRow = rows.find((r) => r.supplierName === 'Svitser');
    const taskId = svitzerRow?.calendarTaskId;
    if (!svitzerRow || !taskId) throw new Error('no request for Svitzer');
    const asCustomer = dataOf(await gqlOf(customer)<{ uploadSupplierDataByTask: SupplierDataView[] }>(BY_TASK, { id: taskId }));
    expect(asCustomer.uploadSupplierDataByTask.map((r) => r.id)).toEqual([svitzerRow.id]);

    const invitation = (await mailbox.list(svitzer.email)).find((m) => m.text.includes('/supplier/register?token='));
    const token = new URL(invitation?.text.match(/https?:\/\/\S+\?token=\S+/)?.[0] ?? 'https://none').searchParams.get('token') ?? '';
    const session = await registerFromToken(clientFor(server), mailbox, svitzer.email, token);
    const asSupplier = await server.gql<{ uploadSupplierDataByTask: SupplierDataView[] }>(
      BY_TASK,
      { id: taskId },
      { token: session.token },
    );
    expect(asSupplier.errors).toBeUndefined();
    expect(asSupplier.data?.uploadSupplierDataByTask).toEqual([
      expect.objectContaining({
        supplierName: 'Svitser',
        itemCount: 1,
        rowIndices: [1],
        possibleMatches: [],
        matchReason: null,
        matchScore: null,
      }),
    ]);

    expect(errorOf(await gqlOf(otherCustomer)(BY_TASK, { id: taskId })).code).toBe('NOT_FOUND');
    expect(errorOf(await gqlOf(otherCustomer)(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId })).code).toBe('NOT_FOUND');
  });

  it('refuses changing a supplier match or contact once the upload is completed', async () => {
    const gql = gqlOf(customer);
    const lonely = file.named('Lonely Haulage');
    expect(errorOf(await gql(CONFIRM, { input: { id: lonely.id, organizationId: null } })).code).toBe('CONFLICT');
    expect(errorOf(await gql(SET_CONTACT, { input: { id: lonely.id, email: uniqueEmail('late') } })).code).toBe('CONFLICT');
  });
});

describe('completing an upload without a request', () => {
  it('stores the supplier addresses and asks nobody, as before', async () => {
    const plain = await matchedSupplierList(server, customer, 'plain.csv', ['Nordic Bunker AS']);
    const { completeFileUpload: done } = dataOf(
      await gqlOf(customer)<Completed>(COMPLETE, { input: { fileUploadId: plain.fileUploadId, supplierEmails: ['A@b.example'] } }),
    );
    expect(done).toMatchObject({ status: 'completed', supplierEmails: ['a@b.example'], requests: [] });
  });
});
