import { ACCEPTED_FILE_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_FILES_PER_UPLOAD } from '@tidewise/shared/uploads';
import type { Env } from '../../../env.ts';
import { parseLimitsOf } from '../limits.ts';

export type UploadProcessingConfig = {
  maxFileBytes: number;
  maxFilesPerUpload: number;
  acceptedExtensions: string[];
  acceptedMimeTypes: string[];
  urlTtlSeconds: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
};

/** The limits a client checks before sending a file, as this server applies them (configuration and shared constants). */
export const getUploadProcessingConfig = (ctx: { env: Env }): UploadProcessingConfig => {
  const limits = parseLimitsOf(ctx.env);
  return {
    maxFileBytes: ctx.env.UPLOAD_MAX_FILE_BYTES,
    maxFilesPerUpload: MAX_FILES_PER_UPLOAD,
    acceptedExtensions: [...ACCEPTED_FILE_EXTENSIONS],
    acceptedMimeTypes: [...ACCEPTED_MIME_TYPES],
    urlTtlSeconds: ctx.env.UPLOAD_URL_TTL_SECONDS,
    maxRows: limits.maxRows,
    maxColumns: limits.maxColumns,
    maxCellLength: limits.maxCellLength,
  };
};
