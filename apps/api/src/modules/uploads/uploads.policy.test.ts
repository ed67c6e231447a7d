import { FILE_STATUSES, FILE_UPLOAD_STATUSES, MAX_FILES_PER_UPLOAD } from '@tidewise/shared/uploads';
import { describe, expect, it } from 'vitest';
import {
  cancelRefusal,
  completeFileUploadRefusal,
  completionStep,
  downloadRefusal,
  fileCountRefusal,
  fileSizeRefusal,
  hasStoredBytes,
  openBatchRefusal,
  requeueRefusal,
  sheetRefusal,
} from './uploads.policy.ts';

const uploadedAt = new Date('2026-03-01T10:00:00Z');

describe('uploads policy', () => {
  it('keeps a completed batch closed and every other batch open', () => {
    for (const status of FILE_UPLOAD_STATUSES.filter((s) => s !== 'completed')) expect(openBatchRefusal(status)).toBeNull();
    expect(openBatchRefusal('completed')).toEqual({
      code: 'CONFLICT',
      message: 'A file upload cannot change from completed to uploading. It was completed and can no longer be changed.',
    });
    expect(openBatchRefusal('completed', 'processing')?.message).toMatch(/^A file upload cannot change from completed to processing\./);
  });

  it('takes files up to the limit of a batch', () => {
    expect(fileCountRefusal(0)).toBeNull();
    expect(fileCountRefusal(MAX_FILES_PER_UPLOAD - 1)).toBeNull();
    expect(fileCountRefusal(MAX_FILES_PER_UPLOAD)).toEqual({
      code: 'CONFLICT',
      message: `An upload holds at most ${MAX_FILES_PER_UPLOAD} files. Start another upload for the rest.`,
      field: 'fileUploadId',
    });
  });

  it('refuses a declared size over the limit on the size field, naming the limit', () => {
    expect(fileSizeRefusal(1024, 1024)).toBeNull();
    expect(fileSizeRefusal(300 * 1024 * 1024, 200 * 1024 * 1024)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The file is 300.0 MB; the limit is 200.0 MB (209715200 bytes).',
      field: 'size',
    });
  });

  it('completes a pending file, answers a file past that unchanged and refuses failed or cancelled ones', () => {
    expect(completionStep('pending')).toBe('verify');
    for (const status of ['uploaded', 'queued', 'processing', 'processed'] as const) expect(completionStep(status)).toBe('unchanged');
    expect(completionStep('failed')).toEqual({
      code: 'CONFLICT',
      message: 'A file cannot change from failed to uploaded. Upload the file again as a new file.',
    });
    expect(completionStep('cancelled')).toEqual({
      code: 'CONFLICT',
      message: 'A file cannot change from cancelled to uploaded. Its upload was cancelled.',
    });
  });

  it('counts bytes as stored only once verified, so a file refused on completion has none', () => {
    expect(hasStoredBytes({ status: 'failed', uploadedAt })).toBe(true);
    expect(hasStoredBytes({ status: 'failed', uploadedAt: null })).toBe(false);
    expect(hasStoredBytes({ status: 'pending', uploadedAt: null })).toBe(false);
    expect(hasStoredBytes({ status: 'cancelled', uploadedAt: null })).toBe(false);
    expect(downloadRefusal({ status: 'processed', uploadedAt })).toBeNull();
    expect(downloadRefusal({ status: 'pending', uploadedAt: null })?.message).toBe('The file has not been uploaded yet.');
    expect(downloadRefusal({ status: 'failed', uploadedAt: null })?.message).toBe(
      'The file was refused when it was uploaded; nothing is stored.',
    );
  });

  it('reads a file again only from the statuses each reason allows, and only with its bytes stored', () => {
    const allowed = (reason: 'sheet' | 'retry' | 'process') =>
      FILE_STATUSES.filter((status) => requeueRefusal({ status, uploadedAt }, reason) === null);
    expect(allowed('sheet')).toEqual(['processing', 'processed', 'failed']);
    expect(allowed('retry')).toEqual(['failed']);
    expect(allowed('process')).toEqual(['uploaded', 'processed', 'failed']);
    expect(requeueRefusal({ status: 'processed', uploadedAt }, 'retry')).toEqual({
      code: 'CONFLICT',
      message: 'Only a file whose reading failed can be retried; this one is processed.',
    });
    expect(requeueRefusal({ status: 'queued', uploadedAt }, 'process')).toEqual({
      code: 'CONFLICT',
      message: 'The file is already queued.',
    });
    expect(requeueRefusal({ status: 'failed', uploadedAt: null }, 'retry')).toEqual({
      code: 'CONFLICT',
      message: 'The file was refused when it was uploaded, so there is nothing to read again. Upload it again.',
    });
  });

  it('lets a workbook read one of its own sheets, and lists them when the name is wrong', () => {
    const sheets = ['Instructions', 'Fuel data'];
    expect(sheetRefusal('xlsx', sheets, 'Fuel data', true)).toBeNull();
    expect(sheetRefusal('xlsx', sheets, 'Fuel', true)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The workbook has no sheet named "Fuel". Its sheets are: "Instructions", "Fuel data".',
      field: 'sheet',
    });
    expect(sheetRefusal('csv', null, 'Sheet1', false)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Only an Excel workbook (.xlsx) has sheets; this file is CSV.',
      field: 'sheet',
    });
    // Not read yet: the reader checks the name; changing the sheet waits until the sheets are known.
    expect(sheetRefusal('xlsx', null, 'Fuel data', false)).toBeNull();
    expect(sheetRefusal('xlsx', null, 'Fuel data', true)?.code).toBe('CONFLICT');
  });

  it('hands in only a ready batch, saying what it waits for otherwise', () => {
    expect(completeFileUploadRefusal('ready')).toBeNull();
    expect(completeFileUploadRefusal('processing')).toEqual({
      code: 'CONFLICT',
      message: 'A file upload cannot change from processing to completed. Wait until every file is uploaded and read.',
    });
    expect(completeFileUploadRefusal('draft')?.message).toBe('A file upload cannot change from draft to completed. It holds no file.');
    expect(completeFileUploadRefusal('failed')?.message).toBe(
      'A file upload cannot change from failed to completed. No file of it was read successfully.',
    );
    expect(completeFileUploadRefusal('completed')?.message).toBe('The file upload is already completed.');
  });

  it('cancels pending files, leaves cancelled ones so, and refuses files whose bytes arrived', () => {
    expect(cancelRefusal('pending')).toBeNull();
    expect(cancelRefusal('cancelled')).toBeNull();
    expect(cancelRefusal('queued')).toEqual({
      code: 'CONFLICT',
      message: 'A file cannot change from queued to cancelled. Its bytes arrived; delete the file instead.',
    });
  });
});
