import type { SerializedFileReadError } from './errors.ts';
import type { ReadFileOptions, ReadProgress, ReadResult, ReadStart, RowBatch } from './types.ts';

// Messages between runParseInWorker (parent) and parse-worker (worker thread). `start` and `batch` carry an id the
// parent echoes in an `ack` once its handler settled; the worker does not read on until then (backpressure).

export type WorkerInput = { filePath: string; options: ReadFileOptions };

export type WorkerMessage =
  | { type: 'start'; id: number; start: ReadStart }
  | { type: 'batch'; id: number; batch: RowBatch }
  | { type: 'progress'; progress: ReadProgress }
  | { type: 'done'; result: ReadResult }
  | { type: 'error'; error: SerializedFileReadError | { code: null; message: string } };

export type ParentMessage = { type: 'ack'; id: number } | { type: 'cancel' };
