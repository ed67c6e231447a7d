// Measures the emissions recompute and the report over 1,000,000 entries of one organisation, on PostgreSQL (a fresh
// database `bench_emissions`, dropped after), with the server as its own process, as a client sees it.
//
// The data: the demo customer's fleet of 250 ships, each sending a noon-and-midnight report (fuel burnt, distance,
// hours, cargo, the leg's ports) every 12 hours from July 2019 to December 2024 on its own liner service, 4,000
// reports a ship. They are written straight into a file, its validation and its data entries (generate_series),
// since reading and validating a million rows is what `npm run bench:ingest` measures.
//
// Then: a first recompute (recomputeEmissions) so that a previous run's million results exist, as they would; then the
// measured one: an own factor added (createEmissionFactor, the Cf of HFO) until its run is completed, polled through
// emissionSettings. Then emissionReport for the year 2024, 100 times, its p95. Asserts nothing. The last line is:
//
//   bench:emissions recompute_s=N report_p95_ms=N
//
//   npm run bench:emissions [-- --entries N]
//   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:emissions   # where to create the database
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type GraphQLClient, graphqlClient, signIn, startServerProcess } from '../apps/api/src/test/server-process-kit.ts';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const ENTRIES = Number(argument('entries') ?? 1_000_000);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_emissions';
const REPORT_QUERIES = 100;
const CUSTOMER_ADMIN = { email: 'admin@nordwind-shipping.example', password: 'Harbour-Demo-2025!' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

// ---------------------------------------------------------------------------------------------------------------
// The fleet.

const SHIPS = 250;
const imoOf = (v: number) => {
  const six = String(900_000 + ((v * 7919) % 99_999)).padStart(6, '0');
  const sum = [...six].reduce((total, digit, i) => total + Number(digit) * (7 - i), 0);
  return `${six}${sum % 10}`;
};
const NAMES = ['Aurora', 'Baltic', 'Nordic', 'Polar', 'Coastal', 'Atlantic', 'Fjord', 'Viking', 'Northern', 'Skagen'];
const TYPES = ['Bulk carrier', 'Container ship', 'Oil tanker', 'General cargo ship'];
const FUELS = ['HFO', 'HFO', 'LFO', 'MDO_MGO', 'LNG_DIESEL'];
const SERVICES = [
  ['NLRTM', 'NOBGO'],
  ['DEHAM', 'SEGOT'],
  ['BEANR', 'GBFXT'],
  ['PLGDN', 'DKAAR'],
  ['FRLEH', 'ESALG'],
  ['NOOSL', 'USHOU'],
];
const FIELDS = [
  'imo_number',
  'vessel_name',
  'ship_type',
  'deadweight',
  'fuel_type',
  'fuel_mass',
  'distance',
  'hours_at_sea',
  'cargo_mass',
  'period_start',
  'period_end',
  'departure_port',
  'arrival_port',
];

/**
 * Entry i (0-based) is report k = i / 250 of ship v = i % 250: 12 hours starting 2019-07-01 + k/2 days, on voyage k / 20
 * (ten days), sailing its service one way on even voyages and back on odd ones. Values as the entries table keeps them:
 * numbers in canonical units (t, nm, h), dates as ISO text, the fuel as its catalogue value.
 */
const seedEntries = async (client: pg.Client, generation: number, from: number, to: number) =>
  client.query(
    `INSERT INTO data_entries (generation, row_index, row_number, entry_date, is_valid, "values")
     SELECT $1::int, i, i + 2, d, true, jsonb_build_array(
       ($2::text[])[v + 1], ($3::text[])[v + 1], ($4::text[])[v % 4 + 1], 20000 + (v * 97) % 60000,
       ($5::text[])[v % 5 + 1], 10 + ((i::bigint * 37) % 400) / 10.0, 150 + ((i::bigint * 53) % 1000) / 10.0, 12,
       15000 + (v * 131) % 40000, to_char(d, 'YYYY-MM-DD'), to_char(d, 'YYYY-MM-DD'),
       CASE WHEN (k / 20) % 2 = 0 THEN ($6::text[])[v % 6 + 1] ELSE ($7::text[])[v % 6 + 1] END,
       CASE WHEN (k / 20) % 2 = 0 THEN ($7::text[])[v % 6 + 1] ELSE ($6::text[])[v % 6 + 1] END)
     FROM (SELECT i, i % ${SHIPS} AS v, i / ${SHIPS} AS k, DATE '2019-07-01' + (i / ${SHIPS}) / 2 AS d
           FROM generate_series($8::int, $9::int) AS i) AS s`,
    [
      generation,
      Array.from({ length: SHIPS }, (_, v) => imoOf(v)),
      Array.from({ length: SHIPS }, (_, v) => `${NAMES[v % NAMES.length]} ${v}`),
      TYPES,
      FUELS,
      SERVICES.map((s) => s[0]),
      SERVICES.map((s) => s[1]),
      from,
      to,
    ],
  );

/** A processed file of the organisation, its validation (generation switched) and its entries. */
const seed = async (databaseUrl: string, organizationId: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const generation = Number((await client.query<{ g: string }>(`SELECT nextval('validation_generation_seq') AS g`)).rows[0]?.g);
    const file = (
      await client.query<{ id: string }>(
        `INSERT INTO files (organization_id, original_name, sanitized_name, mime_type, size, status, storage_key, category, rows_read, read_percent)
         VALUES ($1, 'fleet-noon-reports.csv', 'fleet-noon-reports.csv', 'text/csv', 0, 'processed', $2, 'vessel_fuel_consumption', $3, 100)
         RETURNING id`,
        [organizationId, `org/${organizationId}/bench-emissions`, ENTRIES],
      )
    ).rows[0];
    if (!file) throw new Error('no file');
    const started = performance.now();
    const step = 100_000;
    for (let from = 0; from < ENTRIES; from += step) {
      await seedEntries(client, generation, from, Math.min(ENTRIES, from + step) - 1);
      process.stdout.write(`\rseeded ${Math.min(ENTRIES, from + step).toLocaleString('en')} entries`);
    }
    process.stdout.write('\n');
    await client.query(
      `INSERT INTO file_validations (file_id, organization_id, status, run_generation, entries_generation, entry_fields, category, is_valid,
         total_rows, valid_rows, validated_at)
       VALUES ($1, $2, 'validated', $3, $3, $4::jsonb, 'vessel_fuel_consumption', true, $5, $5, now())`,
      [file.id, organizationId, generation, JSON.stringify(FIELDS), ENTRIES],
    );
    await client.query('ANALYZE data_entries');
    console.log(
      `seeded ${ENTRIES.toLocaleString('en')} entries of ${SHIPS} ships in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
};

// ---------------------------------------------------------------------------------------------------------------

type Run = {
  id: string;
  status: string;
  reason: string;
  entriesTotal: number;
  entriesDone: number;
  entriesComputed: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};
const RUN_FIELDS = 'id status reason entriesTotal entriesDone entriesComputed error startedAt finishedAt';

const latestRun = async (client: GraphQLClient) =>
  (await client.request<{ emissionSettings: { latestRun: Run | null } }>(`{ emissionSettings { latestRun { ${RUN_FIELDS} } } }`))
    .emissionSettings.latestRun;

/**
 * Polls until the newest run is not `previous` and has ended; answers it, the seconds since `since`, and the p95 of
 * the polls (how the API answered while the run worked).
 */
const waitForRun = async (client: GraphQLClient, previous: string | null, since: number) => {
  let last = '';
  const latencies: number[] = [];
  for (;;) {
    const sent = performance.now();
    const run = await latestRun(client);
    latencies.push(performance.now() - sent);
    if (run && run.id !== previous && (run.status === 'completed' || run.status === 'failed')) {
      process.stdout.write('\n');
      if (run.status === 'failed') throw new Error(`the run failed: ${run.error}`);
      latencies.sort((a, b) => a - b);
      return { run, seconds: (performance.now() - since) / 1000, pollP95Ms: percentile(latencies, 95) };
    }
    const line = run ? `${run.status} ${run.entriesDone.toLocaleString('en')} / ${run.entriesTotal.toLocaleString('en')}` : 'waiting';
    if (line !== last) process.stdout.write(`\r  ${line}          `);
    last = line;
    await sleep(100);
  }
};

/** The figures of the server's last "emission run completed" log line. */
const runLogOf = (output: string) => {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.includes('emission run completed'));
  if (!line) return 'no log line';
  const log = JSON.parse(line) as Record<string, unknown>;
  return ['entries', 'cells', 'vesselYears', 'computeMs', 'readWaitMs', 'calculateMs', 'writeWaitMs', 'completeMs']
    .map((key) => `${key} ${String(log[key])}`)
    .join(', ');
};

const serverSeconds = (run: Run) =>
  run.startedAt && run.finishedAt ? (new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) / 1000 : Number.NaN;

const REPORT = `query($input: EmissionReportInput!) { emissionReport(input: $input) {
  periodStart periodEnd gwpSet primaryDataShare yearOnYearChange
  run { id }
  totals { co2TtwKg co2eTtwKg co2eWtwKg computedEntries notComputedEntries }
  previousPeriod { co2eWtwKg }
  byCategory { key label entries co2eWtwKg share }
  bySupplier { key label entries co2eWtwKg share }
  byVessel { key label entries co2eWtwKg share }
  byMethod { key label co2eWtwKg share }
  byDataQuality { key label co2eWtwKg share }
  byMonth { month entries co2eWtwKg }
  hotspots { dimension key label co2eWtwKg share cumulativeShare }
  projection { method monthsReported projectedCo2eWtwKg }
  supplierQuality { supplierOrganizationId dataQualityRating }
  supplierBenchmarks { supplierOrganizationId intensity percentile }
  coverage { requested answered pending estimated }
} }`;

const reportP95 = async (client: GraphQLClient) => {
  const input = { periodStart: '2024-01-01', periodEnd: '2024-12-31' };
  type Report = { emissionReport: { totals: { co2eWtwKg: number; computedEntries: number }; byVessel: unknown[]; byMonth: unknown[] } };
  const first = await client.request<Report>(REPORT, { input });
  for (let i = 0; i < 5; i++) await client.request(REPORT, { input });
  const latencies: number[] = [];
  for (let i = 0; i < REPORT_QUERIES; i++) {
    const sent = performance.now();
    await client.request(REPORT, { input });
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  const report = first.emissionReport;
  console.log(
    `emissionReport 2024: ${report.totals.computedEntries.toLocaleString('en')} entries, ` +
      `${(report.totals.co2eWtwKg / 1000).toLocaleString('en', { maximumFractionDigits: 0 })} t CO2e WtW, ` +
      `${report.byVessel.length} ships, ${report.byMonth.length} months; ${REPORT_QUERIES} queries: ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  return percentile(latencies, 95);
};

const tableSizes = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; rows: string; mb: number }>(
      `SELECT relname AS name, n_live_tup::text AS rows, pg_total_relation_size(relid) / 1048576.0 AS mb
       FROM pg_stat_user_tables WHERE relname IN ('emission_results', 'emission_report_cells', 'emission_vessel_years') ORDER BY relname`,
    );
    return rows.map((r) => `${r.name} ${Number(r.rows).toLocaleString('en')} rows ${Number(r.mb).toFixed(0)} MB`).join('; ');
  } finally {
    await client.end();
  }
};

