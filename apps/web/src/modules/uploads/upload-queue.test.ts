import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUpload, type UploadApi, UploadQueue } from './upload-queue.ts';

/**
 * The queue against a storage on a real socket (PUTs are held until the test lets them answer) and a
 * stand-in for the three GraphQL calls, recording what the server was asked.
 */
let server: Server;
let base = '';
const held = new Map<string, ServerResponse>();
const stored = new Map<string, string>();
const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-type' };

const handle = (req: IncomingMessage, res: ServerResponse) => {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors).end();
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    const name = decodeURIComponent((req.url ?? '').slice(1));
    stored.set(name, body);
    if (name.startsWith('fail')) res.writeHead(500, cors).end();
    else held.set(name, res);
  });
};

const release = async (name: string) => {
  await until(() => held.has(name));
  held.get(name)?.writeHead(200, cors).end();
  held.delete(name);
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('the condition was never met');
};

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const res of held.values()) res.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

type ServerFile = { id: string; status: string };

const fakeServer = () => {
  const calls: string[] = [];
  let next = 0;
  const api: UploadApi<ServerFile> = {
    generateUploadUrl: async ({ fileName, size }) => {
      if (size > 1000) throw new Error('The file is too large.');
      next += 1;
      const fileId = `file-${next}`;
      calls.push(`url ${fileName} ${fileId}`);
      return {
        fileId,
        uploadUrl: `${base}/${encodeURIComponent(fileName)}`,
        method: 'PUT',
        headers: [{ name: 'content-type', value: 'text/csv' }],
        file: { id: fileId, status: 'pending' },
      };
    },
    completeUpload: async (fileId) => {
      calls.push(`complete ${fileId}`);
      return { id: fileId, status: 'queued' };
    },
    cancelPendingFiles: async (batchId, fileIds) => {
      calls.push(`cancel ${batchId} ${fileIds.join(',')}`);
    },
  };
  return { api, calls };
};

const phases = (entries: readonly LocalUpload<ServerFile>[]) => entries.map((e) => `${e.name}:${e.phase}`);
const csv = (name: string, text = 'a;b\n1;2\n') => new File([text], name, { type: 'text/csv' });

describe('the upload queue of a batch', () => {
  it('sends two files at a time: URL, PUT, then completeUpload for each, in order', async () => {
    const { api, calls } = fakeServer();
    const queue = new UploadQueue('batch-1', api, 2);
    queue.add([csv('one.csv'), csv('two.csv'), csv('three.csv')]);
    await until(() => held.has('one.csv') && held.has('two.csv'));
    expect(phases(queue.getSnapshot())).toEqual(['one.csv:uploading', 'two.csv:uploading', 'three.csv:waiting']);
    expect(queue.busy).toBe(true);
    await release('one.csv');
    await release('three.csv');
    await release('two.csv');
    await until(() => !queue.busy);
    expect(phases(queue.getSnapshot())).toEqual(['one.csv:done', 'two.csv:done', 'three.csv:done']);
    expect(queue.getSnapshot().map((e) => e.file?.status)).toEqual(['queued', 'queued', 'queued']);
    expect(queue.getSnapshot().map((e) => e.loaded)).toEqual([8, 8, 8]);
    expect(stored.get('two.csv')).toBe('a;b\n1;2\n');
    expect(calls.filter((c) => c.startsWith('complete'))).toEqual(['complete file-1', 'complete file-3', 'complete file-2']);
  });

  it('a failed PUT gives the pending file up, keeps the reason, and a retry starts again with a new URL', async () => {
    const { api, calls } = fakeServer();
    const queue = new UploadQueue('batch-2', api, 2);
    queue.add([csv('fail-once.csv'), csv('fine.csv')]);
    await until(() => queue.getSnapshot()[0]?.phase === 'failed');
    expect(queue.getSnapshot()[0]?.error).toBe('The storage did not accept the file (HTTP 500).');
    expect(calls).toContain('cancel batch-2 file-1');
    await release('fine.csv');
    await until(() => queue.getSnapshot()[1]?.phase === 'done');

    const key = queue.getSnapshot()[0]?.key ?? '';
    queue.retry(key);
    await until(() => queue.getSnapshot()[0]?.phase === 'failed' && queue.getSnapshot()[0]?.fileId === 'file-3');
    expect(calls.filter((c) => c.startsWith('url fail-once'))).toEqual(['url fail-once.csv file-1', 'url fail-once.csv file-3']);
    queue.dismiss(key);
    expect(phases(queue.getSnapshot())).toEqual(['fine.csv:done']);
  });

  it('cancelling a file on its way aborts its PUT and cancels it on the server; a waiting one never starts', async () => {
    const { api, calls } = fakeServer();
    const queue = new UploadQueue('batch-3', api, 1);
    queue.add([csv('cancel-me.csv'), csv('never.csv')]);
    await until(() => held.has('cancel-me.csv'));
    const [sending, waiting] = queue.getSnapshot();
    queue.cancel(waiting?.key ?? '');
    queue.cancel(sending?.key ?? '');
    await until(() => !queue.busy);
    expect(phases(queue.getSnapshot())).toEqual(['cancel-me.csv:cancelled', 'never.csv:cancelled']);
    expect(queue.getSnapshot()[0]?.error).toBeNull();
    expect(calls).toEqual(['url cancel-me.csv file-1', 'cancel batch-3 file-1']);
    held.get('cancel-me.csv')?.destroy();
    held.delete('cancel-me.csv');
  });

  it('shows the server’s refusal of a file and sends nothing for it', async () => {
    const { api, calls } = fakeServer();
    const queue = new UploadQueue('batch-4', api);
    queue.add([csv('huge.csv', 'x'.repeat(2000))]);
    await until(() => !queue.busy);
    expect(queue.getSnapshot()[0]).toMatchObject({ phase: 'failed', error: 'The file is too large.', fileId: null });
    expect(calls).toEqual([]);
    expect(stored.has('huge.csv')).toBe(false);
  });
});
