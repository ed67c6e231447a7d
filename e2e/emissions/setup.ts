import { type APIRequestContext, expect } from '@playwright/test';
import { apiSignIn, DEMO, graphql } from '../identity/support.ts';

/**
 * The data behind the emissions browser test, set up through the GraphQL API as the two demo organisations would
 * (a data request, the supplier's answer uploaded, mapped, validated and submitted, the customer accepting it), so
 * the browser time goes to the screens under test.
 */

/** An IMO number with a valid check digit (the first six digits weighted 7..2, the sum's last digit). */
const imoNumber = (six: string) => `${six}${[...six].reduce((sum, digit, i) => sum + Number(digit) * (7 - i), 0) % 10}`;

/** Six random digits starting with 9, so each attempt has ships of its own (a retry reuses the server). */
const randomImo = () => imoNumber(`9${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`);

export type FleetFile = { fileName: string; tern: string; wren: string; csv: string };

/**
 * The supplier's fuel file for 2025: Baltic Tern, a 60,000 DWT bulk carrier, burns HFO in two periods; Baltic Wren,
 * a smaller bulk carrier, MGO in one. No charter type: the customer buys the voyages as a transport service, category 4.
 */
export const fleetFile = (stamp: string): FleetFile => {
  const tern = randomImo();
  let wren = randomImo();
  while (wren === tern) wren = randomImo();
  const csv = [
    'IMO,Vessel,Ship type,Deadweight,Fuel type,Fuel mass,Distance sailed,Cargo,Period start,Period end',
    `${tern},Baltic Tern,Bulk carrier,60000,HFO,100,1100,55000,2025-01-06,2025-01-14`,
    `${tern},Baltic Tern,Bulk carrier,60000,HFO,120,1380,52000,2025-02-03,2025-02-12`,
    `${wren},Baltic Wren,Bulk carrier,35000,MGO,20,500,30000,2025-02-17,2025-02-20`,
  ].join('\n');
  return { fileName: `baltic-fleet-fuel-${stamp}.csv`, tern, wren, csv };
};

/**
 * The demo supplier learns every mapping it makes, and the entries browser test, which runs later on the same server,
 * expects "IMO No." and "Distance (nm)" to arrive unmapped: these headers normalise differently from those.
 */
const MAPPINGS = [
  { sourceColumn: 'IMO', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Ship type', targetField: 'ship_type' },
  { sourceColumn: 'Deadweight', targetField: 'deadweight', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Fuel type', targetField: 'fuel_type' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Distance sailed', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'nm' }] },
  { sourceColumn: 'Cargo', targetField: 'cargo_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

const DAY = 24 * 60 * 60 * 1000;

/** Polls a read until it answers what `done` wants. */
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, message: string, timeout: number) => {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return done(last);
      },
      { message, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return last as T;
};

