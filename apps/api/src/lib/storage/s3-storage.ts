import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition.ts';
import { assertObjectKey } from './object-key.ts';
import {
  checkDownloadInput,
  checkUploadInput,
  type FileStorage,
  ObjectNotFoundError,
  type StorageLimits,
  withTemporaryCopy,
} from './storage.ts';

export type S3StorageOptions = StorageLimits & {
  /** Built by `createS3Client` (create-storage.ts). */
  client: S3Client;
  bucket: string;
  /** Milliseconds since the epoch, for the presigned URLs' signing date. */
  now?: () => number;
};

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, ...) through presigned URLs: the bytes go from the browser
 * to the bucket and never through this server. The upload URL signs `Content-Type` and the declared
 * `Content-Length` (an S3 presigned PUT cannot express "at most", only "exactly"), so the store refuses any
 * other size; completion checks the stored size and hash anyway.
 */
export const createS3Storage = (options: S3StorageOptions): FileStorage => {
  const { client, bucket } = options;
  const now = options.now ?? Date.now;

  const getObject = async (key: string) => {
    assertObjectKey(key);
    try {
      const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!(result.Body instanceof Readable)) throw new Error('S3 GetObject did not return a Node.js stream');
      return result.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  };

  return {
    kind: 's3',
    createUploadUrl: async (input) => {
      const { ttlSeconds } = checkUploadInput(input, options);
      const signingDate = new Date(now());
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentLength: input.contentLength,
      });
      // content-length is signed because it is set; content-type only when asked for.
      const url = await getSignedUrl(client, command, {
        expiresIn: ttlSeconds,
        signingDate,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return {
        url,
        method: 'PUT',
        headers: { 'content-type': input.contentType },
        expiresAt: new Date(signingDate.getTime() + ttlSeconds * 1000),
      };
    },
    createDownloadUrl: async (input) => {
      const { ttlSeconds } = checkDownloadInput(input, options);
      const signingDate = new Date(now());
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: input.key,
        ResponseContentDisposition: contentDisposition(input.fileName),
        ResponseContentType: 'application/octet-stream',
        ResponseCacheControl: 'private, no-store',
      });
      const url = await getSignedUrl(client, command, { expiresIn: ttlSeconds, signingDate });
      return { url, expiresAt: new Date(signingDate.getTime() + ttlSeconds * 1000) };
    },
    stat: async (key) => {
      assertObjectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    hashObject: async (key) => {
      const body = await getObject(key);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { sha256: hash.digest('hex'), size };
    },
    openReadStream: (key) => getObject(key),
    withLocalFile: async (key, work) => withTemporaryCopy(await getObject(key), work),
    delete: async (key) => {
      assertObjectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    putObject: async (key, body, contentType) => {
      assertObjectKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
  };
};
