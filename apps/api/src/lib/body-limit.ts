import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown by readBody when a request body passes its limit; the server answers 413. */
export class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/** How long a refused upload may keep sending (discarded) before its connection is cut. */
const DRAIN_GRACE_MS = 2000;

/**
 * Reads a request body into memory, counting bytes as they arrive, and refuses it past `limit`.
 * The declared Content-Length is only a shortcut: a chunked body (no length) or a body longer than
 * it claims is stopped at the same count, so no route ever holds more than `limit` bytes of one
 * request. Routes with their own limit (file uploads) call it with theirs.
 */
export const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new PayloadTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (req.complete) return;
      cleanup();
      reject(new Error('Request closed before its body was complete'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });

/**
 * Answers 413 in the API's JSON error shape and closes the connection. What the client still sends
 * is read and thrown away for a short grace (so it can read the answer instead of a reset), then
 * the socket is cut.
 */
export const sendPayloadTooLarge = (req: IncomingMessage, res: ServerResponse, limit: number) => {
  if (!res.headersSent) {
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
  }
  res.end(
    JSON.stringify({
      errors: [
        {
          message: `Request body is larger than ${limit} bytes`,
          extensions: { code: 'PAYLOAD_TOO_LARGE', field: null, details: { limit } },
        },
      ],
    }),
  );
  req.resume();
  const timer = setTimeout(() => req.socket?.destroy(), DRAIN_GRACE_MS);
  timer.unref();
  req.socket?.once('close', () => clearTimeout(timer));
};
