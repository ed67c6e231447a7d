import { expect } from 'vitest';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';
import type { Admin } from '../../test/organization-test-kit.ts';

/**
 * For the entries integration tests: a file uploaded and read as the web app does it (batch, signed PUT,
 * completeUpload), its category confirmed, columns mapped and mappings applied through the public operations.
 */

export type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>>;

export const gqlOf =
  (admin: Admin): Gql =>
  (query, variables) =>
    admin.client.gql(query, variables, admin.token);

export const dataOf = <T>(result: GraphQLResult<T>): T => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const VALIDATION_FIELDS = `fileId status isValid category errorCount warningCount mappedFields requiredFields missingRequiredFields
  totalRows emptyRows validRows invalidRows rowsValidated percent dataPointErrors dataPointWarnings dataPointSuccesses
  startedAt validatedAt failureReason
  errors { code message type field rowNumber value } warnings { code message type field rowNumber value }`;

export type IssueView = {
  code: string;
  message: string;
  type: string;
  field: string | null;
  rowNumber: number | null;
  value: string | null;
};

export type ValidationView = {
  fileId: string;
  status: string;
  isValid: boolean;
  category: string | null;
  errorCount: number;
  warningCount: number;
  mappedFields: string[];
  requiredFields: string[];
  missingRequiredFields: string[];
  totalRows: number;
  emptyRows: number;
  validRows: number;
  invalidRows: number;
  rowsValidated: number;
  percent: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
  startedAt: string | null;
  validatedAt: string | null;
  failureReason: string | null;
  errors: IssueView[];
  warnings: IssueView[];
};

export const FILE_VALIDATION = `query($fileId: ID!) { fileValidation(fileId: $fileId) { ${VALIDATION_FIELDS} } }`;
export const APPLY = `mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { ${VALIDATION_FIELDS} } }`;

export const ENTRY_FIELDS = `id category sourceReference entryDate isValid rowIndex rowNumber fileId uploadId fileUploadId organizationId
  supplierOrganizationId createdAt
  validationErrors { field error value code type }
  values { fieldName label stringValue numberValue booleanValue dateValue unit dataType isValid validationError }`;

export type EntryView = {
  id: string;
  category: string;
  sourceReference: string;
  entryDate: string | null;
  isValid: boolean;
  rowIndex: number;
  rowNumber: number;
  fileId: string;
  fileUploadId: string | null;
  organizationId: string;
  validationErrors: { field: string | null; error: string; value: string | null; code: string; type: string }[];
  values: {
    fieldName: string;
    label: string;
    stringValue: string | null;
    numberValue: number | null;
    booleanValue: boolean | null;
    dateValue: string | null;
    unit: string | null;
    dataType: string;
    isValid: boolean;
    validationError: string | null;
  }[];
  rawData?: Record<string, unknown>;
};

export type EntryPage = {
  data: EntryView[];
  pageInfo: { totalCount: number; totalPages: number; currentPage: number; hasNextPage: boolean };
};

export const DATA_ENTRIES = `query($filter: DataEntryFilterInput, $order: DataEntryOrderInput, $pagination: PaginationInput) {
  dataEntries(filter: $filter, order: $order, pagination: $pagination) { data { ${ENTRY_FIELDS} } pageInfo { totalCount totalPages currentPage hasNextPage } }
}`;

