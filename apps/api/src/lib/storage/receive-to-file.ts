import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError } from '../body-limit.ts';

/** The client went away (or its connection broke) before its body was complete. */
export class UploadAbortedError extends Error {
  constructor(cause?: unknown) {
    super('Upload closed before its body was complete', { cause });
    this.name = 'UploadAbortedError';
  }
}

/**
 * Streams a request body into a new file, counting bytes as they arrive, and stops past `limit` with
 * PayloadTooLargeError: the streaming twin of `readBody` (lib/body-limit.ts) for bodies too large to hold
 * in memory. A chunked body, or one longer than its Content-Length claims, stops at the same count. The
 * request is left readable (listeners removed) so the caller can still answer 413; on any failure the
 * file is closed before the promise rejects, and the caller deletes it. `onBytes` hears the count after
 * each chunk that was accepted.
 */
export const receiveToFile = (
  req: IncomingMessage,
  filePath: string,
  limit: number,
  onBytes?: (received: number) => void,
): Promise<number> =>
  new Promise((resolve, reject) => {
    const out = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let settled = false;
    const detach = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onClose);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      detach();
      out.off('drain', onDrain);
      if (out.closed) reject(error);
      else {
        out.once('close', () => reject(error));
        out.destroy();
      }
    };
    const onDrain = () => req.resume();
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        fail(new PayloadTooLargeError(limit));
        return;
      }
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', onDrain);
      }
      onBytes?.(size);
    };
    const onEnd = () => {
      detach();
      out.end();
    };
    const onFailure = (error: Error) => fail(new UploadAbortedError(error));
    const onClose = () => {
      if (!req.complete) fail(new UploadAbortedError());
    };
    out.once('error', (error: Error) => fail(error));
    out.once('close', () => {
      if (settled) return;
      settled = true;
      resolve(size);
    });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onFailure);
    req.once('close', onClose);
  });
