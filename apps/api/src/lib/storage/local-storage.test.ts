import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStorage, localStorageRoot } from './create-storage.ts';
import { describeFileStorageContract } from './file-storage-contract.ts';
import { createLocalStorage, localTempDir } from './local-storage.ts';
import { createObjectKey } from './object-key.ts';
import { deriveUrlSigningKey, signClaims } from './signed-url.ts';
import { type FileStorage, ObjectNotFoundError } from './storage.ts';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

let server: TestServer;
let storage: FileStorage;
const organizationId = randomUUID();

/** The signed URLs name APP_URL; the test server listens on a port of its own. */
const reachable = (url: string) => {
  const parsed = new URL(url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
};

/** A request sent as written: fetch would resolve dot segments before they reach the server. */
const rawRequest = (method: string, pathAndQuery: string, body?: Buffer) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const req = request({ host: hostname, port, method, path: pathAndQuery }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });

/** A body without Content-Length (chunked transfer), so only the server's count can stop it. */
const chunked = (size: number, chunkSize = 64 * 1024) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(chunkSize, size - sent)).fill(0x61);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
};

const putChunked = (url: string, size: number) =>
  fetch(reachable(url), { method: 'PUT', body: chunked(size), duplex: 'half' } as RequestInit & { duplex: 'half' });

const tempFiles = async () => readdir(localTempDir(localStorageRoot(server.env))).catch(() => []);

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
  storage = createStorage(server.env, server.app.services.secrets);
});

afterAll(async () => {
  await server?.close();
});

describeFileStorageContract('local disk through the signed routes', () => ({
  storage,
  newKey: () => createObjectKey(organizationId),
  maxFileBytes: MAX_FILE_BYTES,
  reachable,
  sendsNosniff: true,
}));

