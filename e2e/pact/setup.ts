import { type APIRequestContext, expect } from '@playwright/test';
import { graphql } from '../identity/support.ts';

/**
 * The data behind the PACT exchange browser test, set up through the GraphQL API as the demo customer would: its own
 * fleet's fuel file uploaded, put in its category, mapped and validated, so the browser time goes to the PACT screens.
 */

/** An IMO number with a valid check digit (the first six digits weighted 7..2, the sum's last digit). */
const imoNumber = (six: string) => `${six}${[...six].reduce((sum, digit, i) => sum + Number(digit) * (7 - i), 0) % 10}`;

/** Six random digits starting with 8, so each attempt has ships of its own (a retry reuses the server). */
const randomImo = () => imoNumber(`8${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`);

/** The year of the own fleet: the emissions browser test asserts Nordwind's 2025 report, so these ships sail in 2024. */
export const FLEET_YEAR = 2024;

export type OwnFleetFile = { fileName: string; skarv: string; lomvi: string; csv: string };

/**
 * Nordwind's own container ships in 2024, in a file without a supplier, on bareboat charter (ships it runs itself, so
 * each entry is tank-to-wake under scope 1/2 and well-to-tank under category 3): Skarv sails twice (HFO, then MGO),
 * Lomvi once (HFO). Every row is a voyage with its cargo and distance, so each has transport work.
 */
export const ownFleetFile = (stamp: string): OwnFleetFile => {
  const skarv = randomImo();
  let lomvi = randomImo();
  while (lomvi === skarv) lomvi = randomImo();
  const csv = [
    'Hull IMO,Ship,Type of ship,DWT (t),Operated as,Bunker grade,Bunker burnt (t),Miles run,Cargo carried (t),Voyage start,Voyage end',
    `${skarv},Skarv,Container ship,30000,Bareboat,HFO,80,1000,20000,2024-03-04,2024-03-09`,
    `${skarv},Skarv,Container ship,30000,Bareboat,MGO,10,250,8000,2024-04-15,2024-04-17`,
    `${lomvi},Lomvi,Container ship,25000,Bareboat,HFO,60,800,15000,2024-05-06,2024-05-10`,
  ].join('\n');
  return { fileName: `nordwind-own-fleet-${stamp}.csv`, skarv, lomvi, csv };
};

/**
 * Headers that normalise unlike those of the other browser tests' files (the demo organisations learn the mappings
 * they make, and later tests expect their own headers to arrive unmapped).
 */