// ---------------------------------------------------------------------------------------------------------------

const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-bench-emissions-'));
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
const url = new URL(BASE_URL);
url.pathname = `/${DATABASE}`;
const databaseUrl = url.toString();
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
try {
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  // Info level: the run's own log line says where its time went (reading, computing, writing, completing). The EU MRV
  // reference set is not loaded (an empty folder): a server loads it once, on its first start, not beside every run.
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    DEMO_SEED: 'true',
    WEB_DIST: path.join(dir, 'web'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    EU_MRV_REFERENCE_DIR: path.join(dir, 'no-eu-mrv'),
  };
  server = await startServerProcess(env);
  console.log(`PostgreSQL ${DATABASE}: server pid ${server.pid}; ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`);
  const client = graphqlClient(server.url);
  await signIn(client, server.url, CUSTOMER_ADMIN);
  const lookup = new pg.Client({ connectionString: databaseUrl });
  await lookup.connect();
  const organizationId = (
    await lookup
      .query<{ id: string }>(
        `SELECT ou.organization_id AS id FROM organization_users ou JOIN users u ON u.id = ou.user_id WHERE u.email = $1`,
        [CUSTOMER_ADMIN.email],
      )
      .finally(() => lookup.end())
  ).rows[0]?.id;
  if (!organizationId) throw new Error('the demo customer is missing');
  await seed(databaseUrl, organizationId);

  console.log('first recompute (recomputeEmissions), so that a previous run exists:');
  const before = await latestRun(client);
  let since = performance.now();
  await client.request(`mutation { recomputeEmissions { id } }`);
  const first = await waitForRun(client, before?.id ?? null, since);
  console.log(
    `  ${first.run.entriesDone.toLocaleString('en')} entries (${first.run.entriesComputed.toLocaleString('en')} computed) in ` +
      `${first.seconds.toFixed(1)} s as the client saw it, ${serverSeconds(first.run).toFixed(1)} s from start to finish on the server`,
  );

  console.log('recompute after a factor update (createEmissionFactor, own Cf of HFO):');
  since = performance.now();
  await client.request('mutation($input: CreateEmissionFactorInput!) { createEmissionFactor(input: $input) { id } }', {
    input: {
      kind: 'cf',
      unit: 't CO2/t fuel',
      value: '3.15',
      fuel: 'HFO',
      document: 'Fleet bunker analyses 2019-2024',
      section: 'Summary table',
      edition: '2025-01',
      evidence: 'Laboratory reports of every bunker delivery, averaged',
      validFrom: '2019-01-01',
    },
  });
  const measured = await waitForRun(client, first.run.id, since);
  if (measured.run.entriesDone !== ENTRIES) throw new Error(`the run read ${measured.run.entriesDone} entries, not ${ENTRIES}`);
  console.log(
    `  ${measured.run.entriesDone.toLocaleString('en')} entries (${measured.run.entriesComputed.toLocaleString('en')} computed) in ` +
      `${measured.seconds.toFixed(1)} s as the client saw it (queueing included), ${serverSeconds(measured.run).toFixed(1)} s on the server; ` +
      `${Math.round(ENTRIES / measured.seconds).toLocaleString('en')} entries/s; emissionSettings answered meanwhile in p95 ${measured.pollP95Ms.toFixed(0)} ms`,
  );
  console.log(`  stored: ${await tableSizes(databaseUrl)}`);
  console.log(`  server: ${runLogOf(server.output())}`);

  const p95 = await reportP95(client);
  console.log(`bench:emissions recompute_s=${measured.seconds.toFixed(1)} report_p95_ms=${p95.toFixed(1)}`);
} finally {
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