/** A batch with one CSV uploaded through the signed PUT and completed; answers the ids. */
export const uploadCsv = async (server: TestServer, gql: Gql, name: string, csv: string) => {
  const bytes = Buffer.from(csv);
  const batch = dataOf(
    await gql<{ createFileUpload: { id: string } }>('mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }', {
      input: { name: `Batch of ${name}` },
    }),
  ).createFileUpload;
  const url = dataOf(
    await gql<{ generateUploadUrl: { fileId: string; uploadUrl: string; headers: { name: string; value: string }[] } }>(
      'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl headers { name value } } }',
      { input: { fileUploadId: batch.id, fileName: name, mimeType: 'text/csv', size: bytes.length } },
    ),
  ).generateUploadUrl;
  const target = new URL(url.uploadUrl);
  const put = await fetch(`${server.url}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: Object.fromEntries(url.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  dataOf(await gql('mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId: url.fileId }));
  return { fileId: url.fileId, fileUploadId: batch.id };
};

/** Polls until `done` holds for what `read` answers; the deadline only turns a hang into a readable failure. */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(50);
  }
};

export const waitForProcessed = (gql: Gql, fileId: string) =>
  waitFor(
    async () => dataOf(await gql<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: fileId })).file.status,
    (status) => status === 'processed' || status === 'failed',
    `file ${fileId}`,
  );

export const fileValidation = async (gql: Gql, fileId: string) =>
  dataOf(await gql<{ fileValidation: ValidationView }>(FILE_VALIDATION, { fileId })).fileValidation;

/** Waits for the run to settle (validated or failed) and answers the validation. */
export const waitForValidation = (gql: Gql, fileId: string, timeoutMs = 120_000) =>
  waitFor(
    () => fileValidation(gql, fileId),
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${fileId}`,
    timeoutMs,
  );

export const setCategory = async (gql: Gql, fileId: string, category: string) =>
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', { input: { fileId, category } }),
  );

export type MappingInput = { sourceColumn: string; targetField: string; transformations?: Record<string, unknown>[] };

export const mapColumn = async (gql: Gql, fileId: string, mapping: MappingInput) =>
  dataOf(
    await gql<{ createFileMapping: { id: string } }>(
      'mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }',
      {
        input: { fileId, ...mapping },
      },
    ),
  ).createFileMapping;

export const dataEntries = async (gql: Gql, variables: Record<string, unknown>) =>
  dataOf(await gql<{ dataEntries: EntryPage }>(DATA_ENTRIES, variables)).dataEntries;

/** A file uploaded, read, categorised, mapped and validated: the whole flow up to stored entries. */
export const validatedFile = async (
  server: TestServer,
  gql: Gql,
  name: string,
  csv: string,
  mappings: MappingInput[],
  category = 'vessel_fuel_consumption',
) => {
  const ids = await uploadCsv(server, gql, name, csv);
  expect(await waitForProcessed(gql, ids.fileId)).toBe('processed');
  await setCategory(gql, ids.fileId, category);
  for (const mapping of mappings) await mapColumn(gql, ids.fileId, mapping);
  dataOf(await gql(APPLY, { fileId: ids.fileId }));
  return { ...ids, validation: await waitForValidation(gql, ids.fileId) };
};

/** Fuel mass of data row i (1-based) of fuelCsv, in the file's unit. */
export const fuelMassOf = (i: number) => 100 + (i % 500) + 0.25;

/** A clean vessel-fuel CSV of `rows` rows, easy to check: row i has fuelMassOf(i), its own IMO-shaped id and dates. */
export const fuelCsv = (rows: number, vesselName: (i: number) => string = (i) => `Vessel ${i % 50}`) => {
  const lines = ['IMO number,Vessel,Fuel type,Fuel mass,Period start,Period end'];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`9321483,${vesselName(i)},HFO,${fuelMassOf(i)},2024-01-${day},2024-02-${day}`);
  }
  return `${lines.join('\n')}\n`;
};

export const FUEL_MAPPINGS = (unit: string): MappingInput[] => [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

/** A subscription held as a browser holds it: one streaming POST accepting text/event-stream, read event by event. */
export const holdSubscription = async <T>(server: TestServer, query: string, variables: Record<string, unknown>, token: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const results: GraphQLResult<T>[] = [];
  let complete = false;
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (block.startsWith('event: complete')) complete = true;
          else if (data) results.push(JSON.parse(data) as GraphQLResult<T>);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      complete = true;
    }
  })();
  return {
    results,
    isComplete: () => complete,
    waitFor: (check: (results: GraphQLResult<T>[]) => boolean, what: string) =>
      waitFor(
        async () => results,
        (r) => check(r) || complete,
        what,
        60_000,
      ).then((r) => {
        if (!check(r)) throw new Error(`${what}: the stream ended with ${JSON.stringify(r)}`);
      }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};
