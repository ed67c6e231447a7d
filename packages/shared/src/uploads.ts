import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { canTransition, type Transitions, transitionMessage } from './organization.ts';

/**
 * Uploads: the status values the specification leaves open for a file, a single-file upload and a batch
 * (FileUpload), the changes allowed between them, the categories a file can have and the input rules the
 * API and the web share. See docs/decisions/0014-upload-statuses.md.
 */

// File ------------------------------------------------------------------------------------------

/**
 * - `pending`: an upload URL was issued; the bytes have not been confirmed.
 * - `uploaded`: the stored bytes were verified (size, SHA-256, content sniffed); not queued for reading yet.
 * - `queued`: a reading job is waiting in the queue.
 * - `processing`: the file is being read; rows are being stored.
 * - `processed`: read to the end; columns detected and every row stored.
 * - `failed`: refused on completion or unreadable; the reason is on the file.
 * - `cancelled`: the upload was given up before its bytes were confirmed.
 */
export const FILE_STATUSES = ['pending', 'uploaded', 'queued', 'processing', 'processed', 'failed', 'cancelled'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const FILE_STATUS_TRANSITIONS: Transitions<FileStatus> = {
  pending: ['uploaded', 'failed', 'cancelled'],
  uploaded: ['queued', 'failed'],
  queued: ['processing', 'failed'],
  // processing → queued: the sheet was changed while reading; the job starts over.
  processing: ['processed', 'failed', 'queued'],
  // Read again: another sheet, or processUpload asked again.
  processed: ['queued'],
  // Retry: only for a file whose bytes are stored (failed while reading, not refused on completion).
  failed: ['queued'],
  cancelled: [],
};

/** Statuses in which the file's bytes are in storage and verified. */
export const STORED_FILE_STATUSES: readonly FileStatus[] = ['uploaded', 'queued', 'processing', 'processed', 'failed'];
/** Statuses a file settles in: nothing more happens unless someone acts. */
export const SETTLED_FILE_STATUSES: readonly FileStatus[] = ['uploaded', 'processed', 'failed', 'cancelled'];

export const isFileStatus = (value: string): value is FileStatus => (FILE_STATUSES as readonly string[]).includes(value);
export const canChangeFileStatus = (from: FileStatus, to: FileStatus) => canTransition(FILE_STATUS_TRANSITIONS, from, to);
export const fileTransitionMessage = (from: string, to: string) => transitionMessage('file', from, to);

// Single-file upload ----------------------------------------------------------------------------

/**
 * A single-file upload (Upload) follows its file: the same values without `cancelled` (a single upload that
 * is given up is deleted). Its own states for mapping and validation come with the mapping work.
 */
export const UPLOAD_STATUSES = ['pending', 'uploaded', 'queued', 'processing', 'processed', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const uploadStatusOf = (fileStatus: FileStatus): UploadStatus => (fileStatus === 'cancelled' ? 'failed' : fileStatus);

// Batch (FileUpload) ----------------------------------------------------------------------------

/**
 * A batch's status follows its files until the person completes it:
 * - `draft`: no file yet (or every file was cancelled or deleted).
 * - `uploading`: at least one file is still `pending`.
 * - `processing`: no file pending, at least one `uploaded`, `queued` or `processing`.
 * - `ready`: every file settled and at least one `processed`.
 * - `failed`: every file settled and none `processed` (at least one `failed`).
 * - `completed`: handed in with completeFileUpload; no file can be added, changed or removed.
 */
export const FILE_UPLOAD_STATUSES = ['draft', 'uploading', 'processing', 'ready', 'failed', 'completed'] as const;
export type FileUploadStatus = (typeof FILE_UPLOAD_STATUSES)[number];

const OPEN_BATCH: readonly FileUploadStatus[] = ['draft', 'uploading', 'processing', 'ready', 'failed'];
export const FILE_UPLOAD_STATUS_TRANSITIONS: Transitions<FileUploadStatus> = {
  draft: OPEN_BATCH.filter((s) => s !== 'draft'),
  uploading: OPEN_BATCH.filter((s) => s !== 'uploading'),
  processing: OPEN_BATCH.filter((s) => s !== 'processing'),
  ready: [...OPEN_BATCH.filter((s) => s !== 'ready'), 'completed'],
  failed: OPEN_BATCH.filter((s) => s !== 'failed'),
  completed: [],
};

export const isFileUploadStatus = (value: string): value is FileUploadStatus => (FILE_UPLOAD_STATUSES as readonly string[]).includes(value);
export const canChangeFileUploadStatus = (from: FileUploadStatus, to: FileUploadStatus) =>
  canTransition(FILE_UPLOAD_STATUS_TRANSITIONS, from, to);
export const fileUploadTransitionMessage = (from: string, to: string) => transitionMessage('file upload', from, to);

/** The status a batch that is not completed has, from its files' statuses. */
export const deriveFileUploadStatus = (fileStatuses: readonly FileStatus[]): Exclude<FileUploadStatus, 'completed'> => {
  const live = fileStatuses.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'draft';
  if (live.includes('pending')) return 'uploading';
  if (live.some((s) => s === 'uploaded' || s === 'queued' || s === 'processing')) return 'processing';
  return live.includes('processed') ? 'ready' : 'failed';
};

// Categories ------------------------------------------------------------------------------------

/** What a file holds; suggested by the reader from its column names, confirmed or changed by the person. */
export const FILE_CATEGORIES = [
  'vessel_fuel_consumption',
  'transport_legs',
  'port_operations',
  'purchased_goods_services',
  'site_energy',
  'supplier_list',
  'unknown',
] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

export const FILE_CATEGORY_LABELS: Record<FileCategory, string> = {
  vessel_fuel_consumption: 'Vessel fuel consumption',
  transport_legs: 'Transport legs',
  port_operations: 'Port operations',
  purchased_goods_services: 'Purchased goods and services',
  site_energy: 'Site energy',
  supplier_list: 'Supplier list',
  unknown: 'Not sure yet',
};

// Accepted files --------------------------------------------------------------------------------

/** What the browser may offer; the server decides from the bytes (magic numbers), never from these. */
export const ACCEPTED_FILE_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;
export const ACCEPTED_MIME_TYPES = [
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** Files in one batch. */
export const MAX_FILES_PER_UPLOAD = 20;
/** Rows one fileRowSnippets call returns. */
export const MAX_SNIPPET_ROWS = 200;

const sha256Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'sha256 must be 64 hexadecimal characters' })
  .transform((s) => s.toLowerCase());

export const fileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the file name' })
  .max(255, { error: 'The file name must be at most 255 characters' });

export const createFileUploadSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name for the upload' }).max(200, { error: 'The name must be at most 200 characters' }),
  description: z
    .string()
    .trim()
    .max(2000, { error: 'The description must be at most 2000 characters' })
    .nullish()
    .transform((s) => s || null),
});

/** What the browser says about a file before sending it. The size is checked against the limit again by the API. */
export const fileToSendSchema = z.object({
  fileName: fileNameSchema,
  mimeType: z
    .string()
    .trim()
    .max(255, { error: 'The MIME type must be at most 255 characters' })
    .transform((s) => s || 'application/octet-stream'),
  size: z.number().int({ error: 'The size must be a whole number of bytes' }).min(1, { error: 'The file is empty (0 bytes)' }),
  sha256: sha256Schema.nullish(),
});

export const supplierEmailsSchema = z
  .array(emailSchema)
  .max(100, { error: 'At most 100 supplier email addresses' })
  .transform((emails) => [...new Set(emails.map((e) => e.toLowerCase()))]);
