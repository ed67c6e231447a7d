// Worker-thread entry: runs readFile on the file named in workerData and talks to runParseInWorker by messages
// (worker-protocol.ts). Started only by run-parse-in-worker.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { FileReadError } from './errors.ts';
import { readFile } from './read-file.ts';
import type { ReadStart, RowBatch } from './types.ts';
import type { ParentMessage, WorkerInput, WorkerMessage } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('parse-worker must run in a worker thread');

const { filePath, options } = workerData as WorkerInput;
const controller = new AbortController();
const waiting = new Map<number, () => void>();
let nextId = 0;

port.on('message', (message: ParentMessage) => {
  if (message.type === 'cancel') {
    controller.abort();
    for (const resolve of waiting.values()) resolve();
    return;
  }
  waiting.get(message.id)?.();
  waiting.delete(message.id);
});

const send = (message: WorkerMessage) => port.postMessage(message);

type Request = { type: 'start'; start: ReadStart } | { type: 'batch'; batch: RowBatch };

/** Posts a message and resolves when the parent acknowledges it. */
const request = (message: Request) =>
  new Promise<void>((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve);
    send({ ...message, id });
  });

try {
  const result = await readFile(
    filePath,
    {
      onStart: (start) => request({ type: 'start', start }),
      onBatch: (batch) => request({ type: 'batch', batch }),
      onProgress: (progress) => send({ type: 'progress', progress }),
    },
    options,
    controller.signal,
  );
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
