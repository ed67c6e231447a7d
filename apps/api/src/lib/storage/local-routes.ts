import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppServices } from '../../context.ts';
import { PayloadTooLargeError, sendPayloadTooLarge } from '../body-limit.ts';
import { requestStore } from '../request-store.ts';
import { contentDisposition } from './content-disposition.ts';
import { isS3Storage, localStorageRoot } from './create-storage.ts';
import { DOWNLOAD_PATH_PREFIX, localObjectPath, localTempDir, openLocalObject, UPLOAD_PATH_PREFIX } from './local-storage.ts';
import { isValidObjectKey } from './object-key.ts';
import { UploadAbortedError, receiveToFile } from './receive-to-file.ts';
import { type ClaimsCheck, checkClaims, deriveUrlSigningKey } from './signed-url.ts';
import { ObjectNotFoundError } from './storage.ts';

type StorageServices = Pick<AppServices, 'env' | 'secrets' | 'logger'>;

/** How long a refused upload may keep sending (discarded) before its connection is cut, as for 413. */
const DRAIN_GRACE_MS = 2000;

const NUMBER = /^\d{1,15}$/;

/** True for the local storage's signed routes: `PUT /files/upload/<key>` and `GET /files/download/<key>`. */
export const isStorageRoute = (pathname: string): boolean =>
  pathname.startsWith(UPLOAD_PATH_PREFIX) || pathname.startsWith(DOWNLOAD_PATH_PREFIX);

const signingKeys = new WeakMap<Uint8Array, Buffer>();
const signingKeyOf = (services: StorageServices) => {
  let key = signingKeys.get(services.secrets.tokenSigningKey);
  if (!key) {
    key = deriveUrlSigningKey(services.secrets.tokenSigningKey);
    signingKeys.set(services.secrets.tokenSigningKey, key);
  }
  return key;
};

const loggerOf = (services: StorageServices) => requestStore.getStore()?.logger ?? services.logger;

/** What the local upload route tells its listeners while a body arrives: `key` has `bytesReceived` bytes so far. */
export type UploadProgress = { key: string; bytesReceived: number };
export type UploadProgressListener = (progress: UploadProgress) => void;

/** Shortest time between two reports of one upload's progress. */
export const UPLOAD_PROGRESS_INTERVAL_MS = 300;

const progressListeners = new WeakMap<object, Set<UploadProgressListener>>();

/**
 * Listens to the progress of uploads this server receives (the local backend only: with S3 the bytes
 * never pass through us). A listener hears each upload at most every UPLOAD_PROGRESS_INTERVAL_MS while
 * bytes arrive, then once with the full size when the object is stored, or with 0 when the upload failed
 * (nothing stored). It is called synchronously and must not throw; slow work is the listener's own.
 * The hook exists so that lib/ needs no module: the uploads module registers itself from createApp.
 * Answers a function that removes the listener.
 */
export const onLocalUploadProgress = (services: StorageServices, listener: UploadProgressListener): (() => void) => {
  let listeners = progressListeners.get(services);
  if (!listeners) {
    listeners = new Set();
    progressListeners.set(services, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Reports one upload's byte count to the listeners: the first count at once, then at most every
 * UPLOAD_PROGRESS_INTERVAL_MS (a count that arrives sooner waits for the end of the interval, so the last
 * one before a pause is always told).
 */
const progressReporter = (services: StorageServices, key: string) => {
  const listeners = progressListeners.get(services);
  let latest = 0;
  let reportedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let done = false;
  const tell = (bytesReceived: number) => {
    for (const listener of listeners ?? []) {
      try {
        listener({ key, bytesReceived });
      } catch (error) {
        loggerOf(services).warn({ err: error, key }, 'upload progress listener failed');
      }
    }
  };
  const report = () => {
    timer = null;
    reportedAt = Date.now();
    tell(latest);
  };
  return {
    bytes: (received: number) => {
      if (done || !listeners?.size) return;
      latest = received;
      if (timer) return;
      const wait = reportedAt + UPLOAD_PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) report();
      else timer = setTimeout(report, wait);
    },
    /** The upload ended: stored with `size` bytes, or nothing stored (0). */
    end: (size: number) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      if (listeners?.size && (size > 0 || reportedAt > Number.NEGATIVE_INFINITY)) tell(size);
    },
  };
};

/**
 * Answers an error in the API's JSON shape. A request whose body is still arriving gets
 * `connection: close`, and what it still sends is discarded for a short grace, then the socket is cut:
 * a refused upload is never read to its end.
 */
const refuse = (
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => {
  const unread = !req.complete;
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...(unread ? { connection: 'close' } : {}),
    ...headers,
  });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code, field: null, details: null } }] }));
  if (!unread) return;
  req.resume();
  const timer = setTimeout(() => req.socket?.destroy(), DRAIN_GRACE_MS);
  timer.unref();
  req.socket?.once('close', () => clearTimeout(timer));
};

const refuseClaims = (req: IncomingMessage, res: ServerResponse, check: Exclude<ClaimsCheck, 'valid'>) =>
  refuse(req, res, 403, 'FORBIDDEN', check === 'expired' ? 'This link has expired.' : 'This link is not valid.');

