import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileReadError } from './errors.ts';
import { readFile } from './read-file.ts';
import { runParseInWorker } from './run-parse-in-worker.ts';
import { buildSupplierWorkbook, collect, createTempDir, type TempDir } from './test-fixtures.ts';
import type { EncodedRowBatch, ReadProgress } from './types.ts';

let temp: TempDir;
let csvPath: string;
const ROWS = 6_000;

beforeAll(async () => {
  temp = await createTempDir();
  const lines = ['IMO;Fuel type;Fuel mass [t]', ...Array.from({ length: ROWS }, (_, i) => `${9_000_000 + i};HFO;${i},5`)];
  csvPath = await temp.file('fuel.csv', `${lines.join('\n')}\n`);
});
afterAll(() => temp.remove());

describe('runParseInWorker', () => {
  it('gives the same rows and result as reading on this thread', async () => {
    const inThread = collect();
    const expected = await readFile(csvPath, inThread.handlers);
    const inWorker = collect();
    const result = await runParseInWorker(csvPath, inWorker.handlers);
    expect(inWorker.rows()).toEqual(inThread.rows());
    expect(inWorker.starts).toEqual(inThread.starts);
    expect({ ...result, fileMetadata: { ...result.fileMetadata, categoryAnalysis: null } }).toEqual({
      ...expected,
      fileMetadata: { ...expected.fileMetadata, categoryAnalysis: null },
    });
    expect(inWorker.rows()[0]).toEqual({ rowNumber: 2, values: [9_000_000, 'HFO', 0.5] });
  });

  it('hands the same rows as JSON text, batch by batch, to a caller that asks for them encoded', async () => {
    const inThread = collect();
    await readFile(csvPath, inThread.handlers);
    const encoded: EncodedRowBatch[] = [];
    const result = await runParseInWorker(csvPath, { onEncodedBatch: (batch) => void encoded.push(batch) });
    expect(result.rowsDelivered).toBe(ROWS);
    expect(encoded.map((b) => b.rowCount)).toEqual(inThread.batches.map((b) => b.rows.length));
    const decoded = encoded.flatMap((batch) => {
      const pairs = JSON.parse(batch.json) as [number, unknown[]][];
      expect([batch.firstRowNumber, batch.lastRowNumber]).toEqual([pairs[0]?.[0], pairs.at(-1)?.[0]]);
      return pairs.map(([rowNumber, values]) => ({ rowNumber, values }));
    });
    expect(decoded).toEqual(inThread.rows());
  });

  it('reads an xlsx in the worker too', async () => {
    const filePath = await temp.file('book.xlsx', '');
    await buildSupplierWorkbook(filePath);
    const sink = collect();
    const result = await runParseInWorker(filePath, sink.handlers);
    expect(result).toMatchObject({ headerRowNumber: 3, sheet: { name: 'Fuel data' }, fileMetadata: { totalRows: 4 } });
    expect(sink.rows()).toHaveLength(4);
  });

  const holdFirstBatch = async (maxBatchesInFlight: number) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    let overlapping = false;
    let running = false;
    const progress: ReadProgress[] = [];
    const reading = runParseInWorker(
      csvPath,
      {
        onBatch: async () => {
          if (running) overlapping = true;
          running = true;
          calls++;
          if (calls === 1) await held;
          running = false;
        },
        onProgress: (p) => progress.push(p),
      },
      { batchSize: 1_000 },
      undefined,
      { maxBatchesInFlight },
    );
    await expect.poll(() => calls, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whileHeld = { calls, batchesSent: progress.length };
    release();
    const result = await reading;
    return { whileHeld, calls, overlapping, result, progress };
  };

  it('stops reading while batches are unacknowledged: one in lock-step mode', async () => {
    const run = await holdFirstBatch(1);
    expect(run.whileHeld).toEqual({ calls: 1, batchesSent: 1 });
    expect(run.calls).toBe(6);
    expect(run.overlapping).toBe(false);
    expect(run.result.rowsDelivered).toBe(ROWS);
  });

  it('parses one batch ahead by default, still handing batches to onBatch one at a time', async () => {
    const run = await holdFirstBatch(2);
    expect(run.whileHeld).toEqual({ calls: 1, batchesSent: 2 });
    expect(run.calls).toBe(6);
    expect(run.overlapping).toBe(false);
    expect(run.progress.at(-1)).toMatchObject({ rowsRead: ROWS, percent: 100 });
  });

  it('rebuilds the reader error with its code', async () => {
    const filePath = await temp.file('image.csv', Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'));
    const error = await runParseInWorker(filePath, collect().handlers).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileReadError);
    expect(error).toMatchObject({ code: 'BINARY_FILE' });
  });

  it('stops the worker and rejects with the handler error when a batch fails', async () => {
    const failure = new Error('database down');
    await expect(runParseInWorker(csvPath, { onBatch: () => Promise.reject(failure) })).rejects.toBe(failure);
  });

  it('stops when the signal aborts, settling only once the batch under way was handled', async () => {
    const controller = new AbortController();
    const events: string[] = [];
    const reading = runParseInWorker(
      csvPath,
      {
        onBatch: async () => {
          events.push('batch begun');
          controller.abort();
          await new Promise((resolve) => setTimeout(resolve, 200));
          events.push('batch stored');
        },
      },
      { batchSize: 1000 },
      controller.signal,
    );
    await expect(reading).rejects.toMatchObject({ code: 'ABORTED' });
    events.push('reading rejected');
    // One batch only: the ones the worker had sent already are not handed over after the abort.
    expect(events).toEqual(['batch begun', 'batch stored', 'reading rejected']);
  });

  it('stops a worker that outgrows its heap limit instead of taking the process down', async () => {
    const settings = { heapLimitMb: 16 };
    const small = await temp.file('small.csv', 'a,b\n1,2\n');
    await expect(runParseInWorker(small, collect().handlers, {}, undefined, settings)).resolves.toMatchObject({ rowsDelivered: 1 });
    const row = (i: number) => Array.from({ length: 20 }, (_, column) => `x${i}-${column}`).join(',');
    // 200,000 rows of 20 cells (about 30 MB of text) in one batch: every cell string is held in the worker's
    // heap at once, far past 16 MB whatever the garbage collector does first.
    const big = await temp.file('big.csv', `${Array.from({ length: 200_000 }, (_, i) => row(i)).join('\n')}\n`);
    const reading = runParseInWorker(big, collect().handlers, { batchSize: 200_000 }, undefined, settings);
    await expect(reading).rejects.toMatchObject({ code: 'WORKER_FAILED', message: 'Reading the file needed more memory than allowed.' });
  });
});

describe('runParseInWorker under the server runtime', () => {
  it('starts its TypeScript worker when run with node --import tsx, as the server is', async () => {
    const moduleUrl = new URL('./run-parse-in-worker.ts', import.meta.url).href;
    const script = `
      const { runParseInWorker } = await import(${JSON.stringify(moduleUrl)});
      let rows = 0;
      const result = await runParseInWorker(process.argv[1], { onBatch: (batch) => { rows += batch.rows.length; } });
      process.stdout.write(JSON.stringify({ rows, totalRows: result.fileMetadata.totalRows, delimiter: result.delimiter }));
    `;
    const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, csvPath], {
      cwd: repoRoot,
      timeout: 30_000,
    });
    expect(JSON.parse(stdout)).toEqual({ rows: ROWS, totalRows: ROWS, delimiter: ';' });
  });
});
