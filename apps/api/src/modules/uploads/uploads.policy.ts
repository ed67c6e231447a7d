import {
  canChangeFileUploadStatus,
  canChangeFileStatus,
  type FileStatus,
  type FileUploadStatus,
  fileTransitionMessage,
  fileUploadTransitionMessage,
  MAX_FILES_PER_UPLOAD,
  STORED_FILE_STATUSES,
} from '@tidewise/shared/uploads';
import type { Refusal } from '../../lib/authz.ts';
import { formatBytes } from '../../lib/parsing/errors.ts';

/**
 * The rules of the upload operations, as pure functions over the stored facts: each answers null when the
 * change may go ahead, or the Refusal the client gets. Statuses and transitions: packages/shared/src/uploads.ts.
 */

/**
 * A completed batch was handed in: nothing of it changes any more (no file added, read again, recategorised,
 * cancelled or deleted). `to` names what the change would have made of the batch, for the message.
 */
export const openBatchRefusal = (status: FileUploadStatus, to: FileUploadStatus = 'uploading'): Refusal | null =>
  status === 'completed'
    ? { code: 'CONFLICT', message: `${fileUploadTransitionMessage('completed', to)} It was completed and can no longer be changed.` }
    : null;

/** One more file in a batch that already holds `liveFiles` files that are not cancelled. */
export const fileCountRefusal = (liveFiles: number): Refusal | null =>
  liveFiles >= MAX_FILES_PER_UPLOAD
    ? {
        code: 'CONFLICT',
        message: `An upload holds at most ${MAX_FILES_PER_UPLOAD} files. Start another upload for the rest.`,
        field: 'fileUploadId',
      }
    : null;

/** The declared size against UPLOAD_MAX_FILE_BYTES, before anything is stored. */
export const fileSizeRefusal = (size: number, limit: number): Refusal | null =>
  size > limit
    ? {
        code: 'VALIDATION_FAILED',
        message: `The file is ${formatBytes(size)}; the limit is ${formatBytes(limit)} (${limit} bytes).`,
        field: 'size',
      }
    : null;

/** What completing a file's upload does, from its status: go ahead, answer it unchanged (a retried request), or refuse. */
export type CompletionStep = 'verify' | 'unchanged';

export const completionStep = (status: FileStatus): CompletionStep | Refusal => {
  if (status === 'pending') return 'verify';
  if (status === 'failed' || status === 'cancelled') {
    return {
      code: 'CONFLICT',
      message: `${fileTransitionMessage(status, 'uploaded')} ${status === 'failed' ? 'Upload the file again as a new file.' : 'Its upload was cancelled.'}`,
    };
  }
  return 'unchanged';
};

/** True when the file's bytes are in storage, verified: failed files count only when they failed after the upload. */
export const hasStoredBytes = (file: { status: FileStatus; uploadedAt: Date | null }): boolean =>
  STORED_FILE_STATUSES.includes(file.status) && file.uploadedAt !== null;

/** A download link exists only for bytes that are stored. */
export const downloadRefusal = (file: { status: FileStatus; uploadedAt: Date | null }): Refusal | null =>
  hasStoredBytes(file)
    ? null
    : {
        code: 'CONFLICT',
        message:
          file.status === 'pending'
            ? 'The file has not been uploaded yet.'
            : file.status === 'cancelled'
              ? 'The upload of this file was cancelled; nothing is stored.'
              : 'The file was refused when it was uploaded; nothing is stored.',
      };

/** Why a file is read again: another sheet, a retry after a failed reading, or processUpload. */
export type RequeueReason = 'sheet' | 'retry' | 'process';

const REQUEUE_FROM: Record<RequeueReason, readonly FileStatus[]> = {
  sheet: ['processing', 'processed', 'failed'],
  retry: ['failed'],
  process: ['uploaded', 'processed', 'failed'],
};

/**
 * Whether a file may go back to `queued` for another reading. Its bytes must be stored (a file refused on
 * completion has none: it is uploaded again instead), and each reason has its own starting points.
 */
export const requeueRefusal = (file: { status: FileStatus; uploadedAt: Date | null }, reason: RequeueReason): Refusal | null => {
  const { status } = file;
  if (!REQUEUE_FROM[reason].includes(status) || !canChangeFileStatus(status, 'queued')) {
    if (reason === 'retry') {
      return { code: 'CONFLICT', message: `Only a file whose reading failed can be retried; this one is ${status}.` };
    }
    return { code: 'CONFLICT', message: fileTransitionMessage(status, 'queued') };
  }
  if (!hasStoredBytes(file)) {
    return { code: 'CONFLICT', message: 'The file was refused when it was uploaded, so there is nothing to read again. Upload it again.' };
  }
  return null;
};

/**
 * A sheet can be chosen for a workbook only, and must be one of the sheets the reader found. While the sheets
 * are not known yet (a file never read), `sheets` is null: the reader checks the name and fails with
 * SHEET_NOT_FOUND when there is no such sheet, unless `requireKnown` asks for them first.
 */
export const sheetRefusal = (
  fileType: string | null,
  sheets: readonly string[] | null,
  sheet: string,
  requireKnown: boolean,
): Refusal | null => {
  if (fileType !== 'xlsx') {
    return {
      code: 'VALIDATION_FAILED',
      message: `Only an Excel workbook (.xlsx) has sheets; this file is ${fileType ? fileType.toUpperCase() : 'not read yet'}.`,
      field: 'sheet',
    };
  }
  if (sheets === null || sheets.length === 0) {
    return requireKnown
      ? { code: 'CONFLICT', message: 'The sheets of this workbook are not known yet. Wait until its reading has started.', field: 'sheet' }
      : null;
  }
  if (sheets.includes(sheet)) return null;
  return {
    code: 'VALIDATION_FAILED',
    message: `The workbook has no sheet named "${sheet}". Its sheets are: ${sheets.map((s) => `"${s}"`).join(', ')}.`,
    field: 'sheet',
  };
};

/** Handing in a batch: only a ready one (every file settled, at least one processed) becomes completed. */
export const completeFileUploadRefusal = (status: FileUploadStatus): Refusal | null => {
  if (canChangeFileUploadStatus(status, 'completed')) return null;
  const hint =
    status === 'uploading' || status === 'processing'
      ? ' Wait until every file is uploaded and read.'
      : status === 'failed'
        ? ' No file of it was read successfully.'
        : status === 'draft'
          ? ' It holds no file.'
          : '';
  return { code: 'CONFLICT', message: `${fileUploadTransitionMessage(status, 'completed')}${hint}` };
};

/**
 * Cancelling a file's upload: a pending file becomes cancelled, one already cancelled stays so (a repeated
 * request); any other has its bytes and is deleted instead.
 */
export const cancelRefusal = (status: FileStatus): Refusal | null =>
  status === 'pending' || status === 'cancelled'
    ? null
    : { code: 'CONFLICT', message: `${fileTransitionMessage(status, 'cancelled')} Its bytes arrived; delete the file instead.` };
