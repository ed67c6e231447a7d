// Measures "columns to entries" end to end as a client sees it: a 1,000,000-row, 10-column vessel-fuel CSV (realistic
// values, a few per cent invalid) goes from "upload complete" (the file stored through the signed PUT) through the
// reading job, the mappings (category confirmed, ten columns mapped through the GraphQL operations) and
// applyFileMappings to "every row validated and stored as a data entry", on PostgreSQL (a fresh database, dropped
// after) and on the embedded database on disk (a temporary data directory). The server runs as its own process.
// Prints, per database: rows/s of the ingest step (applyFileMappings answered -> validated), the server's peak RSS
// (VmHWM, the reading included), the table size (pg_total_relation_size of data_entries, bytes per row, ratio to the
// CSV), and the p95 of a dataEntries query (a page of 50, one filter, ordered) over the million entries; on
// PostgreSQL also a bare server-side COPY of the same entry rows into the same table (the storage floor). Asserts
// nothing. The last line is the summary:
//
//   bench:ingest pg_rows_per_s=N copy_ratio=N pglite_rows_per_s=N peak_rss_mb=N bytes_per_row=N list_p95_ms=N
//
//   npm run bench:ingest [-- --rows N] [--only pg|pglite]
//   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:ingest   # where to create the PostgreSQL database
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type GraphQLClient,
  graphqlClient,
  readFileView,
  signIn,
  startServerProcess,
  uploadThroughApi,
} from '../apps/api/src/test/server-process-kit.ts';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const ROWS = Number(argument('rows') ?? 1_000_000);
const ONLY = argument('only');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIST_QUERIES = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const memoryOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
};

// ---------------------------------------------------------------------------------------------------------------
// The file: 2,000 vessels with valid IMO numbers, each with consecutive two-day voyages between real UN/LOCODEs.

