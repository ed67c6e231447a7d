import { AppError } from '../errors.ts';
import type { FileStorage } from './storage.ts';

export type VerifyUploadInput = {
  key: string;
  /** The size the client declared when it asked for the upload URL. */
  expectedSize: number;
  /** The limit the URL was made with; checked again, since an S3-compatible store may not enforce it. */
  maxBytes: number;
  /** Lowercase hex, when the client computed one; the stored bytes must match it. */
  expectedSha256?: string;
};

/**
 * The completion check: whatever the client or the store did, the object must exist, hold exactly the
 * declared number of bytes (never more than the limit) and, when the client sent one, match its hash. The
 * size comes from stat first, so an oversized object is refused without reading it; the hash is streamed.
 * A refused object is deleted. Returns the SHA-256 the caller records and compares to flag duplicates.
 */
export const verifyUpload = async (storage: FileStorage, input: VerifyUploadInput): Promise<{ sha256: string; size: number }> => {
  const head = await storage.stat(input.key);
  if (!head) throw new AppError('NOT_FOUND', 'The file has not been uploaded.', { details: { key: input.key } });
  const refuse = async (message: string, details: Record<string, unknown>) => {
    await storage.delete(input.key);
    return new AppError('VALIDATION_FAILED', message, { field: 'file', details });
  };
  if (head.size > input.maxBytes) throw await refuse('The file is larger than the limit.', { size: head.size, limit: input.maxBytes });
  if (head.size !== input.expectedSize) {
    throw await refuse('The uploaded file does not have the declared size.', { size: head.size, expectedSize: input.expectedSize });
  }
  const stored = await storage.hashObject(input.key);
  if (stored.size !== input.expectedSize) {
    throw await refuse('The uploaded file does not have the declared size.', { size: stored.size, expectedSize: input.expectedSize });
  }
  if (input.expectedSha256 !== undefined && stored.sha256 !== input.expectedSha256.toLowerCase()) {
    throw await refuse('The uploaded file does not match its checksum.', { sha256: stored.sha256 });
  }
  return stored;
};
