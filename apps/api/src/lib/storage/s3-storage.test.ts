import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadEnv } from '../../env.ts';
import { startTestServer } from '../../test/harness.ts';
import { createStorage } from './create-storage.ts';
import { describeFileStorageContract } from './file-storage-contract.ts';
import { createObjectKey } from './object-key.ts';
import type { FileStorage } from './storage.ts';
import { verifyUpload } from './verify-upload.ts';

const BUCKET = 'tidewise-test';
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const secrets = { tokenSigningKey: new TextEncoder().encode('a-token-signing-key-of-at-least-32-characters') };
const organizationId = randomUUID();

let directory: string;
let s3: S3rver;
let env: Env;
let storage: FileStorage;

/** S3 settings for a store at `endpoint`, on top of the test defaults. */
const s3Env = (endpoint: string, extra: Record<string, string> = {}) =>
  loadEnv({
    DATA_DIR: directory,
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    UPLOAD_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
    ...extra,
  });

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'tidewise-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  env = s3Env(`http://127.0.0.1:${port}`);
  storage = createStorage(env, secrets);
});

afterAll(async () => {
  await s3?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describeFileStorageContract('S3-compatible server', () => ({
  storage,
  newKey: () => createObjectKey(organizationId),
  maxFileBytes: MAX_FILE_BYTES,
  reachable: (url) => url,
  sendsNosniff: false,
}));

describe('S3 storage', () => {
  it('is chosen when S3_BUCKET is set', () => {
    expect(storage.kind).toBe('s3');
    expect(createStorage(loadEnv({ DATA_DIR: directory }), secrets).kind).toBe('local');
  });

  it('presigns a PUT that binds the declared Content-Length and the Content-Type, with no checksum of an empty body', async () => {
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({
      key,
      maxBytes: 1000,
      contentLength: 123,
      contentType: 'text/csv',
      expiresInSeconds: 300,
    });
    const url = new URL(upload.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.S3_ENDPOINT}/${BUCKET}/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(upload.headers).toEqual({ 'content-type': 'text/csv' });
  });

  it('presigns a GET that overrides the response headers', async () => {
    const download = new URL((await storage.createDownloadUrl({ key: createObjectKey(organizationId), fileName: 'a b.csv' })).url);
    expect(download.searchParams.get('response-content-disposition')).toBe(`attachment; filename="a b.csv"; filename*=UTF-8''a%20b.csv`);
    expect(download.searchParams.get('response-content-type')).toBe('application/octet-stream');
    expect(download.searchParams.get('response-cache-control')).toBe('private, no-store');
  });

  it('refuses on completion, and deletes, an object over the limit the store let through', async () => {
    // s3rver does not check signatures; a store that ignored the signed length would look like this.
    const key = createObjectKey(organizationId);
    const upload = await storage.createUploadUrl({ key, maxBytes: 100, contentLength: 100, contentType: 'text/csv' });
    expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: Buffer.alloc(5000) })).status).toBe(200);
    await expect(verifyUpload(storage, { key, expectedSize: 100, maxBytes: 100 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { details: { size: 5000, limit: 100 } },
    });
    expect(await storage.stat(key)).toBeNull();
  });

  it('addresses buckets path-style with an endpoint unless told otherwise, virtual-hosted on AWS', async () => {
    const key = createObjectKey(organizationId);
    const urlOf = async (values: Env) => new URL((await createStorage(values, secrets).createDownloadUrl({ key, fileName: 'a.csv' })).url);
    const pathStyle = await urlOf(s3Env('https://s3.example.com'));
    expect(`${pathStyle.host}${pathStyle.pathname}`).toBe(`s3.example.com/${BUCKET}/${key}`);
    const virtual = await urlOf(s3Env('https://s3.example.com', { S3_FORCE_PATH_STYLE: 'false' }));
    expect(`${virtual.host}${virtual.pathname}`).toBe(`${BUCKET}.s3.example.com/${key}`);
    const aws = await urlOf(
      loadEnv({ DATA_DIR: directory, S3_BUCKET: BUCKET, S3_REGION: 'eu-north-1', S3_ACCESS_KEY_ID: 'A', S3_SECRET_ACCESS_KEY: 'B' }),
    );
    expect(`${aws.host}${aws.pathname}`).toBe(`${BUCKET}.s3.eu-north-1.amazonaws.com/${key}`);
  });

  it('leaves the local routes out of a server that stores files in S3', async () => {
    const server = await startTestServer({
      S3_ENDPOINT: env.S3_ENDPOINT ?? '',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const key = createObjectKey(organizationId);
      expect((await fetch(`${server.url}/files/upload/${key}?exp=1&max=1&sig=x`, { method: 'PUT', body: 'x' })).status).toBe(404);
      expect((await fetch(`${server.url}/files/download/${key}?exp=1&name=a&sig=x`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
