import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';
import type { Secrets } from '../secrets.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { deriveUrlSigningKey } from './signed-url.ts';
import type { FileStorage, StorageLimits } from './storage.ts';

export type StorageEnv = Pick<
  Env,
  | 'APP_URL'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'UPLOAD_MAX_FILE_BYTES'
  | 'UPLOAD_URL_TTL_SECONDS'
>;

export type CreateStorageOptions = {
  /** Milliseconds since the epoch; tests sign URLs in the past with it. */
  now?: () => number;
};

/** True when files go to an S3-compatible bucket (S3_BUCKET set) instead of DATA_DIR/files. */
export const isS3Storage = (env: Pick<Env, 'S3_BUCKET'>): boolean => Boolean(env.S3_BUCKET);

/** Where local objects live: DATA_DIR/files. */
export const localStorageRoot = (env: Pick<Env, 'DATA_DIR'>): string => path.join(env.DATA_DIR, 'files');

export const storageLimits = (env: Pick<Env, 'UPLOAD_MAX_FILE_BYTES' | 'UPLOAD_URL_TTL_SECONDS'>): StorageLimits => ({
  maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
  defaultTtlSeconds: env.UPLOAD_URL_TTL_SECONDS,
});

/**
 * The SDK client for the configured store. Checksums only when an operation requires them: by default
 * the SDK would put the CRC32 of an empty body into every presigned PUT URL, and the store would then
 * refuse the real file. Path-style addressing by default with S3_ENDPOINT (MinIO has no bucket subdomains).
 */
export const createS3Client = (env: StorageEnv): S3Client =>
  new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/**
 * The file storage the configuration asks for: S3 when S3_BUCKET is set, otherwise the local disk
 * behind this server's signed routes (whose URL key is derived from the token signing key, so nothing
 * new has to be configured for the embedded default).
 */
export const createStorage = (
  env: StorageEnv,
  secrets: Pick<Secrets, 'tokenSigningKey'>,
  options: CreateStorageOptions = {},
): FileStorage => {
  const limits = storageLimits(env);
  const now = options.now ?? Date.now;
  if (env.S3_BUCKET) return createS3Storage({ ...limits, client: createS3Client(env), bucket: env.S3_BUCKET, now });
  return createLocalStorage({
    ...limits,
    root: localStorageRoot(env),
    baseUrl: env.APP_URL,
    signingKey: deriveUrlSigningKey(secrets.tokenSigningKey),
    now,
  });
};
