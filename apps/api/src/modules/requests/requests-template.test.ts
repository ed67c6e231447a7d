import { fileValidations } from '@tidewise/db/schema/entries';
import { uploadSupplierData } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, refusalOf, type Gql, waitFor } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { customerAndSupplier, newCustomer, type Party } from '../../test/supplier-test-kit.ts';
import { uploadCsv } from '../../test/upload-test-kit.ts';
import { createCalendar, createRequest, inDays, readTask } from './requests-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

/** The customer's own voyage file: three vessels, one of them operated by the supplier asked. */
const CUSTOMER_CSV = [
  'IMO number,Vessel,Fuel mass,Period start,Period end',
  '9321483,Nordlys,812.5,2025-01-01,2025-01-31',
  '9074729,Sønderho,402,2025-01-01,2025-01-31',
  '9395044,=Ærø Express,77,2025-02-01,2025-02-28',
].join('\n');

/** The customer's transport legs: two of them carried by the supplier asked, one by a haulier nobody knows. */
const LEGS_CSV = [
  'Shipment,Leg,Date,Mode,Origin,Destination,Cargo [t],Distance [km],Carrier',
  'S-1,1,2025-01-10,sea,Aarhus,Gothenburg,120,220,Øresund Ship Management',
  'S-1,2,2025-01-11,road,Gothenburg,Stockholm,20,470,Lonely Haulage',
  'S-2,1,2025-02-02,sea,=Copenhagen,Hamburg,300,310,Øresund Ship Management',
].join('\n');

const LEGS_MAPPINGS = [
  ['Shipment', 'shipment_id'],
  ['Leg', 'leg_id'],
  ['Date', 'transport_date'],
  ['Mode', 'mode'],
  ['Origin', 'origin'],
  ['Destination', 'destination'],
  ['Cargo [t]', 'cargo_mass', [{ type: 'unit_conversion', unit: 't' }]],
  ['Distance [km]', 'distance', [{ type: 'unit_conversion', unit: 'km' }]],
  ['Carrier', 'carrier_name'],
] as const;

const TEMPLATE = 'mutation($id: ID!) { calendarTaskTemplate(calendarTaskId: $id) { url fileName expiresAt } }';

const validatedCustomerFile = async (gql: Gql) => {
  const ids = await uploadCsv(server, gql, 'voyages-2025.csv', CUSTOMER_CSV);
  await waitFor(
    async () =>
      dataOf(await gql<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: ids.fileId })).file.status,
    (status) => status === 'processed' || status === 'failed',
    'customer file read',
  );
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', {
      input: { fileId: ids.fileId, category: 'vessel_fuel_consumption' },
    }),
  );
  for (const [sourceColumn, targetField, transformations] of [
    ['IMO number', 'imo_number'],
    ['Vessel', 'vessel_name'],
    ['Fuel mass', 'fuel_mass', [{ type: 'unit_conversion', unit: 't' }]],
    ['Period start', 'period_start'],
    ['Period end', 'period_end'],
  ] as const)
    dataOf(
      await gql('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', {
        input: { fileId: ids.fileId, sourceColumn, targetField, ...(transformations ? { transformations } : {}) },
      }),
    );
  dataOf(await gql('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId: ids.fileId }));
  await waitFor(
    async () =>
      dataOf(
        await gql<{ fileValidation: { status: string } }>('query($id: ID!) { fileValidation(fileId: $id) { status } }', { id: ids.fileId }),
      ).fileValidation.status,
    (status) => status === 'validated' || status === 'failed',
    'customer file validated',
    120_000,
  );
  return ids;
};

const download = async (party: Party, taskId: string) => {
  const link = dataOf(
    await gqlOf(party)<{ calendarTaskTemplate: { url: string; fileName: string; expiresAt: string } }>(TEMPLATE, { id: taskId }),
  ).calendarTaskTemplate;
  const url = new URL(link.url);
  const response = await fetch(`${server.url}${url.pathname}`);
  const workbook = new ExcelJS.Workbook();
  if (response.status === 200) await workbook.xlsx.load(await response.arrayBuffer());
  return { link, response, workbook };
};

const cellValue = (value: ExcelJS.CellValue) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
const sheetRows = (sheet: ExcelJS.Worksheet | undefined) => {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellValue));
  });
  return rows;
};

