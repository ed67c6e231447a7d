// Measures the upload file reader as a job would run it: generates a 1,000,000-row x 10-column CSV and a
// 200,000-row XLSX in a temp folder, reads each through the worker thread, and prints rows/s, CPU time, peak RSS
// of the process (all threads) and how responsive the main event loop stayed. Prints figures; asserts nothing.
//
//   node --import tsx scripts/measure-parser.ts [--csv-rows N] [--xlsx-rows N] [--only csv|xlsx] [--baseline] [--in-thread]
//
// --baseline also times papaparse alone and exceljs's streaming reader alone on the same files (what the reader
// adds on top); --in-thread also reads on the main thread (what the worker saves the event loop from).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readFile } from '../apps/api/src/lib/parsing/read-file.ts';
import { runParseInWorker } from '../apps/api/src/lib/parsing/run-parse-in-worker.ts';
import type { ReadFileHandlers, ReadResult } from '../apps/api/src/lib/parsing/types.ts';
import { writeLargeCsv, writeLargeXlsx } from '../apps/api/src/test/server-process-kit.ts';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const CSV_ROWS = Number(argument('csv-rows') ?? 1_000_000);
const XLSX_ROWS = Number(argument('xlsx-rows') ?? 200_000);
const ONLY = argument('only');
const BASELINE = process.argv.includes('--baseline');
const IN_THREAD = process.argv.includes('--in-thread');

type Measurement = { label: string; rows: number; seconds: number; cpuSeconds: number; peakRssMb: number; loop: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `work` while sampling RSS every 20 ms and timing a 10 ms heartbeat on the main thread. */
const measure = async (label: string, work: () => Promise<number>): Promise<Measurement> => {
  global.gc?.();
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const lateness: number[] = [];
  let peakRss = process.memoryUsage.rss();
  let running = true;
  const heartbeat = () => {
    const due = performance.now() + 10;
    setTimeout(() => {
      lateness.push(performance.now() - due);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (running) heartbeat();
    }, 10);
  };
  heartbeat();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const rows = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  running = false;
  histogram.disable();
  lateness.sort((a, b) => a - b);
  const loop =
    `heartbeat lateness p50 ${percentile(lateness, 50).toFixed(1)} ms, p95 ${percentile(lateness, 95).toFixed(1)} ms, ` +
    `max ${(lateness.at(-1) ?? 0).toFixed(1)} ms; loop delay p95 ${(histogram.percentile(95) / 1e6).toFixed(1)} ms`;
  return { label, rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMb: peakRss / 1024 / 1024, loop };
};

const print = (m: Measurement) => {
  console.log(
    `${m.label.padEnd(34)} ${m.rows.toLocaleString('en').padStart(10)} rows  ${m.seconds.toFixed(2).padStart(6)} s  ` +
      `${Math.round(m.rows / m.seconds)
        .toLocaleString('en')
        .padStart(9)} rows/s  cpu ${m.cpuSeconds.toFixed(2)} s  ` +
      `peak RSS ${Math.round(m.peakRssMb)} MB\n${''.padEnd(35)}${m.loop}`,
  );
};

/** A consumer that touches a value of every row (as storing would) and acknowledges at once. */
let fuelMassChecksum = 0;
const consumer = (): ReadFileHandlers => ({
  onBatch: ({ rows }) => {
    for (const row of rows) {
      const mass = row.values[4];
      if (typeof mass === 'number') fuelMassChecksum += mass;
    }
  },
});

const rowsOf = (result: ReadResult) => result.fileMetadata.totalRows;
const readThroughWorker = async (filePath: string) => rowsOf(await runParseInWorker(filePath, consumer()));
const readInThread = async (filePath: string) => rowsOf(await readFile(filePath, consumer()));

const papaparseAlone = (filePath: string) =>
  new Promise<number>((resolve, reject) => {
    let rows = 0;
    Papa.parse(createReadStream(filePath), {
      chunk: (results: { data: unknown[] }) => {
        rows += results.data.length;
      },
      complete: () => resolve(rows),
      error: reject,
    });
  });

const exceljsAlone = async (filePath: string) => {
  let rows = 0;
  // Its event API (typed as a Workbook, which hides EventEmitter): the fast path the issue measured.
  type Emitter = { on: (event: string, listener: (value: never) => void) => void; read: () => Promise<void> };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  }) as unknown as Emitter;
  reader.on('worksheet', (worksheet: { on: (event: string, listener: () => void) => void }) => {
    worksheet.on('row', () => {
      rows++;
    });
  });
  await reader.read();
  return rows;
};

const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-measure-'));
try {
  console.log(
    `Node ${process.version}, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  if (ONLY !== 'xlsx') {
    const csvPath = path.join(dir, 'voyages.csv');
    const started = performance.now();
    await writeLargeCsv(csvPath, CSV_ROWS);
    console.log(
      `wrote ${CSV_ROWS.toLocaleString('en')}-row CSV, ${((await stat(csvPath)).size / 1e6).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (BASELINE) print(await measure('CSV papaparse alone (main thread)', () => papaparseAlone(csvPath)));
    print(await measure('CSV reader in worker', () => readThroughWorker(csvPath)));
    if (IN_THREAD) print(await measure('CSV reader on main thread', () => readInThread(csvPath)));
    await rm(csvPath);
  }
  if (ONLY !== 'csv') {
    const xlsxPath = path.join(dir, 'voyages.xlsx');
    const started = performance.now();
    await writeLargeXlsx(xlsxPath, XLSX_ROWS);
    console.log(
      `wrote ${XLSX_ROWS.toLocaleString('en')}-row XLSX, ${((await stat(xlsxPath)).size / 1e6).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (BASELINE) print(await measure('XLSX exceljs alone (main thread)', () => exceljsAlone(xlsxPath)));
    print(await measure('XLSX reader in worker', () => readThroughWorker(xlsxPath)));
    if (IN_THREAD) print(await measure('XLSX reader on main thread', () => readInThread(xlsxPath)));
  }
  console.log(`(checksum of fuel mass over all reads: ${Math.round(fuelMassChecksum).toLocaleString('en')})`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
