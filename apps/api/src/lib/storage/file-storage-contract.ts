import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { type FileStorage, ObjectNotFoundError } from './storage.ts';
import { verifyUpload } from './verify-upload.ts';

/** How the shared suite reaches one backend. */
export type ContractTarget = {
  storage: FileStorage;
  /** A fresh key for each test (`createObjectKey`). */
  newKey: () => string;
  /** UPLOAD_MAX_FILE_BYTES the storage was made with. */
  maxFileBytes: number;
  /** Local URLs name APP_URL; the test server listens elsewhere. */
  reachable: (url: string) => string;
  /** S3 cannot add `x-content-type-options` through a presigned URL (decision 0012). */
  sendsNosniff: boolean;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const readAll = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/**
 * What the upload flow relies on, whichever backend is configured: the same suite runs against the local
 * disk (through the real server's signed routes) and against an S3-compatible server.
 */
export const describeFileStorageContract = (name: string, target: () => ContractTarget) => {
  const put = async (storage: FileStorage, key: string, body: Uint8Array<ArrayBuffer>, declared = body.length) => {
    const upload = await storage.createUploadUrl({ key, maxBytes: declared, contentLength: declared, contentType: 'text/csv' });
    expect(upload.method).toBe('PUT');
    return fetch(target().reachable(upload.url), { method: 'PUT', headers: upload.headers, body });
  };

  describe(`FileStorage contract: ${name}`, () => {
    it('stores a file PUT through its upload URL and reads it back as a stream, hash and size verified', async () => {
      const { storage, newKey } = target();
      const key = newKey();
      const body = randomBytes(3 * 1024 * 1024 + 17);
      const before = Date.now();
      const upload = await storage.createUploadUrl({ key, maxBytes: body.length, contentLength: body.length, contentType: 'text/csv' });
      expect(upload.expiresAt.getTime()).toBeGreaterThan(before + 60_000);
      expect(upload.headers).toEqual({ 'content-type': 'text/csv' });
      const response = await fetch(target().reachable(upload.url), { method: 'PUT', headers: upload.headers, body });
      expect(response.status).toBe(200);

      expect(await storage.stat(key)).toEqual({ size: body.length });
      expect(await storage.hashObject(key)).toEqual({ sha256: sha256(body), size: body.length });
      expect((await readAll(await storage.openReadStream(key))).equals(body)).toBe(true);
      expect(await verifyUpload(storage, { key, expectedSize: body.length, maxBytes: body.length, expectedSha256: sha256(body) })).toEqual({
        sha256: sha256(body),
        size: body.length,
      });
    });

    it('stores bytes the server wrote itself (putObject), replacing an earlier object with the key', async () => {
      const { storage, newKey } = target();
      const key = newKey();
      await storage.putObject(key, Buffer.from('first'), 'text/csv');
      const body = Buffer.from('description,quantity\nLubricating oil,12\n');
      await storage.putObject(key, body, 'text/csv');
      expect(await storage.stat(key)).toEqual({ size: body.length });
      expect(await storage.hashObject(key)).toEqual({ sha256: sha256(body), size: body.length });
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
    });

    it('serves a download as an attachment under the sanitised display name', async () => {
      const { storage, newKey, sendsNosniff } = target();
      const key = newKey();
      const body = Buffer.from('<script>alert(1)</script>\n');
      expect((await put(storage, key, body)).status).toBe(200);

      const download = await storage.createDownloadUrl({ key, fileName: 'C:\\tmp\\Bränsle "Q1"\r\n.html' });
      const response = await fetch(target().reachable(download.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Bransle Q1.html"; filename*=UTF-8''Br%C3%A4nsle%20Q1.html`,
      );
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      if (sendsNosniff) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    });

    it('answers a missing key: stat null, reads ObjectNotFoundError, delete a no-op', async () => {
      const { storage, newKey } = target();
      const key = newKey();
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.hashObject(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.openReadStream(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(verifyUpload(storage, { key, expectedSize: 1, maxBytes: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('hands a reader a local file with the bytes, and leaves no temporary copy behind', async () => {
      const { storage, newKey } = target();
      const key = newKey();
      const body = randomBytes(256 * 1024 + 3);
      expect((await put(storage, key, body)).status).toBe(200);
      let seenPath = '';
      const read = await storage.withLocalFile(key, async (filePath) => {
        seenPath = filePath;
        return readFile(filePath);
      });
      expect(read.equals(body)).toBe(true);
      // The local disk hands out the object itself; any other store a copy that is gone afterwards.
      expect(existsSync(seenPath)).toBe(storage.kind === 'local');
      await expect(storage.withLocalFile(key, async () => Promise.reject(new Error('reader failed')))).rejects.toThrow('reader failed');
      await expect(storage.withLocalFile(newKey(), async () => 'never')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('deletes an object', async () => {
      const { storage, newKey } = target();
      const key = newKey();
      expect((await put(storage, key, Buffer.from('a;b\n1;2\n'))).status).toBe(200);
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
    });

    it('refuses to sign a size over the limit, a limit over configuration or a key it did not make', async () => {
      const { storage, newKey, maxFileBytes } = target();
      const key = newKey();
      const over = storage.createUploadUrl({ key, maxBytes: 100, contentLength: 101, contentType: 'text/csv' });
      await expect(over).rejects.toBeInstanceOf(AppError);
      await expect(over).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'contentLength' } });
      await expect(storage.createUploadUrl({ key, maxBytes: maxFileBytes + 1, contentLength: 1, contentType: 'text/csv' })).rejects.toThrow(
        'UPLOAD_MAX_FILE_BYTES',
      );
      for (const bad of ['../secrets.json', 'org/../x', '.tmp/x', '/etc/passwd']) {
        await expect(storage.createUploadUrl({ key: bad, maxBytes: 1, contentLength: 1, contentType: 'text/csv' })).rejects.toThrow(
          'Invalid storage object key',
        );
        await expect(storage.createDownloadUrl({ key: bad, fileName: 'x.csv' })).rejects.toThrow('Invalid storage object key');
        await expect(storage.stat(bad)).rejects.toThrow('Invalid storage object key');
      }
    });

    it('refuses on completion, and deletes, a file of another size or hash than declared', async () => {
      const { storage, newKey } = target();
      const short = newKey();
      // Declared 10 bytes, sent 4: S3 refuses the signed length; the local route stores it, completion refuses it.
      const upload = await storage.createUploadUrl({ key: short, maxBytes: 10, contentLength: 10, contentType: 'text/csv' });
      const response = await fetch(target().reachable(upload.url), { method: 'PUT', headers: upload.headers, body: Buffer.from('a;b\n') });
      if (response.ok) {
        await expect(verifyUpload(storage, { key: short, expectedSize: 10, maxBytes: 10 })).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          extensions: { details: { size: 4, expectedSize: 10 } },
        });
      }
      expect(await storage.stat(short)).toBeNull();

      const tampered = newKey();
      const body = Buffer.from('a;b\n1;2\n');
      expect((await put(storage, tampered, body)).status).toBe(200);
      await expect(
        verifyUpload(storage, {
          key: tampered,
          expectedSize: body.length,
          maxBytes: body.length,
          expectedSha256: sha256(Buffer.from('other')),
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await storage.stat(tampered)).toBeNull();
    });
  });
};