/** Moves a finished upload into place without ever replacing an object: false when the key is taken. */
const placeOnce = async (temp: string, target: string): Promise<boolean> => {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error;
  }
  // File systems without hard links: check, then rename (atomic, but may race a concurrent twin).
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return false;
  await rename(temp, target);
  return true;
};

const handleUpload = async (services: StorageServices, req: IncomingMessage, res: ServerResponse, key: string, query: URLSearchParams) => {
  const exp = query.get('exp') ?? '';
  const max = query.get('max') ?? '';
  if (!NUMBER.test(exp) || !NUMBER.test(max)) return refuseClaims(req, res, 'invalid');
  const maxBytes = Number(max);
  const check = checkClaims(
    signingKeyOf(services),
    { method: 'PUT', key, maxBytes, expiresAt: Number(exp) },
    query.get('sig') ?? '',
    Date.now(),
  );
  if (check !== 'valid') return refuseClaims(req, res, check);

  // The signed size is itself bounded by configuration: lowering UPLOAD_MAX_FILE_BYTES binds URLs already out.
  const limit = Math.min(maxBytes, services.env.UPLOAD_MAX_FILE_BYTES);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return sendPayloadTooLarge(req, res, limit);

  const root = localStorageRoot(services.env);
  const target = localObjectPath(root, key);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  ) {
    return refuse(req, res, 409, 'CONFLICT', 'A file was already uploaded with this link.');
  }
  const tempDir = localTempDir(root);
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const temp = path.join(tempDir, randomUUID());
  const progress = progressReporter(services, key);
  try {
    let size: number;
    try {
      size = await receiveToFile(req, temp, limit, progress.bytes);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        // The partial file goes before the answer: a client told 413 never finds it still on disk.
        await rm(temp, { force: true });
        return sendPayloadTooLarge(req, res, limit);
      }
      if (error instanceof UploadAbortedError) {
        loggerOf(services).info({ key }, 'upload aborted by the client');
        return;
      }
      throw error;
    }
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    if (!(await placeOnce(temp, target))) {
      // Another PUT stored the object first: the count to tell is that object's.
      progress.end((await stat(target)).size);
      await rm(temp, { force: true });
      return refuse(req, res, 409, 'CONFLICT', 'A file was already uploaded with this link.');
    }
    progress.end(size);
    loggerOf(services).info({ key, size }, 'file stored');
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ size }));
  } finally {
    // Refused or cut off (a no-op once told): nothing is stored under the key, whatever had arrived.
    progress.end(0);
    await rm(temp, { force: true });
  }
};

const handleDownload = async (
  services: StorageServices,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  query: URLSearchParams,
) => {
  const exp = query.get('exp') ?? '';
  const fileName = query.get('name') ?? '';
  if (!NUMBER.test(exp) || !fileName) return refuseClaims(req, res, 'invalid');
  const check = checkClaims(
    signingKeyOf(services),
    { method: 'GET', key, fileName, expiresAt: Number(exp) },
    query.get('sig') ?? '',
    Date.now(),
  );
  if (check !== 'valid') return refuseClaims(req, res, check);

  let object: Awaited<ReturnType<typeof openLocalObject>>;
  try {
    object = await openLocalObject(localStorageRoot(services.env), key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return refuse(req, res, 404, 'NOT_FOUND', 'File not found.');
    throw error;
  }
  const { handle, size } = object;
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(size),
    'content-disposition': contentDisposition(fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    // Should a browser ever render it anyway: no script, no plugin, no same-origin access.
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (req.method === 'HEAD') {
    await handle.close();
    res.end();
    return;
  }
  try {
    await pipeline(handle.createReadStream(), res);
  } catch (error) {
    if (res.destroyed && !res.writableFinished) loggerOf(services).info({ key }, 'download closed by the client');
    else throw error;
  }
};

/**
 * The local storage's two signed routes. `PUT /files/upload/<key>?exp=&max=&sig=` streams the body to a
 * temp file, counted against the signed size (bounded by UPLOAD_MAX_FILE_BYTES; 413 past it, the partial
 * file deleted), then moves it into place once (409 if the key is taken). `GET /files/download/<key>
 * ?exp=&name=&sig=` streams the object as an attachment. A key outside the generated shape is 400, a
 * tampered or expired URL 403. With S3 configured neither route exists (404).
 */
export const handleStorageRoute = async (services: StorageServices, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
  if (isS3Storage(services.env)) return refuse(req, res, 404, 'NOT_FOUND', 'Not found.');
  const isUpload = url.pathname.startsWith(UPLOAD_PATH_PREFIX);
  const allowed = isUpload ? ['PUT'] : ['GET', 'HEAD'];
  if (!allowed.includes(req.method ?? '')) {
    return refuse(req, res, 405, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} for this link.`, { allow: allowed.join(', ') });
  }
  const key = url.pathname.slice((isUpload ? UPLOAD_PATH_PREFIX : DOWNLOAD_PATH_PREFIX).length);
  if (!isValidObjectKey(key)) return refuse(req, res, 400, 'BAD_REQUEST', 'Invalid file key.');
  if (isUpload) await handleUpload(services, req, res, key, url.searchParams);
  else await handleDownload(services, req, res, key, url.searchParams);
};