/** The supplier's answer: a batch for the request, the CSV through the signed PUT, completed. Answers the file id. */
const uploadAnswer = async (request: APIRequestContext, token: string, taskId: string, file: FleetFile) => {
  const { createFileUpload } = await graphql<{ createFileUpload: { id: string } }>(
    request,
    'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }',
    { input: { name: `Fleet fuel 2025 ${file.fileName}`, calendarTaskId: taskId } },
    token,
  );
  const bytes = Buffer.from(file.csv);
  const { generateUploadUrl } = await graphql<{
    generateUploadUrl: { fileId: string; uploadUrl: string; headers: { name: string; value: string }[] };
  }>(
    request,
    'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl headers { name value } } }',
    { input: { fileUploadId: createFileUpload.id, fileName: file.fileName, mimeType: 'text/csv', size: bytes.length } },
    token,
  );
  const target = new URL(generateUploadUrl.uploadUrl);
  const put = await request.put(`${target.pathname}${target.search}`, {
    headers: Object.fromEntries(generateUploadUrl.headers.map((h) => [h.name, h.value])),
    data: bytes,
  });
  expect(put.status()).toBe(200);
  await graphql(request, 'mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId: generateUploadUrl.fileId }, token);
  return generateUploadUrl.fileId;
};

/**
 * From the customer's request to its accepted answer and the run that computes it: answers when the customer's
 * results hold the file's three entries.
 */
export const acceptedFleetAnswer = async (request: APIRequestContext, file: FleetFile) => {
  const customer = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  const supplier = await apiSignIn(request, DEMO.supplier.email, DEMO.supplier.password);
  const { viewer } = await graphql<{ viewer: { organizationId: string } }>(request, 'query { viewer { organizationId } }', {}, supplier);

  // The EU MRV reference (2018-2021) loads in a job when the server starts: wait for it before anything is computed,
  // so the ships are placed among their peers of 2021, the latest year it holds.
  await until(
    async () =>
      (
        await graphql<{ mrvReferenceStatus: { years: { year: number; ships: number }[] } }>(
          request,
          'query { mrvReferenceStatus { years { year ships } } }',
          {},
          customer,
        )
      ).mrvReferenceStatus.years,
    (years) => [2018, 2019, 2020, 2021].every((year) => years.some((y) => y.year === year && y.ships > 0)),
    'the EU MRV reference is loaded',
    240_000,
  );
  const deadline = new Date(Date.now() + 30 * DAY).toISOString();
  const { createCalendar } = await graphql<{ createCalendar: { id: string } }>(
    request,
    'mutation($deadline: DateTime!) { createCalendar(deadline: $deadline) { id } }',
    { deadline },
    customer,
  );
  const { createCalendarTask: task } = await graphql<{ createCalendarTask: { id: string } }>(
    request,
    'mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { id } }',
    {
      input: {
        taskType: 'data_request',
        calendarId: createCalendar.id,
        supplierOrganizationId: viewer.organizationId,
        title: `Fleet fuel 2025 (${file.fileName})`,
        requiredUploadPurpose: 'vessel_fuel_consumption',
        requiredUploadSecondaryPurpose: '2025',
      },
    },
    customer,
  );

  const fileId = await uploadAnswer(request, supplier, task.id, file);
  await until(
    async () =>
      (await graphql<{ file: { status: string } }>(request, 'query($id: ID!) { file(id: $id) { status } }', { id: fileId }, supplier)).file
        .status,
    (status) => status === 'processed' || status === 'failed',
    'the answer file is read',
    60_000,
  );
  for (const mapping of MAPPINGS) {
    await graphql(
      request,
      'mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }',
      { input: { fileId, ...mapping } },
      supplier,
    );
  }
  await graphql(request, 'mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId }, supplier);
  const validation = await until(
    async () =>
      (
        await graphql<{ fileValidation: { status: string; validRows: number } }>(
          request,
          'query($fileId: ID!) { fileValidation(fileId: $fileId) { status validRows } }',
          { fileId },
          supplier,
        )
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    'the answer is validated',
    60_000,
  );
  expect(validation).toEqual({ status: 'validated', validRows: 3 });

  const UPDATE = 'mutation($input: UpdateCalendarTaskInput!) { updateCalendarTask(input: $input) { status } }';
  await graphql(request, UPDATE, { input: { id: task.id, status: 'submitted' } }, supplier);
  await graphql(request, UPDATE, { input: { id: task.id, status: 'accepted' } }, customer);

  // The acceptance queues the customer's recompute; its results name the file once the run completed.
  await until(
    async () =>
      (
        await graphql<{ emissionResults: { pageInfo: { totalCount: number } } }>(
          request,
          'query($filter: EmissionResultFilterInput!) { emissionResults(filter: $filter) { pageInfo { totalCount } } }',
          { filter: { periodStart: '2025-01-01', periodEnd: '2025-12-31', fileId } },
          customer,
        )
      ).emissionResults.pageInfo.totalCount,
    (count) => count === 3,
    'the customer’s run computes the answer',
    120_000,
  );
  return { fileId, supplierOrganizationId: viewer.organizationId };
};
