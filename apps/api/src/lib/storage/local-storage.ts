import { createHash, randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sanitizeFileName } from './content-disposition.ts';
import { assertObjectKey } from './object-key.ts';
import { signClaims } from './signed-url.ts';
import { checkDownloadInput, checkUploadInput, type FileStorage, ObjectNotFoundError, type StorageLimits } from './storage.ts';

export const UPLOAD_PATH_PREFIX = '/files/upload/';
export const DOWNLOAD_PATH_PREFIX = '/files/download/';

export type LocalStorageOptions = StorageLimits & {
  /** DATA_DIR/files: objects at `<root>/<key>`, uploads in progress in `<root>/.tmp`. */
  root: string;
  /** APP_URL: the signed URLs point at this server's routes. */
  baseUrl: string;
  /** From `deriveUrlSigningKey`. */
  signingKey: Buffer;
  /** Milliseconds since the epoch; tests pass a clock to sign URLs that are already expired. */
  now?: () => number;
};

/**
 * The file of an object. The key is checked again here (segments of safe characters, no dot segment) and
 * the resolved path must stay under the root, so no key, however it arrived, reaches outside it.
 */
export const localObjectPath = (root: string, key: string): string => {
  assertObjectKey(key);
  const base = path.resolve(root);
  const full = path.resolve(base, ...key.split('/'));
  if (!full.startsWith(`${base}${path.sep}`)) throw new Error('Invalid storage object key');
  return full;
};

/** Uploads in progress; on the objects' file system so the final rename is atomic. Keys never start with a dot. */
export const localTempDir = (root: string): string => path.join(path.resolve(root), '.tmp');

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** An object's open file with its size; a missing key, or one naming a folder of keys, is ObjectNotFoundError. */
export const openLocalObject = async (root: string, key: string) => {
  let handle: FileHandle;
  try {
    handle = await open(localObjectPath(root, key), 'r');
  } catch (error) {
    if (isMissing(error)) throw new ObjectNotFoundError(key);
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ObjectNotFoundError(key);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
};

/**
 * Files on the local disk, written through this server's own signed, expiring, size-limited PUT route
 * (`local-routes.ts`), so the embedded default needs no object store and behaves like the S3 one: the
 * client gets a URL, the server checks the result.
 */
export const createLocalStorage = (options: LocalStorageOptions): FileStorage => {
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const expiryOf = (ttlSeconds: number) => Math.floor(now() / 1000) + ttlSeconds;

  return {
    kind: 'local',
    createUploadUrl: async (input) => {
      const { ttlSeconds } = checkUploadInput(input, options);
      const expiresAt = expiryOf(ttlSeconds);
      const maxBytes = input.contentLength;
      const sig = signClaims(options.signingKey, { method: 'PUT', key: input.key, maxBytes, expiresAt });
      const query = new URLSearchParams({ exp: String(expiresAt), max: String(maxBytes), sig });
      return {
        url: `${baseUrl}${UPLOAD_PATH_PREFIX}${input.key}?${query}`,
        method: 'PUT',
        headers: { 'content-type': input.contentType },
        expiresAt: new Date(expiresAt * 1000),
      };
    },
    createDownloadUrl: async (input) => {
      const { ttlSeconds } = checkDownloadInput(input, options);
      const expiresAt = expiryOf(ttlSeconds);
      const fileName = sanitizeFileName(input.fileName);
      const sig = signClaims(options.signingKey, { method: 'GET', key: input.key, fileName, expiresAt });
      const query = new URLSearchParams({ exp: String(expiresAt), name: fileName, sig });
      return { url: `${baseUrl}${DOWNLOAD_PATH_PREFIX}${input.key}?${query}`, expiresAt: new Date(expiresAt * 1000) };
    },
    stat: async (key) => {
      try {
        const info = await stat(localObjectPath(options.root, key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    hashObject: async (key) => {
      const { handle } = await openLocalObject(options.root, key);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of handle.createReadStream() as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { sha256: hash.digest('hex'), size };
    },
    openReadStream: async (key): Promise<Readable> => (await openLocalObject(options.root, key)).handle.createReadStream(),
    withLocalFile: async (key, work) => {
      // Checks that the object exists (ObjectNotFoundError otherwise); the reader opens the path itself.
      const { handle } = await openLocalObject(options.root, key);
      await handle.close();
      return work(localObjectPath(options.root, key));
    },
    delete: async (key) => {
      await rm(localObjectPath(options.root, key), { force: true });
    },
    putObject: async (key, body) => {
      const target = localObjectPath(options.root, key);
      const tempDir = localTempDir(options.root);
      await mkdir(tempDir, { recursive: true, mode: 0o700 });
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Written aside, then renamed: a reader sees the whole object or none.
      const temp = path.join(tempDir, `put-${randomUUID()}`);
      try {
        await writeFile(temp, body, { mode: 0o600, flag: 'wx' });
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
};
