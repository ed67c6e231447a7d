import { Worker } from 'node:worker_threads';
import { FileReadError, isFileReadErrorCode } from './errors.ts';
import type { EncodedReadFileHandlers, ReadFileHandlers, ReadFileOptions, ReadResult } from './types.ts';
import type { ParentMessage, WorkerInput, WorkerMessage } from './worker-protocol.ts';

export type WorkerSettings = {
  /** Old-generation heap of the worker in MB; past it the worker stops with WORKER_FAILED instead of the server. */
  heapLimitMb?: number;
  /**
   * Batches the worker may have sent before the oldest is acknowledged. 2 (default) lets it parse the next batch
   * while onBatch handles the current one; 1 is strict lock-step. onBatch calls never overlap either way.
   */
  maxBatchesInFlight?: number;
};

export const DEFAULT_WORKER_HEAP_LIMIT_MB = 1024;
export const DEFAULT_MAX_BATCHES_IN_FLIGHT = 2;

const isTypeScript = import.meta.url.endsWith('.ts');
const workerUrl = new URL(isTypeScript ? './parse-worker-bootstrap.mjs' : './parse-worker.js', import.meta.url);

/** Parent options a worker cannot take: the parent's own script (eval, input type) and process-wide tools. */
const takesValue = new Set(['-e', '--eval', '-p', '--print', '--input-type']);
const processWide = /^--(eval|print|input-type|inspect|watch|test)/;

/** The parent's Node options minus those that only make sense for the parent's own entry point. */
const workerExecArgv = (): string[] => {
  const kept: string[] = [];
  const inherited = process.execArgv;
  for (let i = 0; i < inherited.length; i++) {
    const arg = inherited[i] as string;
    if (takesValue.has(arg)) {
      i++;
      continue;
    }
    if (processWide.test(arg)) continue;
    kept.push(arg);
  }
  return kept;
};

const toError = (error: WorkerMessage & { type: 'error' }): Error => {
  const { code, message } = error.error;
  if (isFileReadErrorCode(code)) return new FileReadError(code, message, 'details' in error.error ? error.error.details : {});
  return new FileReadError('WORKER_FAILED', `Reading the file failed unexpectedly: ${message}`);
};

/**
 * Runs readFile in a worker thread so parsing a large file never blocks the API's event loop. Same contract as
 * readFile: handlers are called on this thread, one batch at a time and in order; the worker waits for onStart,
 * and for each batch's promise once `maxBatchesInFlight` are out. If a handler throws, or the signal aborts, the
 * worker is stopped and the promise rejects (with the handler's error, or FileReadError ABORTED). The promise
 * settles only once the handler under way has returned, so a caller that goes on after it (a retry of the
 * job) never races a write of the run it stopped.
 * With `onEncodedBatch` instead of `onBatch`, each batch arrives as JSON text encoded in the worker (EncodedRowBatch).
 */
export const runParseInWorker = (
  filePath: string,
  handlers: ReadFileHandlers | EncodedReadFileHandlers,
  options: ReadFileOptions = {},
  signal?: AbortSignal,
  settings: WorkerSettings = {},
): Promise<ReadResult> =>
  new Promise<ReadResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FileReadError('ABORTED', 'Reading the file was cancelled.'));
      return;
    }
    const heapLimitMb = settings.heapLimitMb ?? DEFAULT_WORKER_HEAP_LIMIT_MB;
    const workerData: WorkerInput = {
      filePath,
      options,
      maxBatchesInFlight: Math.max(1, settings.maxBatchesInFlight ?? DEFAULT_MAX_BATCHES_IN_FLIGHT),
      heapLimitMb,
      batchFormat: 'onEncodedBatch' in handlers ? 'json' : 'rows',
    };
    const worker = new Worker(workerUrl, {
      workerData,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb },
    });
    /** Handlers are called one after another, in order, even when the worker has sent the next message already. */
    let handling = Promise.resolve();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      // Handlers not yet begun are skipped; the one under way ends before the caller hears the outcome.
      void handling.then(outcome);
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const onAbort = () => fail(new FileReadError('ABORTED', 'Reading the file was cancelled.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const ack = (id: number) => {
      if (!settled) worker.postMessage({ type: 'ack', id } satisfies ParentMessage);
    };
    const handleInOrder = (id: number, handle: () => void | Promise<void>) => {
      handling = handling
        .then(() => (settled ? undefined : handle()))
        .then(() => ack(id))
        .catch(fail);
    };

    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      switch (message.type) {
        case 'start':
          handleInOrder(message.id, () => handlers.onStart?.(message.start));
          return;
        case 'batch': {
          const { id, rowNumbers, values } = message;
          if (!('onBatch' in handlers)) return fail(new Error('The worker sent rows to a caller that asked for JSON.'));
          const rows = rowNumbers.map((rowNumber, i) => ({ rowNumber, values: values[i] ?? [] }));
          handleInOrder(id, () => handlers.onBatch({ rows }));
          return;
        }
        case 'encodedBatch': {
          const { id, batch } = message;
          if (!('onEncodedBatch' in handlers)) return fail(new Error('The worker sent JSON to a caller that asked for rows.'));
          handleInOrder(id, () => handlers.onEncodedBatch(batch));
          return;
        }
        case 'progress':
          try {
            handlers.onProgress?.(message.progress);
          } catch (error) {
            fail(error);
          }
          return;
        case 'done':
          settle(() => resolve(message.result));
          return;
        case 'error':
          fail(toError(message));
          return;
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      fail(
        new FileReadError(
          'WORKER_FAILED',
          outOfMemory ? 'Reading the file needed more memory than allowed.' : `Reading the file failed unexpectedly: ${error.message}`,
          { cause: error.code ?? error.name },
        ),
      );
    });
    worker.on('exit', (code) => {
      fail(new FileReadError('WORKER_FAILED', `The file reader stopped unexpectedly (exit code ${code}).`, { exitCode: code }));
    });
  });
