// Measures the upload pipeline end to end as a client sees it: starts the server as its own process on the embedded
// database, signs in as the demo supplier, uploads a 1,000,000-row CSV and a 200,000-row XLSX through the GraphQL
// operations and the signed PUT, and for each file measures from "completeUpload answered" to "processed with its
// columns detected" (rows/s). Meanwhile a small `file(id)` query goes out every 50 ms (its p95 latency says how
// well the API kept answering) and the server's peak RSS is read from /proc (VmHWM). Prints figures; asserts
// nothing. The last line is the summary:
//
//   bench:parse csv_rows_per_s=N xlsx_rows_per_s=N peak_rss_mb=N query_p95_ms=N
//
//   npm run bench:parse [-- --csv-rows N] [--xlsx-rows N]
//   BENCH_DATABASE_URL=postgres://.../<an empty database> npm run bench:parse   # the server on PostgreSQL
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type GraphQLClient,
  graphqlClient,
  readFileView,
  signIn,
  startServerProcess,
  uploadThroughApi,
  writeLargeCsv,
  writeLargeXlsx,
} from '../apps/api/src/test/server-process-kit.ts';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const CSV_ROWS = Number(argument('csv-rows') ?? 1_000_000);
const XLSX_ROWS = Number(argument('xlsx-rows') ?? 200_000);
const QUERY_INTERVAL_MS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** VmHWM (peak resident set) and VmRSS of a process, in MB, from /proc. */
const memoryOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
};

type Run = { label: string; rows: number; seconds: number; latencies: number[]; peakRssMb: number };

/**
 * Uploads one file and polls `file(id)` every 50 ms from "completeUpload answered" until it is processed with
 * columns; each answer's latency is kept.
 */
const run = async (client: GraphQLClient, pid: number, label: string, filePath: string, rows: number, mimeType: string): Promise<Run> => {
  const upload = await uploadThroughApi(client, filePath, { fileName: path.basename(filePath), mimeType });
  const latencies: number[] = [];
  let next = upload.completedAt;
  for (;;) {
    const sent = performance.now();
    const file = await readFileView(client, upload.fileId);
    const answered = performance.now();
    latencies.push(answered - sent);
    if (file.status === 'failed') throw new Error(`${label}: the file failed: ${JSON.stringify(file.error)}`);
    if (file.status === 'processed' && (file.fileMetadata?.detectedColumns.length ?? 0) > 0) {
      if (file.fileMetadata?.totalRows !== rows) throw new Error(`${label}: ${file.fileMetadata?.totalRows} rows read, not ${rows}`);
      const seconds = (answered - upload.completedAt) / 1000;
      return { label, rows, seconds, latencies, peakRssMb: (await memoryOf(pid)).peakMb };
    }
    next += QUERY_INTERVAL_MS;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
};

const print = (r: Run) => {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  console.log(
    `${r.label.padEnd(5)} ${r.rows.toLocaleString('en').padStart(9)} rows  ${r.seconds.toFixed(2).padStart(6)} s  ` +
      `${Math.round(r.rows / r.seconds)
        .toLocaleString('en')
        .padStart(8)} rows/s  ` +
      `file(id) x${sorted.length}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
      `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms  server peak RSS so far ${Math.round(r.peakRssMb)} MB`,
  );
};

const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-bench-parse-'));
try {
  const csvPath = path.join(dir, 'voyages.csv');
  const xlsxPath = path.join(dir, 'voyages.xlsx');
  console.log(`Generating ${CSV_ROWS.toLocaleString('en')} CSV rows and ${XLSX_ROWS.toLocaleString('en')} XLSX rows (10 columns)...`);
  await writeLargeCsv(csvPath, CSV_ROWS);
  await writeLargeXlsx(xlsxPath, XLSX_ROWS);
  const mb = async (file: string) => ((await stat(file)).size / 1024 / 1024).toFixed(1);
  console.log(`CSV ${await mb(csvPath)} MB, XLSX ${await mb(xlsxPath)} MB`);

  // BENCH_DATABASE_URL: run the server on that PostgreSQL database instead (empty, so the demo users are seeded).
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    DEMO_SEED: 'true',
    WEB_DIST: path.join(dir, 'web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // The first start creates the embedded database (initdb peaks near 1 GB, once per installation); the run is
  // measured on the second start, as a server normally starts.
  await (await startServerProcess(env)).stop();
  const server = await startServerProcess(env);
  try {
    const client = graphqlClient(server.url);
    await signIn(client, server.url);
    const idle = await memoryOf(server.pid);
    console.log(
      `Server pid ${server.pid} on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'} (second start); RSS at rest ${Math.round(idle.rssMb)} MB, peak so far ${Math.round(idle.peakMb)} MB; ` +
        `${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(2)}`,
    );
    const csv = await run(client, server.pid, 'CSV', csvPath, CSV_ROWS, 'text/csv');
    print(csv);
    const xlsx = await run(
      client,
      server.pid,
      'XLSX',
      xlsxPath,
      XLSX_ROWS,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    print(xlsx);
    const peak = (await memoryOf(server.pid)).peakMb;
    const all = [...csv.latencies, ...xlsx.latencies].sort((a, b) => a - b);
    console.log(
      `bench:parse csv_rows_per_s=${Math.round(CSV_ROWS / csv.seconds)} xlsx_rows_per_s=${Math.round(XLSX_ROWS / xlsx.seconds)} ` +
        `peak_rss_mb=${Math.round(peak)} query_p95_ms=${Math.round(percentile(all, 95))}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
