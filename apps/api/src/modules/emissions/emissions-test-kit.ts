import { emissionReportCells, emissionResults } from '@tidewise/db/schema/emissions';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clientFor, type Mailbox, uniqueEmail } from '../../test/auth-test-kit.ts';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';
import { type Admin, invitationToken, registerFromToken } from '../../test/organization-test-kit.ts';

/** For the emissions integration tests: the documents of the emissions API and waits on its runs. */

export type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>>;

export const dataOf = <T>(result: GraphQLResult<T>): T => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
};

/** The first error's code, message and field. */
export const refusalOf = (result: GraphQLResult<unknown>) => {
  const [error] = result.errors ?? [];
  if (!error) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return { code: error.extensions?.code, message: error.message, field: error.extensions?.field ?? null };
};

/** Polls until `done` holds for what `read` answers; the deadline only turns a hang into a readable failure. */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const RUN_FIELDS =
  'id status reason gwpSet libraryVersion entriesTotal entriesDone entriesComputed error createdAt startedAt finishedAt';

export type RunView = {
  id: string;
  status: string;
  reason: string;
  gwpSet: string;
  libraryVersion: string;
  entriesTotal: number;
  entriesDone: number;
  entriesComputed: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export const SETTINGS = `{ emissionSettings { gwpSet consolidationApproach currentRun { ${RUN_FIELDS} } latestRun { ${RUN_FIELDS} } } }`;
export type SettingsView = { gwpSet: string; consolidationApproach: string; currentRun: RunView | null; latestRun: RunView | null };

export const UPDATE_SETTINGS = `mutation($input: UpdateEmissionSettingsInput!) {
  updateEmissionSettings(input: $input) { gwpSet consolidationApproach latestRun { ${RUN_FIELDS} } }
}`;

export const FACTOR_FIELDS = `id key version kind regime fuel consumer activity value unit verification validFrom validTo builtIn evidence createdAt
  source { document section edition } supplier { id name }`;

export const CREATE_FACTOR = `mutation($input: CreateEmissionFactorInput!) { createEmissionFactor(input: $input) { ${FACTOR_FIELDS} } }`;
export const FACTOR = `query($key: String!, $version: Int) { emissionFactor(key: $key, version: $version) { ${FACTOR_FIELDS} } }`;
export const FACTORS = `query($filter: EmissionFactorFilterInput, $pagination: PaginationInput) {
  emissionFactors(filter: $filter, pagination: $pagination) { data { ${FACTOR_FIELDS} } pageInfo { totalCount totalPages currentPage } }
}`;
export const RUN = `query($id: ID!) { emissionRun(id: $id) { ${RUN_FIELDS} } }`;
export const RUNS = `query($pagination: PaginationInput) { emissionRuns(pagination: $pagination) { data { ${RUN_FIELDS} } pageInfo { totalCount } } }`;
export const RECOMPUTE = `mutation { recomputeEmissions { ${RUN_FIELDS} } }`;
export const RUN_UPDATED = `subscription { emissionRunUpdated { ${RUN_FIELDS} } }`;

export type FactorView = {
  id: string;
  key: string;
  version: number;
  kind: string;
  regime: string;
  fuel: string | null;
  consumer: string | null;
  activity: string | null;
  value: string;
  unit: string;
  verification: string;
  validFrom: string;
  validTo: string | null;
  builtIn: boolean;
  evidence: string | null;
  createdAt: string | null;
  source: { document: string; section: string; edition: string };
  supplier: { id: string; name: string } | null;
};

/** A complete own factor; tests override what they check. */
export const factorInput = (overrides: Record<string, unknown> = {}) => ({
  kind: 'cf',
  unit: 't CO2/t fuel',
  value: '3.2',
  fuel: 'HFO',
  document: 'Bunker analysis of the fleet',
  section: 'Table 1',
  edition: '2024-06',
  evidence: 'Laboratory report LR-2024-17',
  validFrom: '2020-01-01',
  ...overrides,
});

export const settingsOf = async (gql: Gql) => dataOf(await gql<{ emissionSettings: SettingsView }>(SETTINGS)).emissionSettings;

/** Waits until the organisation's newest run is another than `after` and has ended; answers it. */
export const waitForRunAfter = async (gql: Gql, after: string | null, timeoutMs = 90_000): Promise<RunView> => {
  const settings = await waitFor(
    () => settingsOf(gql),
    (s) => s.latestRun !== null && s.latestRun.id !== after && (s.latestRun.status === 'completed' || s.latestRun.status === 'failed'),
    'emission run',
    timeoutMs,
  );
  return settings.latestRun as RunView;
};

export type StoredResult = {
  rowIndex: number;
  part: number;
  scope3: string;
  note: string | null;
  supplierOrganizationId: string | null;
  month: string | null;
  method: string;
  dataQuality: string;
  vesselImo: string | null;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  factorSet: number;
};

/** A run's stored results, by file generation, row and part. */
export const resultsOf = (server: TestServer, runId: string): Promise<StoredResult[]> =>
  server.database.db
    .select({
      rowIndex: emissionResults.rowIndex,
      part: emissionResults.part,
      scope3: emissionResults.scope3,
      note: emissionResults.note,
      supplierOrganizationId: emissionResults.supplierOrganizationId,
      month: emissionResults.month,
      method: emissionResults.method,
      dataQuality: emissionResults.dataQuality,
      vesselImo: emissionResults.vesselImo,
      co2TtwKg: emissionResults.co2TtwKg,
      co2eTtwKg: emissionResults.co2eTtwKg,
      co2eWtwKg: emissionResults.co2eWtwKg,
      factorSet: emissionResults.factorSet,
    })
    .from(emissionResults)
    .where(eq(emissionResults.runId, runId))
    .orderBy(asc(emissionResults.generation), asc(emissionResults.rowIndex), asc(emissionResults.part));

export const cellsOf = (server: TestServer, runId: string) =>
  server.database.db.select().from(emissionReportCells).where(eq(emissionReportCells.runId, runId));

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) { relationship { supplierOrganization { id } } }
}`;

/** A supplier invited by `customer`, registered and completed (the relationship is active); answers its organisation id and token. */
export const activeSupplierOf = async (server: TestServer, mailbox: Mailbox, customer: Admin, name: string) => {
  const email = uniqueEmail('supplier');
  const invited = await customer.client.gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
    INVITE,
    { input: { organizationName: name, email, firstName: 'Sven', lastName: 'Dahl' } },
    customer.token,
  );
  const organizationId = dataOf(invited).inviteSupplier.relationship.supplierOrganization.id;
  const { token } = await invitationToken(mailbox, email);
  const client = clientFor(server);
  const session = await registerFromToken(client, mailbox, email, token);
  dataOf(await client.gql('mutation { completeSupplierRegistration { organization { id } } }', {}, session.token));
  return { organizationId, client, token: session.token };
};

/**
 * A subscription held as a browser holds it (one streaming POST accepting text/event-stream), its results collected
 * as they arrive.
 */
export const holdSubscription = async <T>(server: TestServer, query: string, token: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
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
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
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

export type Mapping = { sourceColumn: string; targetField: string; transformations?: Record<string, unknown>[] };

/**
 * A CSV uploaded as the web app does it (a batch, the signed PUT, completeUpload), read, put in its category, mapped
 * and validated: the whole way to stored entries. With a request's id, the batch is the supplier's answer to it.
 */
export const validatedCsv = async (
  server: TestServer,
  gql: Gql,
  file: { name: string; csv: string; category: string; mappings: Mapping[]; calendarTaskId?: string },
) => {
  const bytes = Buffer.from(file.csv);
  const batch = dataOf(
    await gql<{ createFileUpload: { id: string } }>('mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }', {
      input: { name: `Batch of ${file.name}`, ...(file.calendarTaskId ? { calendarTaskId: file.calendarTaskId } : {}) },
    }),
  ).createFileUpload;
  const url = dataOf(
    await gql<{ generateUploadUrl: { fileId: string; uploadUrl: string; headers: { name: string; value: string }[] } }>(
      'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl headers { name value } } }',
      { input: { fileUploadId: batch.id, fileName: file.name, mimeType: 'text/csv', size: bytes.length } },
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
  const read = await waitFor(
    async () => dataOf(await gql<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: fileId })).file.status,
    (status) => status === 'processed' || status === 'failed',
    `file ${file.name}`,
  );
  expect(read).toBe('processed');
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', {
      input: { fileId, category: file.category },
    }),
  );
  for (const mapping of file.mappings) {
    dataOf(
      await gql('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', { input: { fileId, ...mapping } }),
    );
  }
  dataOf(await gql('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId }));
  const validation = await waitFor(
    async () =>
      dataOf(
        await gql<{ fileValidation: { status: string; validRows: number } }>(
          'query($fileId: ID!) { fileValidation(fileId: $fileId) { status validRows } }',
          { fileId },
        ),
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${file.name}`,
    120_000,
  );
  return { fileId, fileUploadId: batch.id, validation };
};
