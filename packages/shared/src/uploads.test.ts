import { describe, expect, it } from 'vitest';
import {
  canChangeFileStatus,
  canChangeFileUploadStatus,
  createFileUploadSchema,
  deriveFileUploadStatus,
  FILE_STATUS_TRANSITIONS,
  FILE_STATUSES,
  FILE_UPLOAD_STATUS_TRANSITIONS,
  FILE_UPLOAD_STATUSES,
  fileToSendSchema,
  fileTransitionMessage,
  fileUploadTransitionMessage,
  supplierEmailsSchema,
  uploadStatusOf,
} from './uploads.ts';

describe('file statuses', () => {
  it('moves a file forward through upload and reading, and back to the queue only to read again', () => {
    const happyPath = ['pending', 'uploaded', 'queued', 'processing', 'processed'] as const;
    for (const [i, to] of happyPath.slice(1).entries()) expect(canChangeFileStatus(happyPath[i] ?? 'pending', to)).toBe(true);
    expect(canChangeFileStatus('processed', 'queued')).toBe(true);
    expect(canChangeFileStatus('failed', 'queued')).toBe(true);
    expect(canChangeFileStatus('processed', 'pending')).toBe(false);
    expect(canChangeFileStatus('pending', 'processed')).toBe(false);
    expect(canChangeFileStatus('queued', 'cancelled')).toBe(false);
  });

  it('ends a cancelled file for good and names only known statuses', () => {
    expect(FILE_STATUS_TRANSITIONS.cancelled).toEqual([]);
    for (const from of FILE_STATUSES) for (const to of FILE_STATUS_TRANSITIONS[from]) expect(FILE_STATUSES).toContain(to);
  });

  it('gives a single upload its file status, a cancelled one reading as failed', () => {
    expect(uploadStatusOf('processing')).toBe('processing');
    expect(uploadStatusOf('cancelled')).toBe('failed');
  });

  it('words a refused change with both ends', () => {
    expect(fileTransitionMessage('cancelled', 'queued')).toBe('A file cannot change from cancelled to queued.');
    expect(fileUploadTransitionMessage('processing', 'completed')).toBe('A file upload cannot change from processing to completed.');
    expect(fileUploadTransitionMessage('completed', 'completed')).toBe('The file upload is already completed.');
  });
});

describe('file upload (batch) statuses', () => {
  it('derives the batch status from its files', () => {
    expect(deriveFileUploadStatus([])).toBe('draft');
    expect(deriveFileUploadStatus(['cancelled', 'cancelled'])).toBe('draft');
    expect(deriveFileUploadStatus(['pending', 'processed'])).toBe('uploading');
    expect(deriveFileUploadStatus(['processing', 'processed', 'failed'])).toBe('processing');
    expect(deriveFileUploadStatus(['uploaded'])).toBe('processing');
    expect(deriveFileUploadStatus(['processed', 'failed', 'cancelled'])).toBe('ready');
    expect(deriveFileUploadStatus(['failed', 'cancelled'])).toBe('failed');
  });

  it('completes only a ready batch, and nothing changes a completed one', () => {
    for (const from of FILE_UPLOAD_STATUSES) expect(canChangeFileUploadStatus(from, 'completed')).toBe(from === 'ready');
    expect(FILE_UPLOAD_STATUS_TRANSITIONS.completed).toEqual([]);
    expect(canChangeFileUploadStatus('ready', 'processing')).toBe(true);
  });
});

describe('upload inputs', () => {
  it('requires a name and drops an empty description', () => {
    expect(createFileUploadSchema.parse({ name: '  Q1 fuel  ', description: '' })).toEqual({ name: 'Q1 fuel', description: null });
    expect(createFileUploadSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Enter a name for the upload');
  });

  it('refuses an empty or fractional size and a malformed checksum, and lowercases a good one', () => {
    const file = { fileName: 'fuel.csv', mimeType: '', size: 10 };
    expect(fileToSendSchema.parse(file).mimeType).toBe('application/octet-stream');
    expect(fileToSendSchema.safeParse({ ...file, size: 0 }).error?.issues[0]?.message).toBe('The file is empty (0 bytes)');
    expect(fileToSendSchema.safeParse({ ...file, size: 1.5 }).success).toBe(false);
    expect(fileToSendSchema.safeParse({ ...file, sha256: 'abc' }).error?.issues[0]?.message).toBe(
      'sha256 must be 64 hexadecimal characters',
    );
    expect(fileToSendSchema.parse({ ...file, sha256: 'A'.repeat(64) }).sha256).toBe('a'.repeat(64));
  });

  it('deduplicates supplier emails case-insensitively and refuses a bad one', () => {
    expect(supplierEmailsSchema.parse(['Ops@Baltic.example', 'ops@baltic.example'])).toEqual(['ops@baltic.example']);
    expect(supplierEmailsSchema.safeParse(['not-an-email']).success).toBe(false);
  });
});
