/** Stable codes a caller can branch on and the UI can translate; the message is for people. */
export const FILE_READ_ERROR_CODES = [
  'FILE_NOT_FOUND',
  'EMPTY_FILE',
  'NO_DATA',
  'BINARY_FILE',
  'UNSUPPORTED_FORMAT',
  'ENCRYPTED_WORKBOOK',
  'LEGACY_XLS',
  'CORRUPT_XLSX',
  'UNCOMPRESSED_SIZE_TOO_LARGE',
  'COMPRESSION_RATIO_TOO_HIGH',
  'SHEET_NOT_FOUND',
  'TOO_MANY_ROWS',
  'TOO_MANY_COLUMNS',
  'CELL_TOO_LONG',
  'MALFORMED_CSV',
  'ABORTED',
  'WORKER_FAILED',
] as const;
export type FileReadErrorCode = (typeof FILE_READ_ERROR_CODES)[number];

/**
 * The one error the reader throws on purpose: bad input gets a code and a message naming what is wrong
 * (and where: `details.rowNumber`, `details.column`), so the upload screen can tell the supplier how to fix it.
 */
export class FileReadError extends Error {
  readonly code: FileReadErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: FileReadErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'FileReadError';
    this.code = code;
    this.details = details;
  }
}

/** Lets a worker send the error across postMessage and the parent rebuild it. */
export type SerializedFileReadError = { code: FileReadErrorCode; message: string; details: Record<string, unknown> };

export const isFileReadErrorCode = (value: unknown): value is FileReadErrorCode =>
  typeof value === 'string' && (FILE_READ_ERROR_CODES as readonly string[]).includes(value);

/** Formats a byte count for messages: "1.2 GB", "640 KB". */
export const formatBytes = (bytes: number): string => {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
};
