import type { FileStatus, FileUploadStatus } from '@tidewise/shared/uploads';
import type { CombinedError } from 'urql';

type BadgeVariant = 'success' | 'secondary' | 'destructive' | 'outline' | 'default';

/** A file's status as people read it: where it stands in upload → reading. */
export const FILE_STATUS_LABELS: Record<FileStatus, string> = {
  pending: 'Uploading',
  uploaded: 'Uploaded',
  queued: 'Waiting to be read',
  processing: 'Reading',
  processed: 'Processed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const FILE_STATUS_VARIANT: Record<FileStatus, BadgeVariant> = {
  pending: 'secondary',
  uploaded: 'secondary',
  queued: 'secondary',
  processing: 'secondary',
  processed: 'success',
  failed: 'destructive',
  cancelled: 'outline',
};

export const FILE_UPLOAD_STATUS_LABELS: Record<FileUploadStatus, string> = {
  draft: 'Draft',
  uploading: 'Uploading',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  completed: 'Completed',
};

export const FILE_UPLOAD_STATUS_VARIANT: Record<FileUploadStatus, BadgeVariant> = {
  draft: 'outline',
  uploading: 'secondary',
  processing: 'secondary',
  ready: 'success',
  failed: 'destructive',
  completed: 'default',
};

/** A batch is moving (bytes on their way or files being read): its list row shows a progress bar. */
export const isBatchActive = (status: FileUploadStatus) => status === 'uploading' || status === 'processing';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as people read it: "512 bytes", "1.5 KB", "48 MB" (powers of 1024, one decimal under 10). */
export const formatBytes = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const text = value.toFixed(digits).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
};

/** A percentage for a progress bar: a whole number from 0 to 100. */
export const wholePercent = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(100, Math.floor(value))) : 0);

/** "3 rows", "1 row", "1,234,567 rows". */
export const formatRows = (count: number) => `${new Intl.NumberFormat('en-GB').format(count)} ${count === 1 ? 'row' : 'rows'}`;

/** A cell value from the reader (text, number, boolean, ISO date text or null) as text for a table. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return JSON.stringify(value);
};

/** "0.82" → "82%". */
export const formatConfidence = (confidence: number) => `${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;

/** The delimiter as words, since a tab or a space is invisible. */
export const delimiterName = (delimiter: string | null | undefined): string | null => {
  if (!delimiter) return null;
  const names: Record<string, string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Pipe (|)', ' ': 'Space' };
  return names[delimiter] ?? `“${delimiter}”`;
};

/** The server answered that the record is not the caller's to see (or does not exist): nothing to try again. */
export const isNotFound = (error: CombinedError | undefined) =>
  Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));
