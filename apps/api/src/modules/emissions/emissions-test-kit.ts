import { emissionReportCells, emissionResults } from '@tidewise/db/schema/emissions';
import { asc, eq } from 'drizzle-orm';
import { dataOf, type Gql, waitFor } from '../../test/graphql-test-kit.ts';
import type { TestServer } from '../../test/harness.ts';

/** For the emissions integration tests: the documents of the emissions API and waits on its runs. */

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