describe('local storage routes', () => {
  it('keep objects under DATA_DIR/files at their key, with no temp file left', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 100, contentLength: 5, contentType: 'text/csv' });
    expect(upload.url).toMatch(new RegExp(`^${server.env.APP_URL}/files/upload/${key}\\?exp=\\d+&max=5&sig=[\\w-]{43}$`));
    const response = await fetch(reachable(upload.url), { method: 'PUT', headers: upload.headers, body: 'a;b\n\n' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: 5 });
    expect(await readFile(path.join(server.env.DATA_DIR, 'files', ...key.split('/')), 'utf8')).toBe('a;b\n\n');
    expect(await tempFiles()).toEqual([]);
  });

  it('refuse a tampered upload URL with 403 and store nothing', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 1000, contentLength: 1000, contentType: 'text/csv' });
    const url = new URL(upload.url);
    const sig = url.searchParams.get('sig') ?? '';
    const variants = [
      (u: URL) => u.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      (u: URL) => u.searchParams.set('max', '1001'),
      (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)),
      (u: URL) => {
        u.pathname = `/files/upload/${createObjectKey(organizationId)}`;
      },
      (u: URL) => u.searchParams.delete('sig'),
      (u: URL) => u.searchParams.set('max', '1e3'),
    ];
    for (const tamper of variants) {
      const tampered = new URL(url);
      tamper(tampered);
      const response = await fetch(reachable(tampered.toString()), { method: 'PUT', body: 'a;b\n' });
      expect(response.status, tampered.search).toBe(403);
      expect(await response.json()).toMatchObject({ errors: [{ message: 'This link is not valid.', extensions: { code: 'FORBIDDEN' } }] });
    }
    expect(await storage.stat(key)).toBeNull();
    // A download URL is no upload URL, and the reverse.
    const download = await storage.createDownloadUrl({ key, fileName: 'a.csv' });
    const asUpload = new URL(download.url);
    asUpload.pathname = asUpload.pathname.replace('/files/download/', '/files/upload/');
    expect((await fetch(reachable(asUpload.toString()), { method: 'PUT', body: 'x' })).status).toBe(403);
  });

  it('refuse a download URL whose name or key was changed', async () => {
    const key = createObjectKey(organizationId);
    expect(
      (
        await fetch(reachable((await storage.createUploadUrl({ key, maxBytes: 3, contentLength: 3, contentType: 'text/csv' })).url), {
          method: 'PUT',
          body: 'abc',
        })
      ).status,
    ).toBe(200);
    const download = new URL((await storage.createDownloadUrl({ key, fileName: 'report.csv' })).url);
    expect((await fetch(reachable(download.toString()))).status).toBe(200);
    const renamed = new URL(download);
    renamed.searchParams.set('name', 'report.html');
    expect((await fetch(reachable(renamed.toString()))).status).toBe(403);
    const other = new URL(download);
    other.pathname = `/files/download/${createObjectKey(organizationId)}`;
    expect((await fetch(reachable(other.toString()))).status).toBe(403);
  });

  it('refuse expired URLs with 403', async () => {
    const past = createStorage(server.env, server.app.services.secrets, { now: () => Date.now() - 3600_000 });
    const key = createObjectKey(organizationId);
    const upload = await past.createUploadUrl({ key, maxBytes: 10, contentLength: 10, contentType: 'text/csv', expiresInSeconds: 900 });
    expect(upload.expiresAt.getTime()).toBeLessThan(Date.now());
    const response = await fetch(reachable(upload.url), { method: 'PUT', body: 'a;b\n' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [{ message: 'This link has expired.' }] });
    expect(await storage.stat(key)).toBeNull();

    expect(
      (
        await fetch(reachable((await storage.createUploadUrl({ key, maxBytes: 4, contentLength: 4, contentType: 'text/csv' })).url), {
          method: 'PUT',
          body: 'a;b\n',
        })
      ).status,
    ).toBe(200);
    const download = await past.createDownloadUrl({ key, fileName: 'a.csv', expiresInSeconds: 60 });
    expect((await fetch(reachable(download.url))).status).toBe(403);
  });

  it('stop a chunked body past the signed size with 413 and leave no file behind', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 100_000, contentLength: 100_000, contentType: 'text/csv' });
    const response = await putChunked(upload.url, 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE', details: { limit: 100_000 } } }] });
    expect(await storage.stat(key)).toBeNull();
    expect(await tempFiles()).toEqual([]);
  });

  it('delete the partial file when the client goes away mid-upload', async () => {
    const key = createObjectKey(organizationId);
    const upload = new URL(
      (await storage.createUploadUrl({ key, maxBytes: 100_000, contentLength: 100_000, contentType: 'text/csv' })).url,
    );
    const { hostname, port } = new URL(server.url);
    const req = request({
      host: hostname,
      port,
      method: 'PUT',
      path: `${upload.pathname}${upload.search}`,
      headers: { 'content-length': '100000' },
    });
    req.on('error', () => {});
    req.write(Buffer.alloc(40_000, 0x61));
    await expect.poll(tempFiles).toHaveLength(1);
    req.destroy();
    await expect.poll(tempFiles).toEqual([]);
    expect(await storage.stat(key)).toBeNull();
  });

  it('refuse a declared Content-Length past the signed size before reading the body', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 10, contentLength: 10, contentType: 'text/csv' });
    const response = await fetch(reachable(upload.url), { method: 'PUT', body: Buffer.alloc(11) });
    expect(response.status).toBe(413);
    expect(await storage.stat(key)).toBeNull();
  });

  it('bound the signed size by UPLOAD_MAX_FILE_BYTES, so lowering it binds URLs already handed out', async () => {
    // Signed by a server that allowed 16 MiB, sent to one that now allows 4 MiB.
    const generous = createLocalStorage({
      root: localStorageRoot(server.env),
      baseUrl: server.env.APP_URL,
      signingKey: deriveUrlSigningKey(server.app.services.secrets.tokenSigningKey),
      maxFileBytes: 16 * 1024 * 1024,
      defaultTtlSeconds: 900,
    });
    const key = createObjectKey(organizationId);
    const upload = await generous.createUploadUrl({
      key,
      maxBytes: 8 * 1024 * 1024,
      contentLength: 8 * 1024 * 1024,
      contentType: 'text/csv',
    });
    const response = await putChunked(upload.url, MAX_FILE_BYTES + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { details: { limit: MAX_FILE_BYTES } } }] });
    expect(await storage.stat(key)).toBeNull();
    expect(await tempFiles()).toEqual([]);
  });

  it('write each key once: a second PUT with the same URL is 409 and changes nothing', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 4, contentLength: 4, contentType: 'text/csv' });
    expect((await fetch(reachable(upload.url), { method: 'PUT', body: 'a;b\n' })).status).toBe(200);
    const again = await fetch(reachable(upload.url), { method: 'PUT', body: 'evil' });
    expect(again.status).toBe(409);
    expect((await readAll(storage, key)).toString()).toBe('a;b\n');
  });

  it('refuse keys that leave the generated shape, even with a valid signature', async () => {
    const secretsFile = await readFile(path.join(server.env.DATA_DIR, 'secrets.json'), 'utf8');
    const signingKey = deriveUrlSigningKey(server.app.services.secrets.tokenSigningKey);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const signed = (key: string) =>
      `exp=${exp}&max=100&sig=${signClaims(signingKey, { method: 'PUT', key, maxBytes: 100, expiresAt: exp })}`;
    for (const key of ['..%2F..%2Fsecrets.json', '.tmp/x', 'org/%2E%2E%5Csecrets.json', 'org//x']) {
      const response = await rawRequest('PUT', `/files/upload/${key}?${signed(key)}`, Buffer.from('owned'));
      expect(response.status, key).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    }
    // Dot segments (and backslashes, in an http URL) are resolved by the URL parser before routing.
    for (const key of ['../../secrets.json', '%2e%2e/%2e%2e/%2e%2e/secrets.json', 'org\\..\\..\\..\\secrets.json']) {
      const response = await rawRequest('PUT', `/files/upload/${key}?${signed(key)}`, Buffer.from('owned'));
      expect(response.status, key).toBeGreaterThanOrEqual(400);
    }
    expect(await readFile(path.join(server.env.DATA_DIR, 'secrets.json'), 'utf8')).toBe(secretsFile);
    expect((await rawRequest('GET', `/files/download/..%2Fsecrets.json?exp=${exp}&name=a&sig=x`)).status).toBe(400);
  });

  it('answer 404 for a missing object and 405 for another method', async () => {
    const key = createObjectKey(organizationId);
    const download = await storage.createDownloadUrl({ key, fileName: 'a.csv' });
    expect((await fetch(reachable(download.url))).status).toBe(404);
    // After earlier uploads `org/<organizationId>` is a folder on disk, not an object.
    const folder = await storage.createDownloadUrl({ key: `org/${organizationId}`, fileName: 'a.csv' });
    expect((await fetch(reachable(folder.url))).status).toBe(404);
    expect(await storage.stat(`org/${organizationId}`)).toBeNull();
    await expect(storage.hashObject(`org/${organizationId}`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    const upload = await storage.createUploadUrl({ key, maxBytes: 1, contentLength: 1, contentType: 'text/csv' });
    const post = await fetch(reachable(upload.url), { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('PUT');
    const put = await fetch(reachable(download.url), { method: 'PUT', body: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });
});

const readAll = async (files: FileStorage, key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of (await files.openReadStream(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
};
