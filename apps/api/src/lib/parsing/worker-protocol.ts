import type { SerializedFileReadError } from './errors.ts';
import type { CellValue, EncodedRowBatch, ReadFileOptions, ReadProgress, ReadResult, ReadStart } from './types.ts';

// Messages between runParseInWorker (parent) and parse-worker (worker thread). `start` and `batch` carry an id the
// parent echoes in an `ack` once its handler settled. The worker waits for the ack of `start`, and never has more
// than `maxBatchesInFlight` batches unacknowledged: it parses the next batch while the parent handles the current
// one, then waits (backpressure). Batches travel as two parallel arrays, which clone faster than row objects.

export type WorkerInput = {
  filePath: string;
  options: ReadFileOptions;
  maxBatchesInFlight: number;
  heapLimitMb: number;
  /** `json`: batches go out as `encodedBatch` (EncodedRowBatch), encoded here rather than on the caller's thread. */
  batchFormat: 'rows' | 'json';
};

export type WorkerMessage =
  | { type: 'start'; id: number; start: ReadStart }
  | { type: 'batch'; id: number; rowNumbers: number[]; values: CellValue[][] }
  | { type: 'encodedBatch'; id: number; batch: EncodedRowBatch }
  | { type: 'progress'; progress: ReadProgress }
  | { type: 'done'; result: ReadResult }
  | { type: 'error'; error: SerializedFileReadError | { code: null; message: string } };

export type ParentMessage = { type: 'ack'; id: number } | { type: 'cancel' };
