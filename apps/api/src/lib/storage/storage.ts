import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.ts';
import { assertObjectKey } from './object-key.ts';

export type UploadUrlInput = {
  /** From `createObjectKey`: `org/<organizationId>/<uuid>`. */
  key: string;
  /** The caller's limit for this file; never above UPLOAD_MAX_FILE_BYTES. */
  maxBytes: number;
  /**
   * The file's size as the client declared it (the browser knows `File.size`), at most `maxBytes`. The URL
   * accepts no more: the local route stops at it with 413; S3 signs it as the exact `Content-Length`.
   */
  contentLength: number;
  contentType: string;
  /** Defaults to UPLOAD_URL_TTL_SECONDS. */
  expiresInSeconds?: number;
};

export type UploadUrl = {
  url: string;
  method: 'PUT';
  /** Headers the client must send with the body (the S3 URL signs them). */
  headers: Record<string, string>;
  expiresAt: Date;
};

export type DownloadUrlInput = {
  key: string;
  /** The uploader's file name; sanitised into the download's Content-Disposition, never used as a path. */
  fileName: string;
  /** Defaults to UPLOAD_URL_TTL_SECONDS. */
  expiresInSeconds?: number;
};

export type DownloadUrl = { url: string; expiresAt: Date };

/**
 * Where uploaded files live: the local disk under DATA_DIR (embedded default) or an S3-compatible bucket.
 * Clients move the bytes themselves through short-lived signed URLs; the server only reads them back
 * (hash on completion, parse in a job) as streams, never whole.
 */
export type FileStorage = {
  kind: 'local' | 's3';
  createUploadUrl: (input: UploadUrlInput) => Promise<UploadUrl>;
  createDownloadUrl: (input: DownloadUrlInput) => Promise<DownloadUrl>;
  /** null when no object has the key (not uploaded yet, or deleted). */
  stat: (key: string) => Promise<{ size: number } | null>;
  /** SHA-256 (hex) and byte count of the stored object, read as a stream. Throws ObjectNotFoundError. */
  hashObject: (key: string) => Promise<{ sha256: string; size: number }>;
  /** The stored bytes as a stream, for the parser job. Throws ObjectNotFoundError. */
  openReadStream: (key: string) => Promise<Readable>;
  /**
   * Runs `work` with a path on the local disk holding the object's bytes (readers such as the file parser need
   * a file): the object itself for local storage, a temporary copy for S3, removed when `work` settles.
   * Throws ObjectNotFoundError.
   */
  withLocalFile: <T>(key: string, work: (filePath: string) => Promise<T>) => Promise<T>;
  /** Removes the object; removing a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /**
   * Stores bytes the server itself produced (a file of entries made from received PACT footprints), replacing any
   * object with the key. Clients never write through it: their bytes come through the signed upload URLs.
   */
  putObject: (key: string, body: Uint8Array, contentType: string) => Promise<void>;
};

/**
 * `withLocalFile` for a store that is not a local disk: streams the object into a private temporary folder,
 * runs `work` on the copy and removes the folder whatever happens.
 */
export const withTemporaryCopy = async <T>(source: Readable, work: (filePath: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-object-'));
  try {
    const filePath = path.join(dir, 'object');
    await pipeline(source, createWriteStream(filePath, { mode: 0o600 }));
    return await work(filePath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The key names no stored object. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super('Stored file not found');
    this.name = 'ObjectNotFoundError';
  }
}

/** Longest a signed URL may live: S3 refuses presigned URLs over 7 days, and ours follow the same rule. */
export const MAX_URL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What both backends take from configuration. */
export type StorageLimits = {
  /** UPLOAD_MAX_FILE_BYTES: no URL allows more, whatever the caller asks. */
  maxFileBytes: number;
  /** UPLOAD_URL_TTL_SECONDS. */
  defaultTtlSeconds: number;
};

const ttlOf = (requested: number | undefined, limits: StorageLimits) => {
  const ttl = requested ?? limits.defaultTtlSeconds;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_URL_TTL_SECONDS)
    throw new Error(`URL lifetime must be 1 to ${MAX_URL_TTL_SECONDS} seconds`);
  return ttl;
};

/**
 * The checks both backends make before signing an upload, so they refuse the same inputs: a key that
 * createObjectKey would not make and a limit above configuration are programming errors; a declared size
 * over the limit is the client's, answered as VALIDATION_FAILED on `contentLength`.
 */
export const checkUploadInput = (input: UploadUrlInput, limits: StorageLimits): { ttlSeconds: number } => {
  assertObjectKey(input.key);
  if (!Number.isSafeInteger(input.maxBytes) || input.maxBytes < 0 || input.maxBytes > limits.maxFileBytes) {
    throw new Error(`maxBytes must be a whole number from 0 to ${limits.maxFileBytes} (UPLOAD_MAX_FILE_BYTES)`);
  }
  if (!Number.isSafeInteger(input.contentLength) || input.contentLength < 0) {
    throw new AppError('VALIDATION_FAILED', 'The file size must be a whole number of bytes.', { field: 'contentLength' });
  }
  if (input.contentLength > input.maxBytes) {
    throw new AppError('VALIDATION_FAILED', `The file is larger than the limit of ${input.maxBytes} bytes.`, {
      field: 'contentLength',
      details: { limit: input.maxBytes },
    });
  }
  return { ttlSeconds: ttlOf(input.expiresInSeconds, limits) };
};

/** The lifetime of a download URL, checked like an upload's. */
export const checkDownloadInput = (input: DownloadUrlInput, limits: StorageLimits): { ttlSeconds: number } => {
  assertObjectKey(input.key);
  return { ttlSeconds: ttlOf(input.expiresInSeconds, limits) };
};