describe('the prefilled template of a request', () => {
  it('holds one row per row of the customer’s file the request concerns, with the identifying values and the period', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: 'Baltic Ro-Ro',
      supplier: 'Øresund Ship Management',
    });
    const c = gqlOf(customer);
    const file = await validatedCustomerFile(c);
    const calendar = await createCalendar(c);
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fuel Q1 2025',
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2025-Q1',
      requestUploadId: file.fileUploadId,
    });
    // The rows the supplier matching recorded for this supplier (rows 1 and 3 of the file), as completeFileUpload leaves them.
    const [validation] = await server.database.db.select().from(fileValidations).where(eq(fileValidations.fileId, file.fileId));
    await server.database.db.insert(uploadSupplierData).values({
      organizationId: customer.organizationId,
      fileUploadId: file.fileUploadId,
      fileId: file.fileId,
      generation: validation?.entriesGeneration ?? 0,
      supplierName: 'Øresund Ship Management',
      normalizedName: 'oresund ship management',
      supplierOrgId: supplier.organizationId,
      matchStatus: 'match',
      isConfirmed: true,
      itemCount: 2,
      rowIndices: [0, 2],
      calendarTaskId: task.id,
      uploadPurpose: 'vessel_fuel_consumption',
      uploadSecondaryPurpose: '2025-Q1',
    });
    expect((await readTask(c, task.id)).itemCount).toBe(2);

    const { link, response, workbook } = await download(supplier, task.id);
    expect(link.fileName).toBe('Fuel-Q1-2025-template.xlsx');
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="Fuel-Q1-2025-template.xlsx"');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Data', 'Fields', 'Request', 'Lists']);
    const [header, ...rows] = sheetRows(workbook.getWorksheet('Data'));
    const column = (label: string) => (header ?? []).indexOf(label);
    expect(header).toEqual(
      expect.arrayContaining(['IMO number *', 'Vessel name', 'Fuel consumed [t] *', 'Period start', 'Period end', 'Reporting year']),
    );
    const pick = (row: unknown[]) => ({
      imo: row[column('IMO number *')],
      vessel: row[column('Vessel name')],
      fuel: row[column('Fuel consumed [t] *')] ?? null,
      start: row[column('Period start')],
      end: row[column('Period end')],
      year: row[column('Reporting year')],
    });
    // The customer's values identify the rows; its measurements are not handed on; the period fills what is empty.
    expect(rows.map(pick)).toEqual([
      { imo: '9321483', vessel: 'Nordlys', fuel: null, start: '2025-01-01', end: '2025-01-31', year: 2025 },
      { imo: '9395044', vessel: "'=Ærø Express", fuel: null, start: '2025-02-01', end: '2025-02-28', year: 2025 },
    ]);
    expect(sheetRows(workbook.getWorksheet('Request'))).toEqual(
      expect.arrayContaining([
        ['Request', 'Fuel Q1 2025'],
        ['Asked by', 'Baltic Ro-Ro'],
        ['Reporting period', '2025-Q1'],
        ['Rows prefilled', '2'],
      ]),
    );

    // The customer can download it too; another organization cannot ask for it, and a forged link is refused.
    expect((await download(customer, task.id)).response.status).toBe(200);
    const stranger = await newCustomer(server, mailbox, 'Nosy Shipping');
    expect(refusalOf(await gqlOf(stranger)(TEMPLATE, { id: task.id })).code).toBe('NOT_FOUND');
    // A changed character at the start of the signature (the last one may only carry padding bits).
    const path = new URL(link.url).pathname;
    const signatureAt = path.lastIndexOf('.') + 1;
    const forged = `${path.slice(0, signatureAt)}${path[signatureAt] === 'A' ? 'B' : 'A'}${path.slice(signatureAt + 1)}`;
    const refused = await fetch(`${server.url}${forged}`);
    expect([refused.status, await refused.text()]).toEqual([403, 'This link is not valid.']);
  });

  it('prefills the rows of a request sent by completing the customer’s file, as the supplier matching recorded them', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: 'Kiel Feeder Lines',
      supplier: 'Øresund Ship Management',
    });
    const c = gqlOf(customer);
    const legs = await uploadCsv(server, c, 'legs-q1.csv', LEGS_CSV);
    await waitFor(
      async () =>
        dataOf(await c<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: legs.fileId })).file.status,
      (status) => status === 'processed' || status === 'failed',
      'legs read',
    );
    dataOf(
      await c('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', {
        input: { fileId: legs.fileId, category: 'transport_legs' },
      }),
    );
    for (const [sourceColumn, targetField, transformations] of LEGS_MAPPINGS)
      dataOf(
        await c('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', {
          input: { fileId: legs.fileId, sourceColumn, targetField, ...(transformations ? { transformations } : {}) },
        }),
      );
    dataOf(await c('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId: legs.fileId }));
    // The supplier matching runs after the validation; the customer's own supplier is matched by name.
    const rows = await waitFor(
      async () =>
        dataOf(
          await c<{ uploadSupplierData: { supplierName: string; matchStatus: string; rowIndices: number[] }[] }>(
            'query($id: ID!) { uploadSupplierData(fileUploadId: $id) { supplierName matchStatus rowIndices } }',
            { id: legs.fileUploadId },
          ),
        ).uploadSupplierData,
      (found) => found.length === 2,
      'supplier matching',
      120_000,
    );
    expect(rows.find((r) => r.supplierName === 'Øresund Ship Management')).toMatchObject({ matchStatus: 'match', rowIndices: [0, 2] });
    const completed = dataOf(
      await c<{ completeFileUpload: { requests: { id: string; itemCount: number; supplierOrganization: { id: string } }[] } }>(
        `mutation($input: CompleteFileUploadInput!) { completeFileUpload(input: $input) { requests { id itemCount supplierOrganization { id } } } }`,
        {
          input: {
            fileUploadId: legs.fileUploadId,
            supplierEmails: [],
            request: {
              deadline: inDays(30),
              requiredUploadPurpose: 'transport_legs',
              requiredUploadSecondaryPurpose: '2025-Q1',
              title: 'Legs Q1 2025',
            },
          },
        },
      ),
    ).completeFileUpload;
    expect(completed.requests).toHaveLength(1);
    const [request] = completed.requests;
    expect(request).toMatchObject({ itemCount: 2, supplierOrganization: { id: supplier.organizationId } });

    const { response, workbook } = await download(supplier, request?.id ?? '');
    expect(response.status).toBe(200);
    const [header, ...data] = sheetRows(workbook.getWorksheet('Data'));
    const at = (row: unknown[], label: string) => row[(header ?? []).indexOf(label)] ?? null;
    expect(
      data.map((row) => ({
        shipment: at(row, 'Shipment'),
        leg: at(row, 'Leg'),
        date: at(row, 'Date'),
        mode: at(row, 'Transport mode *'),
        origin: at(row, 'Origin *'),
        destination: at(row, 'Destination *'),
        mass: at(row, 'Mass transported [t] *'),
        distance: at(row, 'Distance [km] *'),
      })),
    ).toEqual([
      {
        shipment: 'S-1',
        leg: '1',
        date: '2025-01-10',
        mode: 'Sea',
        origin: 'Aarhus',
        destination: 'Gothenburg',
        mass: null,
        distance: null,
      },
      {
        shipment: 'S-2',
        leg: '1',
        date: '2025-02-02',
        mode: 'Sea',
        origin: "'=Copenhagen",
        destination: 'Hamburg',
        mass: null,
        distance: null,
      },
    ]);
  });

  it('is the plain template with the period filled when the customer knows no rows, and there is none for a request without a category', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, { customer: 'Fjord Freight', supplier: 'Vestkyst Tankers' });
    const c = gqlOf(customer);
    const calendar = await createCalendar(c);
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fuel 2024',
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2024',
    });
    const { workbook } = await download(supplier, task.id);
    const [header, ...rows] = sheetRows(workbook.getWorksheet('Data'));
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect([
      row[(header ?? []).indexOf('Period start')],
      row[(header ?? []).indexOf('Period end')],
      row[(header ?? []).indexOf('Reporting year')],
    ]).toEqual(['2024-01-01', '2024-12-31', 2024]);
    expect(row.filter((v) => v !== null && v !== undefined)).toHaveLength(3);

    const plain = await createRequest(c, { calendarId: calendar.id, supplierOrganizationId: supplier.organizationId, title: 'Anything' });
    expect(refusalOf(await gqlOf(supplier)(TEMPLATE, { id: plain.id }))).toEqual({
      code: 'CONFLICT',
      message: 'This request names no required data, so it has no template. Any file the supplier uploads will do.',
      field: 'requiredUploadPurpose',
    });
  });
});
