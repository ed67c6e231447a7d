import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putFile, UploadAbortedError, UploadTransferError } from './put-file.ts';

/** A storage stand-in on a real socket: stores PUT bodies, answers as the local storage route does. */
let server: Server;
let base = '';
const received = new Map<string, { body: Buffer; contentType: string | undefined }>();

const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-type' };

const handle = (req: IncomingMessage, res: ServerResponse) => {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url === '/expired') {
      res.writeHead(403, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'This link has expired.', extensions: { code: 'FORBIDDEN' } }] }));
      return;
    }
    if (req.url === '/broken') {
      res.writeHead(500, cors).end('<Error/>');
      return;
    }
    if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200, cors).end(), 2000);
      return;
    }
    received.set(req.url ?? '', { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
    res.writeHead(200, cors).end();
  });
};

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const target = (path: string) => ({ uploadUrl: `${base}${path}`, method: 'PUT', headers: [{ name: 'content-type', value: 'text/csv' }] });

describe('sending a file to its signed URL', () => {
  it('PUTs the bytes with the signed headers and reports progress up to the whole size', async () => {
    const content = `vessel;fuel\n${'MV Aurora;12.5\n'.repeat(20_000)}`;
    const file = new File([content], 'fuel.csv', { type: 'text/csv' });
    const progress: number[] = [];
    await putFile(target('/ok'), file, { onProgress: (loaded) => progress.push(loaded) });
    const stored = received.get('/ok');
    expect(stored?.body.toString()).toBe(content);
    expect(stored?.contentType).toBe('text/csv');
    expect(progress.at(-1)).toBe(file.size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('rejects with the storage’s own message when it refuses, and a plain one when it gives none', async () => {
    const file = new File(['a;b\n'], 'a.csv');
    await expect(putFile(target('/expired'), file)).rejects.toEqual(new UploadTransferError('This link has expired.', 403));
    await expect(putFile(target('/broken'), file)).rejects.toThrow('The storage did not accept the file (HTTP 500).');
  });

  it('says the connection was lost when nothing answers', async () => {
    const file = new File(['a;b\n'], 'a.csv');
    const closed = { uploadUrl: 'http://127.0.0.1:1/nowhere', method: 'PUT', headers: [] };
    await expect(putFile(closed, file)).rejects.toThrow('The connection was lost while sending the file.');
  });

  it('stops when aborted, before or during the transfer', async () => {
    const file = new File(['a;b\n'], 'a.csv');
    const before = new AbortController();
    before.abort();
    await expect(putFile(target('/ok-aborted'), file, { signal: before.signal })).rejects.toBeInstanceOf(UploadAbortedError);
    const during = new AbortController();
    const sending = putFile(target('/slow'), file, { signal: during.signal });
    during.abort();
    await expect(sending).rejects.toBeInstanceOf(UploadAbortedError);
  });
});