const MAPPINGS = [
  { sourceColumn: 'Hull IMO', targetField: 'imo_number' },
  { sourceColumn: 'Ship', targetField: 'vessel_name' },
  { sourceColumn: 'Type of ship', targetField: 'ship_type' },
  { sourceColumn: 'DWT (t)', targetField: 'deadweight', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Operated as', targetField: 'charter_type' },
  { sourceColumn: 'Bunker grade', targetField: 'fuel_type' },
  { sourceColumn: 'Bunker burnt (t)', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Miles run', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'nm' }] },
  { sourceColumn: 'Cargo carried (t)', targetField: 'cargo_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Voyage start', targetField: 'period_start' },
  { sourceColumn: 'Voyage end', targetField: 'period_end' },
];

/** Polls a read until it answers what `done` wants; answers the last value read. */
export const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, message: string, timeout = 60_000) => {
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

/** How many of the organisation's results of a year come from a file (the current run's). */
export const resultsOfFile = async (request: APIRequestContext, token: string, fileId: string, year: number) =>
  (
    await graphql<{ emissionResults: { pageInfo: { totalCount: number } } }>(
      request,
      'query($filter: EmissionResultFilterInput!) { emissionResults(filter: $filter) { pageInfo { totalCount } } }',
      { filter: { periodStart: `${year}-01-01`, periodEnd: `${year}-12-31`, fileId } },
      token,
    )
  ).emissionResults.pageInfo.totalCount;

/** Waits until the newest emission run has completed and is the one the report reads (emissionSettings.currentRun). */
export const currentRunSettled = (request: APIRequestContext, token: string) =>
  until(
    async () =>
      (
        await graphql<{ emissionSettings: { currentRun: { id: string } | null; latestRun: { id: string; status: string } | null } }>(
          request,
          '{ emissionSettings { currentRun { id } latestRun { id status } } }',
          {},
          token,
        )
      ).emissionSettings,
    (s) => s.latestRun?.status === 'completed' && s.currentRun?.id === s.latestRun.id,
    'the newest emission run is the current one',
    120_000,
  );

/**
 * The organisation's own fleet file the whole way: a batch with the CSV through the signed PUT, read, put in the vessel
 * fuel category, mapped and validated; answers when the current run holds its three entries.
 */
export const validatedOwnFleet = async (request: APIRequestContext, token: string, file: OwnFleetFile) => {
  const { createFileUpload } = await graphql<{ createFileUpload: { id: string } }>(
    request,
    'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }',
    { input: { name: `Own fleet ${FLEET_YEAR} ${file.fileName}` } },
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
  const fileId = generateUploadUrl.fileId;
  await graphql(request, 'mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId }, token);
  const status = await until(
    async () =>
      (await graphql<{ file: { status: string } }>(request, 'query($id: ID!) { file(id: $id) { status } }', { id: fileId }, token)).file
        .status,
    (s) => s === 'processed' || s === 'failed',
    'the own fleet file is read',
  );
  expect(status).toBe('processed');
  await graphql(
    request,
    'mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }',
    { input: { fileId, category: 'vessel_fuel_consumption' } },
    token,
  );
  for (const mapping of MAPPINGS) {
    await graphql(
      request,
      'mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }',
      { input: { fileId, ...mapping } },
      token,
    );
  }
  await graphql(request, 'mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId }, token);
  const validation = await until(
    async () =>
      (
        await graphql<{ fileValidation: { status: string; validRows: number } }>(
          request,
          'query($fileId: ID!) { fileValidation(fileId: $fileId) { status validRows } }',
          { fileId },
          token,
        )
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    'the own fleet file is validated',
  );
  expect(validation).toEqual({ status: 'validated', validRows: 3 });
  await until(
    () => resultsOfFile(request, token, fileId, FLEET_YEAR),
    (n) => n > 0,
    'the run computes the own fleet',
    120_000,
  );
  await currentRunSettled(request, token);
  return fileId;
};

type ConnectionState = {
  id: string;
  name: string;
  status: string;
  footprintCount: number;
  supplier: { name: string } | null;
  entriesFile: { id: string } | null;
};

export const connections = async (request: APIRequestContext, token: string) =>
  (
    await graphql<{ pactConnections: ConnectionState[] }>(
      request,
      '{ pactConnections { id name status footprintCount supplier { name } entriesFile { id } } }',
      {},
      token,
    )
  ).pactConnections;

/** One connection per supplier: a retry on the same server first deletes the one an earlier attempt made. */
export const deleteConnectionsOf = async (request: APIRequestContext, token: string, supplierName: string) => {
  for (const connection of (await connections(request, token)).filter((c) => c.supplier?.name === supplierName)) {
    await graphql(request, 'mutation($id: ID!) { deletePactConnection(id: $id) }', { id: connection.id }, token);
  }
};

/** How many footprints the organisation's host serves (every version). */
export const publishedCount = async (request: APIRequestContext, token: string) =>
  (
    await graphql<{ pactFootprints: { pageInfo: { totalCount: number } } }>(
      request,
      '{ pactFootprints { pageInfo { totalCount } } }',
      {},
      token,
    )
  ).pactFootprints.pageInfo.totalCount;

/**
 * After a quantity was saved: the connection's entries file is made, validated, and the run that follows holds its
 * entry. Answers the file's id.
 */
export const entriesComputed = async (request: APIRequestContext, token: string, connectionName: string, year: number) => {
  const connection = await until(
    async () => (await connections(request, token)).find((c) => c.name === connectionName),
    (c) => Boolean(c?.entriesFile),
    'the connection has its entries file',
  );
  const fileId = connection?.entriesFile?.id as string;
  const validation = await until(
    async () =>
      (
        await graphql<{ fileValidation: { status: string; validRows: number } }>(
          request,
          'query($fileId: ID!) { fileValidation(fileId: $fileId) { status validRows } }',
          { fileId },
          token,
        )
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    'the entries file is validated',
  );
  expect(validation).toEqual({ status: 'validated', validRows: 1 });
  await until(
    () => resultsOfFile(request, token, fileId, year),
    (n) => n === 1,
    'the run computes the received footprint',
    120_000,
  );
  await currentRunSettled(request, token);
  return fileId;
};

/** Credential names are unique among active ones: a retry first revokes those an earlier attempt issued. */
export const revokeClientsNamed = async (request: APIRequestContext, token: string, name: string) => {
  const { pactClients } = await graphql<{ pactClients: { id: string; name: string; revokedAt: string | null }[] }>(
    request,
    '{ pactClients { id name revokedAt } }',
    {},
    token,
  );
  for (const client of pactClients.filter((c) => c.name === name && !c.revokedAt)) {
    await graphql(request, 'mutation($id: ID!) { revokePactClient(id: $id) { id } }', { id: client.id }, token);
  }
};
