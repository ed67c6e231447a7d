import { expect } from 'vitest';
import { uniqueEmail } from '../../test/auth-test-kit.ts';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';
import type { Admin } from '../../test/organization-test-kit.ts';

/**
 * For the supplier-matching tests: a customer's suppliers invited, a supplier list uploaded, mapped and validated
 * through the public operations as the web app does it, and the batch's matching read back once it settled.
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

/** A batch with one CSV uploaded through the signed PUT, read, categorised, mapped and validated; answers the ids and the validation. */
export const validatedCsv = async (
  server: TestServer,
  gql: Gql,
  name: string,
  csv: string,
  category: string,
  mappings: { sourceColumn: string; targetField: string }[],
) => {
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
  const fileId = url.fileId;
  dataOf(await gql('mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId }));
  const status = await waitFor(
    async () => dataOf(await gql<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: fileId })).file.status,
    (s) => s === 'processed' || s === 'failed',
    `file ${fileId}`,
  );
  expect(status).toBe('processed');
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', { input: { fileId, category } }),
  );
  for (const mapping of mappings)
    dataOf(
      await gql('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', { input: { fileId, ...mapping } }),
    );
  dataOf(await gql('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId }));
  const validation = await waitFor(
    async () =>
      dataOf(
        await gql<{ fileValidation: { status: string } }>('query($fileId: ID!) { fileValidation(fileId: $fileId) { status } }', { fileId }),
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${fileId}`,
    120_000,
  );
  return { fileId, fileUploadId: batch.id, validation };
};

/** The ids of a file's data entries by row index (first 100). */
export const entryIdsByRow = async (gql: Gql, fileId: string) => {
  const { dataEntries } = dataOf(
    await gql<{ dataEntries: { data: { id: string; rowIndex: number }[] } }>(
      'query($filter: DataEntryFilterInput, $pagination: PaginationInput) { dataEntries(filter: $filter, pagination: $pagination) { data { id rowIndex } } }',
      { filter: { fileId }, pagination: { page: 1, pageSize: 100 } },
    ),
  );
  return new Map(dataEntries.data.map((entry) => [entry.rowIndex, entry.id]));
};

export const SUPPLIER_DATA_FIELDS = `id supplierName supplierOrgId supplierOrganization { id name } matchStatus matchScore matchReason
  possibleMatches { organization { id name } score reason } isConfirmed contactEmail itemCount rowIndices dataEntryIds
  fileId fileName uploadId responseUploadId calendarTaskId uploadPurpose uploadSecondaryPurpose`;

export type SupplierDataView = {
  id: string;
  supplierName: string;
  supplierOrgId: string | null;
  supplierOrganization: { id: string; name: string } | null;
  matchStatus: 'match' | 'semiMatch' | 'notMatch';
  matchScore: number | null;
  matchReason: string | null;
  possibleMatches: { organization: { id: string; name: string }; score: number; reason: string }[];
  isConfirmed: boolean;
  contactEmail: string | null;
  itemCount: number;
  rowIndices: number[];
  dataEntryIds: string[];
  fileId: string;
  fileName: string;
  uploadId: string | null;
  responseUploadId: string | null;
  calendarTaskId: string | null;
  uploadPurpose: string | null;
  uploadSecondaryPurpose: string | null;
};

export const UPLOAD_SUPPLIER_DATA = `query($id: ID!) { uploadSupplierData(fileUploadId: $id) { ${SUPPLIER_DATA_FIELDS} } }`;
export const BY_TASK = `query($id: ID!) { uploadSupplierDataByTask(calendarTaskId: $id) { ${SUPPLIER_DATA_FIELDS} } }`;
export const CONFIRM = `mutation($input: ConfirmSupplierMatchInput!) { confirmSupplierMatch(input: $input) { ${SUPPLIER_DATA_FIELDS} } }`;
export const SET_CONTACT = `mutation($input: SetUploadSupplierContactInput!) { setUploadSupplierContact(input: $input) { ${SUPPLIER_DATA_FIELDS} } }`;

export const MATCHING = `query($id: ID!) { fileUploadValidation(fileUploadId: $id) {
  status totalRowCount supplierMatchingStatus totalSuppliers
  matchCount semiMatchCount notMatchCount matchRowCount semiMatchRowCount notMatchRowCount
  supplierValidations { uploadSupplierDataId fileName supplierName status rowCount isConfirmed
    matchedOrganization { id name } possibleMatches { organization { id name } score reason } }
} }`;

export type MatchingView = {
  status: string;
  totalRowCount: number;
  supplierMatchingStatus: string;
  totalSuppliers: number;
  matchCount: number;
  semiMatchCount: number;
  notMatchCount: number;
  matchRowCount: number;
  semiMatchRowCount: number;
  notMatchRowCount: number;
  supplierValidations: {
    uploadSupplierDataId: string;
    fileName: string;
    supplierName: string;
    status: string;
    rowCount: number;
    isConfirmed: boolean;
    matchedOrganization: { id: string; name: string } | null;
    possibleMatches: { organization: { id: string; name: string }; score: number; reason: string }[];
  }[];
};

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) { relationship { supplierOrganization { id name } } }
}`;

/** Invites a supplier by name as a customer does; answers the new organization. */
export const inviteSupplier = async (customer: Admin, organizationName: string, email = uniqueEmail('supplier')) => {
  const result = await gqlOf(customer)<{ inviteSupplier: { relationship: { supplierOrganization: { id: string; name: string } } } }>(
    INVITE,
    { input: { organizationName, email, firstName: 'Sven', lastName: 'Dahl' } },
  );
  return { ...dataOf(result).inviteSupplier.relationship.supplierOrganization, email };
};

/** A supplier list of one column, one supplier name per row. */
export const supplierListCsv = (names: readonly string[]) => `${['Supplier name', ...names.map((n) => `"${n}"`)].join('\n')}\n`;

export const readMatching = async (gql: Gql, fileUploadId: string) =>
  dataOf(await gql<{ fileUploadValidation: MatchingView }>(MATCHING, { id: fileUploadId })).fileUploadValidation;

/** Waits until the batch's supplier matching settled (completed, failed or none). */
export const waitForMatching = (gql: Gql, fileUploadId: string) =>
  waitFor(
    () => readMatching(gql, fileUploadId),
    (v) => ['completed', 'failed', 'none'].includes(v.supplierMatchingStatus),
    `supplier matching of ${fileUploadId}`,
  );

/** A supplier list uploaded, mapped and validated by the customer, then matched. Rows are names, or names with a registration number. */
export const matchedSupplierList = async (
  server: TestServer,
  customer: Admin,
  fileName: string,
  names: readonly (string | { name: string; registrationNumber: string })[],
) => {
  const gql = gqlOf(customer);
  const withNumbers = names.some((n) => typeof n !== 'string');
  const csv = withNumbers
    ? `${['Supplier name,Registration number', ...names.map((n) => (typeof n === 'string' ? `"${n}",` : `"${n.name}","${n.registrationNumber}"`))].join('\n')}\n`
    : supplierListCsv(names as string[]);
  const file = await validatedCsv(server, gql, fileName, csv, 'supplier_list', [
    { sourceColumn: 'Supplier name', targetField: 'supplier_name' },
    ...(withNumbers ? [{ sourceColumn: 'Registration number', targetField: 'registration_number' }] : []),
  ]);
  expect(file.validation.status).toBe('validated');
  const matching = await waitForMatching(gql, file.fileUploadId);
  const rows = dataOf(
    await gql<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId }),
  ).uploadSupplierData;
  const named = (name: string) => {
    const row = rows.find((r) => r.supplierName === name);
    if (!row) throw new Error(`no supplier row named ${name}: ${rows.map((r) => r.supplierName).join(', ')}`);
    return row;
  };
  return { ...file, matching, rows, named };
};

/** A subscription held as a browser holds it (one streaming POST accepting text/event-stream); its results as they arrive. */
export const holdSubscription = async <T>(server: TestServer, query: string, variables: Record<string, unknown>, token: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const results: GraphQLResult<T>[] = [];
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) results.push(JSON.parse(data) as GraphQLResult<T>);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    results,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};
