// Worker-thread entry: runs readFile on the file named in workerData and talks to runParseInWorker by messages
// (worker-protocol.ts). Started only by run-parse-in-worker.ts (through parse-worker-bootstrap.mjs from source).
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { FileReadError } from './errors.ts';
import { readFile } from './read-file.ts';
import type { PackedRowPair } from './row-packing.ts';
import type { EncodedRowBatch, RowBatch } from './types.ts';
import type { ParentMessage, WorkerInput, WorkerMessage } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('parse-worker must run in a worker thread');

const { filePath, options, maxBatchesInFlight, heapLimitMb, batchFormat } = workerData as WorkerInput;

/**
 * The worker's own check of its heap limit. resourceLimits alone is not enough: a process started with
 * --max-old-space-size (NODE_OPTIONS, common in production) gives every worker that V8 limit instead.
 */
const checkHeap = () => {
  if (getHeapStatistics().used_heap_size > heapLimitMb * 1024 * 1024) {
    throw new FileReadError('WORKER_FAILED', 'Reading the file needed more memory than allowed.');
  }
};
const controller = new AbortController();
const unacknowledged = new Set<number>();
let wake: (() => void) | null = null;
let nextId = 0;

port.on('message', (message: ParentMessage) => {
  if (message.type === 'cancel') controller.abort();
  else unacknowledged.delete(message.id);
  wake?.();
});

const send = (message: WorkerMessage) => port.postMessage(message);

/** Resolves once at most `limit` messages are unacknowledged (or the read was cancelled). */
const acknowledged = async (limit: number) => {
  while (unacknowledged.size > limit && !controller.signal.aborted) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = null;
  }
};

const sendBatch = async ({ rows }: RowBatch) => {
  checkHeap();
  // Encoded before waiting, so the worker encodes this batch while the caller stores the previous one.
  const encoded = batchFormat === 'json' ? encodeBatch(rows) : null;
  await acknowledged(maxBatchesInFlight - 1);
  const id = ++nextId;
  unacknowledged.add(id);
  if (encoded) send({ type: 'encodedBatch', id, batch: encoded });
  else send({ type: 'batch', id, rowNumbers: rows.map((row) => row.rowNumber), values: rows.map((row) => row.values) });
};

/** `[[rowNumber, [values...]], ...]` in one JSON.stringify, V8's fastest path for plain arrays. */
const encodeBatch = (rows: RowBatch['rows']): EncodedRowBatch => {
  const pairs = new Array<PackedRowPair>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RowBatch['rows'][number];
    pairs[i] = [row.rowNumber, row.values];
  }
  return {
    firstRowNumber: rows[0]?.rowNumber ?? 0,
    lastRowNumber: rows[rows.length - 1]?.rowNumber ?? 0,
    rowCount: rows.length,
    json: JSON.stringify(pairs),
  };
};

try {
  const result = await readFile(
    filePath,
    {
      onStart: async (start) => {
        const id = ++nextId;
        unacknowledged.add(id);
        send({ type: 'start', id, start });
        await acknowledged(0);
      },
      onBatch: sendBatch,
      onProgress: (progress) => {
        checkHeap();
        send({ type: 'progress', progress });
      },
    },
    options,
    controller.signal,
  );
  await acknowledged(0);
  send({ type: 'done', result });
} catch (error) {
  send({
    type: 'error',
    error:
      error instanceof FileReadError
        ? { code: error.code, message: error.message, details: error.details }
        : { code: null, message: error instanceof Error ? error.message : String(error) },
  });
} finally {
  port.close();
}
