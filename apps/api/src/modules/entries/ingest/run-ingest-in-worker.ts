import { Worker } from 'node:worker_threads';
import type { ChunkResult, IngestWorkerInput, ParentMessage, WorkerMessage } from './ingest-protocol.ts';

export const DEFAULT_INGEST_HEAP_LIMIT_MB = 256;
/**
 * A small young generation: the worker makes short-lived objects for every row, and scavenging often keeps the
 * process's resident memory low at little cost.
 */
const YOUNG_GENERATION_MB = 8;

const isTypeScript = import.meta.url.endsWith('.ts');
const workerUrl = new URL(isTypeScript ? './ingest-worker-bootstrap.mjs' : './ingest-worker.js', import.meta.url);

/** Parent options a worker cannot take: the parent's own script and process-wide tools. */
const takesValue = new Set(['-e', '--eval', '-p', '--print', '--input-type']);
const processWide = /^--(eval|print|input-type|inspect|watch|test)/;
const workerExecArgv = (): string[] => {
  const kept: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i] as string;
    if (takesValue.has(arg)) i++;
    else if (!processWide.test(arg)) kept.push(arg);
  }
  return kept;
};

/** The worker failed (its own error, memory, an unexpected exit): the run's attempt fails and is retried. */
export class IngestWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestWorkerError';
  }
}

/** A validation run's worker thread: duplicate keys in, then chunks in order, one result per chunk. */
export type IngestWorker = {
  /** Adds hashes of duplicate keys; resolves once the worker holds them. */
  addKeys: (scope: 'stored' | 'file', keys: { hashes: Float64Array; rowNumbers: Int32Array }) => Promise<void>;
  /** Validates one chunk; results come back in the order chunks were sent. */
  process: (firstIndex: number, packed: string) => Promise<ChunkResult>;
  terminate: () => Promise<void>;
};

/**
 * Starts the worker that validates a file's rows (ingest-worker.ts) off the event loop, with its own heap limit:
 * a file that needs more fails the attempt with a reason instead of taking the server's memory.
 */
export const startIngestWorker = (
  input: Omit<IngestWorkerInput, 'heapLimitMb'>,
  heapLimitMb = DEFAULT_INGEST_HEAP_LIMIT_MB,
): IngestWorker => {
  const worker = new Worker(workerUrl, {
    workerData: { ...input, heapLimitMb } satisfies IngestWorkerInput,
    execArgv: workerExecArgv(),
    resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const pending of waiting.values()) pending.reject(failure);
    waiting.clear();
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'error') {
      failAll(new IngestWorkerError(`Validating the file failed unexpectedly: ${message.message}`));
      void worker.terminate();
      return;
    }
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    pending.resolve(message);
  });
  worker.on('error', (error: Error & { code?: string }) => {
    failAll(
      new IngestWorkerError(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'Validating the file needed more memory than allowed.'
          : `Validating the file failed unexpectedly: ${error.message}`,
      ),
    );
  });
  worker.on('exit', (code) => failAll(new IngestWorkerError(`The validation worker stopped (exit code ${code}).`)));
  const ask = <T>(message: ParentMessage, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (failure) return Promise.reject(failure);
    return new Promise<T>((resolve, reject) => {
      waiting.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(message, transfer);
    });
  };
  return {
    addKeys: async (scope, { hashes, rowNumbers }) => {
      await ask({ type: 'keys', id: ++nextId, scope, hashes, rowNumbers }, [
        hashes.buffer as ArrayBuffer,
        rowNumbers.buffer as ArrayBuffer,
      ]);
    },
    process: async (firstIndex, packed) => {
      const { type: _type, ...result } = await ask<{ type: 'result' } & ChunkResult>({ type: 'chunk', id: ++nextId, firstIndex, packed });
      return result;
    },
    terminate: async () => {
      failure ??= new IngestWorkerError('The validation worker was stopped.');
      await worker.terminate();
    },
  };
};