const HEADER = [
  'IMO number',
  'Vessel',
  'Fuel type',
  'Fuel mass [t]',
  'Distance [nm]',
  'Hours at sea',
  'Period start',
  'Period end',
  'Departure port',
  'Arrival port',
];
const MAPPINGS: { sourceColumn: string; targetField: string; transformations?: Record<string, unknown>[] }[] = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  {
    sourceColumn: 'Fuel type',
    targetField: 'fuel_type',
    transformations: [{ type: 'value_mapping', mapping: { 'IFO 380': 'HFO', VLSFO: 'LFO' } }],
  },
  { sourceColumn: 'Fuel mass [t]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Distance [nm]', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'nm' }] },
  { sourceColumn: 'Hours at sea', targetField: 'hours_at_sea', transformations: [{ type: 'unit_conversion', unit: 'h' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
  { sourceColumn: 'Departure port', targetField: 'departure_port' },
  { sourceColumn: 'Arrival port', targetField: 'arrival_port' },
];
const VESSELS = 2000;
const PORTS = ['NLRTM', 'DEHAM', 'BEANR', 'NOBGO', 'NOOSL', 'DKAAR', 'SEGOT', 'PLGDN', 'GBFXT', 'FRLEH', 'ESALG', 'USHOU'];
const FUELS = ['HFO', 'VLSFO', 'MGO', 'LNG', 'IFO 380', 'MDO'];
const NAMES = ['Aurora', 'Baltic', 'Nordic', 'Polar', 'Coastal', 'Atlantic', 'Fjord', 'Viking', 'Northern', 'Skagen'];
const KINDS = ['Star', 'Spirit', 'Wind', 'Tern', 'Carrier', 'Trader', 'Explorer', 'Pioneer'];

const imoOf = (v: number) => {
  const six = String(900_000 + ((v * 7919) % 99_999)).padStart(6, '0');
  const sum = [...six].reduce((total, digit, i) => total + Number(digit) * (7 - i), 0);
  return `${six}${sum % 10}`;
};
const DAY = 86_400_000;
const START = Date.UTC(2021, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Data row i (0-based). About 1.5 % carry a mistake: a wrong IMO check digit, a mass that is not a number, a period ending before it starts. */
const recordOf = (i: number): string => {
  const v = i % VESSELS;
  const voyage = Math.floor(i / VESSELS);
  const start = START + voyage * 2 * DAY;
  const fault = i % 200;
  const imo = fault === 7 ? `${imoOf(v).slice(0, 6)}${(Number(imoOf(v).at(-1)) + 1) % 10}` : imoOf(v);
  const mass = fault === 11 ? 'n/a?' : (12 + ((i * 37) % 4000) / 10).toFixed(2);
  const end = fault === 13 ? start - DAY : start + 2 * DAY;
  const from = PORTS[(v + voyage) % PORTS.length];
  const to = PORTS[(v + voyage + 1 + (i % 3)) % PORTS.length];
  return [
    imo,
    `${NAMES[v % NAMES.length]} ${KINDS[(v >> 3) % KINDS.length]} ${v}`,
    FUELS[(i >> 4) % FUELS.length],
    mass,
    (80 + ((i * 53) % 9000) / 10).toFixed(1),
    (10 + ((i * 17) % 380) / 10).toFixed(1),
    iso(start),
    iso(end),
    from,
    to,
  ].join(',');
};

const writeCsv = async (filePath: string, rows: number) => {
  const out = createWriteStream(filePath);
  let buffer = `${HEADER.join(',')}\n`;
  for (let i = 0; i < rows; i++) {
    buffer += `${recordOf(i)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
};

// ---------------------------------------------------------------------------------------------------------------

type FileValidationAnswer = {
  status: string;
  rowsValidated: number;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  failureReason: string | null;
};

const waitUntil = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30 * 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
};

const ENTRY_PAGE = `query($filter: DataEntryFilterInput, $order: DataEntryOrderInput, $pagination: PaginationInput) {
  dataEntries(filter: $filter, order: $order, pagination: $pagination) {
    data { id rowNumber entryDate isValid sourceReference values { fieldName stringValue numberValue dateValue unit isValid } validationErrors { code error } }
    pageInfo { totalCount }
  }
}`;

/** p95 of `count` dataEntries queries of 50 on pages 1-20 (one filter, ordered), as a client measures them. */
const listP95 = async (client: GraphQLClient, filter: Record<string, unknown>, order: Record<string, unknown>, count = LIST_QUERIES) => {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    await client.request(ENTRY_PAGE, { filter, order, pagination: { page: 1 + (i % 20), pageSize: 50 } });
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
};

type Outcome = {
  label: string;
  readSeconds: number;
  ingestSeconds: number;
  peakRssMb: number;
  fileId: string;
  listP95Ms: number;
};

const sizeQuery = `SELECT pg_total_relation_size('data_entries')::float8 AS total, pg_relation_size('data_entries')::float8 AS heap,
  (SELECT count(*) FROM data_entries)::float8 AS entries`;

/** One run on one database: upload, read, map, apply, then the list queries. */
const runOn = async (label: string, csvPath: string, settings: Record<string, string>): Promise<Outcome> => {
  // BENCH_SERVER_LOG=1 prints the server's log of the run (debug level) after it.
  const env = { ...settings, ...(process.env.BENCH_SERVER_LOG ? { LOG_LEVEL: 'info' } : {}) };
  // The first start creates the database (the embedded one's initdb peaks near 1 GB, once per installation); the
  // run is measured on the second start, as a server normally starts.
  await (await startServerProcess(env)).stop();
  const server = await startServerProcess(env);
  try {
    const client = graphqlClient(server.url);
    await signIn(client, server.url);
    const idle = await memoryOf(server.pid);
    console.log(
      `${label}: server pid ${server.pid}, RSS at rest ${Math.round(idle.rssMb)} MB; ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
    );
    const upload = await uploadThroughApi(client, csvPath, { fileName: path.basename(csvPath), mimeType: 'text/csv' });
    const file = await waitUntil(
      () => readFileView(client, upload.fileId),
      (f) => f.status === 'processed' || f.status === 'failed',
      'reading',
    );
    if (file.status !== 'processed') throw new Error(`${label}: the file failed: ${JSON.stringify(file.error)}`);
    const readSeconds = (performance.now() - upload.completedAt) / 1000;
    const afterRead = await memoryOf(server.pid);
    await client.request('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', {
      input: { fileId: upload.fileId, category: 'vessel_fuel_consumption' },
    });
    for (const mapping of MAPPINGS) {
      await client.request('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', {
        input: { fileId: upload.fileId, ...mapping },
      });
    }
    const applied = performance.now();
    await client.request('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId: upload.fileId });
    const validation = await waitUntil(
      async () =>
        (
          await client.request<{ fileValidation: FileValidationAnswer }>(
            'query($fileId: ID!) { fileValidation(fileId: $fileId) { status rowsValidated totalRows validRows invalidRows failureReason } }',
            { fileId: upload.fileId },
          )
        ).fileValidation,
      (v) => v.status === 'validated' || v.status === 'failed',
      'validation',
    );
    const ingestSeconds = (performance.now() - applied) / 1000;
    if (validation.status !== 'validated' || validation.totalRows !== ROWS) throw new Error(`${label}: ${JSON.stringify(validation)}`);
    const peakRssMb = (await memoryOf(server.pid)).peakMb;
    console.log(
      `${label}: read ${readSeconds.toFixed(1)} s; ingest ${ingestSeconds.toFixed(1)} s = ${Math.round(ROWS / ingestSeconds).toLocaleString('en')} rows/s ` +
        `(${validation.validRows.toLocaleString('en')} valid, ${validation.invalidRows.toLocaleString('en')} invalid); ` +
        `upload complete -> entries stored ${(readSeconds + ingestSeconds).toFixed(1)} s (mapping included); ` +
        `server peak RSS ${Math.round(peakRssMb)} MB (${Math.round(afterRead.peakMb)} MB once the file was read)`,
    );
    // Warm-up, then the measured queries.
    await listP95(client, { isValid: false }, { field: 'rowIndex' }, 20);
    const invalid = await listP95(client, { isValid: false }, { field: 'rowIndex' });
    const byFile = await listP95(client, { fileId: upload.fileId }, { field: 'createdAt', direction: 'DESC' });
    const byDate = await listP95(client, { fileId: upload.fileId }, { field: 'entryDate', direction: 'DESC' }, 20);
    console.log(
      `${label}: dataEntries, 50 a page, pages 1-20: {isValid:false} by rowIndex p50 ${invalid.p50.toFixed(1)} ms p95 ${invalid.p95.toFixed(1)} ms; ` +
        `{fileId} by createdAt DESC p95 ${byFile.p95.toFixed(1)} ms; {fileId} by entryDate DESC (no index) p95 ${byDate.p95.toFixed(0)} ms`,
    );
    if (process.env.BENCH_SERVER_LOG) console.log(server.output());
    return { label, readSeconds, ingestSeconds, peakRssMb, fileId: upload.fileId, listP95Ms: invalid.p95 };
  } finally {
    await server.stop();
  }
};

const ENTRY_COLUMNS = 'row_index, row_number, entry_date, is_valid, values, validation_errors, dup_hash';

/** On PostgreSQL: the table's size, and a bare server-side COPY of the same entry rows into the same table. */
const postgresFigures = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const size = (await client.query<{ total: number; heap: number; entries: number }>(sizeQuery)).rows[0];
    if (!size) throw new Error('no size');
    const { rows } = await client.query<{ g: number }>('SELECT max(generation)::int AS g FROM data_entries');
    const generation = rows[0]?.g ?? 0;
    // Written and read by the database server itself: a path it can reach, outside this process's private folder.
    const copyFile = path.join(tmpdir(), `tidewise-bench-${randomBytes(6).toString('hex')}.copy`);
    await client.query('CHECKPOINT');
    let copySeconds: number;
    try {
      await client.query(`COPY (SELECT -1, ${ENTRY_COLUMNS} FROM data_entries WHERE generation = ${generation}) TO '${copyFile}'`);
      const started = performance.now();
      await client.query(`COPY data_entries (generation, ${ENTRY_COLUMNS}) FROM '${copyFile}'`);
      copySeconds = (performance.now() - started) / 1000;
    } finally {
      await client.query('DELETE FROM data_entries WHERE generation = -1');
      await rm(copyFile, { force: true });
    }
    return { size, copySeconds };
  } finally {
    await client.end();
  }
};

const pgliteSize = async (dataDir: string) => {
  const db = await PGlite.create(dataDir);
  try {
    return (await db.query<{ total: number; heap: number; entries: number }>(sizeQuery)).rows[0];
  } finally {
    await db.close();
  }
};

const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-bench-ingest-'));
const admin = new pg.Client({ connectionString: BASE_URL });
const database = `tidewise_bench_${randomBytes(4).toString('hex')}`;
let createdDatabase = false;
try {
  const csvPath = path.join(dir, 'vessel-fuel.csv');
  console.log(`Generating ${ROWS.toLocaleString('en')} rows x ${HEADER.length} columns of vessel fuel...`);
  await writeCsv(csvPath, ROWS);
  const csvBytes = (await stat(csvPath)).size;
  console.log(`CSV ${(csvBytes / 1024 / 1024).toFixed(1)} MB (${(csvBytes / ROWS).toFixed(1)} bytes per row)`);

  let pgOutcome: Outcome | null = null;
  let copyRatio = 0;
  let bytesPerRow = 0;
  if (ONLY !== 'pglite') {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    createdDatabase = true;
    const url = new URL(BASE_URL);
    url.pathname = `/${database}`;
    pgOutcome = await runOn('PostgreSQL', csvPath, {
      DATA_DIR: path.join(dir, 'pg-data'),
      DEMO_SEED: 'true',
      WEB_DIST: path.join(dir, 'web'),
      DATABASE_URL: url.toString(),
    });
    const { size, copySeconds } = await postgresFigures(url.toString());
    bytesPerRow = size.total / ROWS;
    copyRatio = pgOutcome.ingestSeconds / copySeconds;
    console.log(
      `PostgreSQL: data_entries ${(size.total / 1024 / 1024).toFixed(1)} MB (heap ${(size.heap / 1024 / 1024).toFixed(1)} MB) for ` +
        `${size.entries.toLocaleString('en')} entries = ${bytesPerRow.toFixed(0)} bytes per row, ${(size.total / csvBytes).toFixed(2)}x the CSV; ` +
        `bare server-side COPY of the same rows ${copySeconds.toFixed(1)} s (${Math.round(ROWS / copySeconds).toLocaleString('en')} rows/s); ` +
        `ingest / bare COPY = ${copyRatio.toFixed(2)}`,
    );
  }

  let pgliteOutcome: Outcome | null = null;
  if (ONLY !== 'pg') {
    const dataDir = path.join(dir, 'pglite-data');
    pgliteOutcome = await runOn('Embedded', csvPath, { DATA_DIR: dataDir, DEMO_SEED: 'true', WEB_DIST: path.join(dir, 'web') });
    const size = await pgliteSize(path.join(dataDir, 'pglite'));
    if (size) {
      if (!bytesPerRow) bytesPerRow = size.total / ROWS;
      console.log(
        `Embedded: data_entries ${(size.total / 1024 / 1024).toFixed(1)} MB for ${size.entries.toLocaleString('en')} entries = ` +
          `${(size.total / ROWS).toFixed(0)} bytes per row, ${(size.total / csvBytes).toFixed(2)}x the CSV`,
      );
    }
  }

  const rate = (o: Outcome | null) => (o ? Math.round(ROWS / o.ingestSeconds) : 0);
  const peak = Math.max(pgOutcome?.peakRssMb ?? 0, pgliteOutcome?.peakRssMb ?? 0);
  const listP95 = pgOutcome?.listP95Ms ?? pgliteOutcome?.listP95Ms ?? 0;
  console.log(
    `bench:ingest pg_rows_per_s=${rate(pgOutcome)} copy_ratio=${copyRatio.toFixed(2)} pglite_rows_per_s=${rate(pgliteOutcome)} ` +
      `peak_rss_mb=${Math.round(peak)} bytes_per_row=${Math.round(bytesPerRow)} list_p95_ms=${listP95.toFixed(1)}`,
  );
} finally {
  if (createdDatabase) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
