import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY, DATA_ENTRIES, type EntryPage, FILE_VALIDATION, type ValidationView } from '../modules/entries/entries-test-kit.ts';
import { type AnalysisView, BULK_ACCEPT, COLUMN_ANALYSES, SET_CATEGORY } from '../modules/mappings/mappings-test-kit.ts';
import {
  createBatch,
  dataOf,
  isSettled,
  type Uploader,
  uploaderFor,
  uploadFile,
  waitForFile,
} from '../modules/uploads/upload-flow-test-kit.ts';
import { outboxMailbox } from '../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { newOrganization } from '../test/organization-test-kit.ts';

/**
 * The EU MRV "Publication of information" files, real files no one here wrote (header on row 3 under merged group
 * rows, a repeated column name, N/A and "Division by zero!" cells, CO₂ with a Unicode subscript), imported end to
 * end as a person would: upload, category confirmed, suggestions above 80% accepted, mappings applied. Every row
 * must become an entry or a named issue, the run must not fail, and the CO₂ stored must add up to the file's own
 * total CO₂ column.
 */

const findRepoRoot = (from: string): string => {
  let dir = from;
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Repository root (package.json with workspaces) not found above the test file.');
};

const DATA_DIR = path.resolve(findRepoRoot(path.dirname(fileURLToPath(import.meta.url))), '../shared/data/eu-mrv');

/**
 * Per publication year: data rows, and the sum of "Total CO₂ emissions [m tonnes]" in hundredths of a tonne, counted
 * independently of our reader (exceljs reading each whole workbook into memory, summing the numeric cells below
 * the header row; 2021 also from the sheet XML by hand).
 */
const YEARS = {
  '2018': { rows: 12_258, co2Hundredths: 14_535_406_937 },
  '2019': { rows: 12_420, co2Hundredths: 14_726_058_678 },
  '2020': { rows: 12_114, co2Hundredths: 12_968_596_184 },
  '2021': { rows: 12_484, co2Hundredths: 12_678_698_075 },
} as const;
type Year = keyof typeof YEARS;

/** CI imports 2021; `EU_MRV_YEARS=2018,2019,2020,2021` imports the others too (about 20 s each). */
const years = (process.env.EU_MRV_YEARS ?? '2021').split(',').map((y) => y.trim()) as Year[];

const fileOf = (year: Year): string => {
  const name = existsSync(DATA_DIR) ? readdirSync(DATA_DIR).find((n) => n.startsWith(`${year}-`) && n.endsWith('.xlsx')) : undefined;
  if (!name) throw new Error(`EU MRV data missing: expected the ${year} publication .xlsx in ${DATA_DIR} (CI provides it).`);
  return path.join(DATA_DIR, name);
};

type Imported = { fileId: string; analyses: AnalysisView[]; validation: ValidationView };

let server: TestServer;
let gql: Uploader['gql'];
const imported = new Map<Year, Imported>();

