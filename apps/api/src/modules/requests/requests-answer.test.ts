import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, refusalOf, waitFor } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { customerAndSupplier } from '../../test/supplier-test-kit.ts';
import { mapAndValidate, uploadCsv } from '../../test/upload-test-kit.ts';
import { createCalendar, createRequest, inDays, readTask, updateTask } from './requests-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const CSV = [
  'IMO number,Vessel,Fuel mass,Period start,Period end',
  '9321483,Nordlys,812.5,2024-01-01,2024-01-31',
  '9321483,Nordlys,790.25,2024-02-01,2024-02-29',
  '9074729,Sønderho,402,2024-01-01,2024-01-31',
].join('\n');

const MAPPINGS = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

const FILE = `query($id: ID!) { file(id: $id) { status fileMetadata { category categoryAnalysis { suggestedCategory confidence reasoning } } } }`;
type FileView = {
  status: string;
  fileMetadata: {
    category: string | null;
    categoryAnalysis: { suggestedCategory: string; confidence: number; reasoning: string } | null;
  } | null;
};
const ENTRIES = `query($filter: DataEntryFilterInput) { dataEntries(filter: $filter) { pageInfo { totalCount } data { fileUploadId supplierOrganizationId } } }`;
type Entries = {
  dataEntries: { pageInfo: { totalCount: number }; data: { fileUploadId: string | null; supplierOrganizationId: string | null }[] };
};

describe('answering a data request', () => {
  it('runs from the supplier’s upload with the required category to the customer accepting the answer, returned once on the way', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: 'Nordic Reefer Lines',
      supplier: 'Kattegat Ship Management',
    });
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];
    const calendar = await createCalendar(c, inDays(30));
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fuel 2024',
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2024',
    });

    // Only the supplier answers, and nothing can be submitted before a file is attached.
    expect(
      refusalOf(
        await c('mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }', {
          input: { name: 'x', calendarTaskId: task.id },
        }),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the supplier can answer a request.',
      field: 'calendarTaskId',
    });
    expect(refusalOf(await updateTask(s, { id: task.id, status: 'submitted' }))).toEqual({
      code: 'CONFLICT',
      message: 'Attach the response file before submitting.',
      field: 'responseUploadId',
    });

    const answer = await uploadCsv(server, s, 'fuel-2024.csv', CSV, task.id);
    expect(answer.batchTaskId).toBe(task.id);
    const started = await readTask(s, task.id);
    expect(started).toMatchObject({
      status: 'in_progress',
      responseUploadId: answer.fileUploadId,
      responseUpload: { id: answer.fileUploadId, calendarTaskId: task.id },
    });
    // The customer does not see a draft answer.
    expect((await readTask(c, task.id)).responseUpload).toBeNull();

    const file = await waitFor(
      async () => dataOf(await s<{ file: FileView }>(FILE, { id: answer.fileId })).file,
      (f) => f.status === 'processed' || f.status === 'failed',
      'file read',
    );
    expect(file).toEqual({
      status: 'processed',
      fileMetadata: {
        category: 'vessel_fuel_consumption',
        categoryAnalysis: {
          suggestedCategory: 'vessel_fuel_consumption',
          confidence: 1,
          reasoning: 'Required by the data request “Fuel 2024”',
        },
      },
    });

    expect(refusalOf(await updateTask(s, { id: task.id, status: 'submitted' }))).toEqual({
      code: 'CONFLICT',
      message: 'The file "fuel-2024.csv" is not validated yet. Map the columns and apply the mappings before submitting.',
      field: null,
    });
    expect(await mapAndValidate(s, answer.fileId, MAPPINGS)).toEqual({ status: 'validated', validRows: 3 });
    dataOf(await updateTask(s, { id: task.id, status: 'submitted' }));

    // The customer reads the answer through its request while it is submitted.
    const submitted = await readTask(c, task.id);
    expect(submitted).toMatchObject({ status: 'submitted', responseUpload: { id: answer.fileUploadId, status: 'ready' } });
    expect(dataOf(await c<Entries>(ENTRIES, { filter: { calendarTaskId: task.id } })).dataEntries.pageInfo.totalCount).toBe(3);

    const returned = dataOf(
      await updateTask(c, {
        id: task.id,
        status: 'returned',
        review: { message: 'Row 3 looks low', comments: [{ rowNumber: 3, field: 'fuel_mass', message: 'Check the unit' }] },
      }),
    ).updateCalendarTask;
    expect(returned).toMatchObject({ status: 'returned', responseUpload: null });
    expect((await readTask(s, task.id)).reviews[0]?.comments).toEqual([{ rowNumber: 3, field: 'fuel_mass', message: 'Check the unit' }]);

    dataOf(await updateTask(s, { id: task.id, status: 'submitted' }));
    const accepted = dataOf(await updateTask(c, { id: task.id, status: 'accepted' })).updateCalendarTask;
    expect(accepted).toMatchObject({ status: 'accepted', responseUpload: { id: answer.fileUploadId, status: 'completed' } });
    // Accepted entries join the customer's general list, marked with the supplier.
    const general = dataOf(await c<Entries>(ENTRIES, { filter: { supplierOrganizationId: supplier.organizationId } })).dataEntries;
    expect(general.pageInfo.totalCount).toBe(3);
    expect(general.data.every((e) => e.supplierOrganizationId === supplier.organizationId)).toBe(true);
    // A completed answer takes no new file and no new answer.
    expect(
      refusalOf(
        await s('mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }', {
          input: { name: 'again', calendarTaskId: task.id },
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'A request that is accepted cannot take a new answer.',
      field: 'calendarTaskId',
    });
  });
});