const poll = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** As a person would: upload, wait for the reading, confirm the category, accept what is suggested at 80% or more, validate. */
const importYear = async (uploader: Uploader, year: Year): Promise<Imported> => {
  const batch = await createBatch(uploader, `EU MRV ${year}`);
  const file = await uploadFile(server, uploader, batch.id, `EU MRV Publication of information ${year}.xlsx`, readFileSync(fileOf(year)));
  const fileId = file.id;
  expect((await waitForFile(uploader, fileId, isSettled, 120_000)).status).toBe('processed');
  dataOf(await gql(SET_CATEGORY, { input: { fileId, category: 'vessel_fuel_consumption' } }));
  const analyses = await poll(
    async () => dataOf(await gql<{ columnAnalyses: AnalysisView[] }>(COLUMN_ANALYSES, { fileId })).columnAnalyses,
    (list) => list.length > 0 && list.every((a) => a.category === 'vessel_fuel_consumption'),
    `column analyses of ${year}`,
    60_000,
  );
  dataOf(await gql(BULK_ACCEPT, { input: { fileId, minConfidence: 0.8 } }));
  dataOf(await gql(APPLY, { fileId }));
  const validation = await poll(
    async () => dataOf(await gql<{ fileValidation: ValidationView }>(FILE_VALIDATION, { fileId })).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${year}`,
    300_000,
  );
  return { fileId, analyses, validation };
};

beforeAll(async () => {
  server = await startTestServer();
  const admin = await newOrganization(server, outboxMailbox(server), 'MRV Import Shipping');
  const uploader = uploaderFor(server, admin.token, admin.client.ip);
  gql = uploader.gql;
  for (const year of years) imported.set(year, await importYear(uploader, year));
}, 1_200_000);

afterAll(async () => {
  await server?.close();
});

describe.each(years)('EU MRV %s imported end to end', (year) => {
  const result = () => {
    const found = imported.get(year);
    if (!found) throw new Error(`${year} was not imported`);
    return found;
  };

  it('suggests the columns that carry catalogue fields, with their reasoning', () => {
    const { analyses } = result();
    const suggested = Object.fromEntries(
      analyses.filter((a) => a.suggestedTargetField !== null).map((a) => [a.sourceColumn, a.suggestedTargetField]),
    );
    expect(suggested).toMatchObject({
      'IMO Number': 'imo_number',
      Name: 'vessel_name',
      'Ship type': 'ship_type',
      'Reporting Period': 'reporting_year',
      'Total fuel consumption [m tonnes]': 'fuel_mass',
      'Total CO₂ emissions [m tonnes]': 'reported_co2',
    });
    const co2 = analyses.find((a) => a.sourceColumn === 'Total CO₂ emissions [m tonnes]');
    expect(co2?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(co2?.reasoning).toMatch(/CO₂|CO2/);
  });

  it('validates every row without failing: each row is an entry, and every invalid entry names its issue', async () => {
    const { fileId, validation } = result();
    expect(validation.status).toBe('validated');
    console.info(
      `EU MRV ${year}: ${validation.totalRows} rows, ${validation.validRows} valid, ${validation.invalidRows} with errors, ` +
        `${validation.emptyRows} empty; ${validation.errorCount} errors, ${validation.warningCount} warnings`,
    );
    expect(validation.totalRows).toBe(YEARS[year].rows);
    expect(validation.validRows + validation.invalidRows + validation.emptyRows).toBe(YEARS[year].rows);
    const all = dataOf(
      await gql<{ dataEntries: EntryPage }>(DATA_ENTRIES, { filter: { fileId }, pagination: { pageSize: 1 } }),
    ).dataEntries;
    expect(all.pageInfo.totalCount).toBe(YEARS[year].rows - validation.emptyRows);
    const invalid = dataOf(
      await gql<{ dataEntries: EntryPage }>(DATA_ENTRIES, { filter: { fileId, isValid: false }, pagination: { pageSize: 100 } }),
    ).dataEntries;
    expect(invalid.pageInfo.totalCount).toBe(validation.invalidRows);
    for (const entry of invalid.data) expect(entry.validationErrors.some((issue) => issue.type === 'error')).toBe(true);
    const unexplained = (await server.database.db.execute(sql`
      SELECT count(*)::int AS n FROM data_entries e JOIN file_validations v ON v.entries_generation = e.generation
      WHERE v.file_id = ${fileId}::uuid AND NOT e.is_valid
        AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(e.validation_errors, '[]'::jsonb)) AS i WHERE i->>'type' = 'error')
    `)) as unknown as { rows: { n: number }[] };
    expect(unexplained.rows[0]?.n).toBe(0);
  });

  it('stores CO₂ adding up to the file’s own total CO₂ column', async () => {
    const { fileId } = result();
    const sums = (await server.database.db.execute(sql`
      SELECT coalesce(sum(round(((e.values ->> (f.ordinality::int - 1))::numeric) * 100)), 0)::text AS hundredths,
             count(e.values ->> (f.ordinality::int - 1))::int AS filled
      FROM file_validations v
      CROSS JOIN LATERAL jsonb_array_elements_text(v.entry_fields) WITH ORDINALITY AS f(key, ordinality)
      JOIN data_entries e ON e.generation = v.entries_generation
      WHERE v.file_id = ${fileId}::uuid AND f.key = 'reported_co2'
    `)) as unknown as { rows: { hundredths: string; filled: number }[] };
    const [row] = sums.rows;
    expect(row?.filled).toBe(YEARS[year].rows);
    expect(Number(row?.hundredths)).toBe(YEARS[year].co2Hundredths);
  });
});
