import type { FileStatus } from '@tidewise/shared/uploads';
import { describe, expect, it } from 'vitest';
import { stageChanges } from './announcements.ts';
import { type BatchServerFile, batchFileRows, batchProgress, newerFile } from './batch-files.ts';
import type { UploadedFile } from './graphql.ts';
import type { LocalUpload } from './upload-queue.ts';
import { currentLiveFiles } from './use-live-files.ts';

const file = (id: string, status: FileStatus, extra: Partial<BatchServerFile> = {}): BatchServerFile => ({
  id,
  originalName: `${id}.csv`,
  size: 100,
  status,
  createdAt: `2025-01-01T10:00:0${id.length % 10}Z`,
  updatedAt: '2025-01-01T10:00:00Z',
  uploadedAt: status === 'pending' || status === 'cancelled' ? null : '2025-01-01T10:00:00Z',
  progress: { percent: status === 'processed' ? 100 : 0, rowsRead: 0 },
  error: null,
  ...extra,
});

const local = (key: string, phase: LocalUpload<BatchServerFile>['phase'], extra: Partial<LocalUpload<BatchServerFile>> = {}) => ({
  key,
  name: `${key}.csv`,
  size: 200,
  phase,
  loaded: 0,
  fileId: null,
  file: null,
  error: null,
  ...extra,
});

describe('the lines of a batch', () => {
  it('keeps the newest answer about each file, whichever channel brought it', () => {
    const old = file('a', 'queued', { updatedAt: '2025-01-01T10:00:01Z' });
    const fresh = file('a', 'processing', { updatedAt: '2025-01-01T10:00:02Z', progress: { percent: 40.6, rowsRead: 1200 } });
    expect(newerFile(old, fresh)).toBe(fresh);
    expect(newerFile(fresh, old)).toBe(fresh);
    const [row] = batchFileRows([old], new Map([['a', fresh]]), []);
    expect(row).toMatchObject({ key: 'a', stage: 'processing', uploadPercent: 100, readPercent: 40 });
  });

  it('shows the browser’s own stage while a file is on its way, and the server’s once it is there', () => {
    const pending = file('b', 'pending', { createdAt: '2025-01-01T10:00:05Z' });
    const rows = batchFileRows([file('a', 'processed'), pending], new Map(), [
      local('b-local', 'uploading', { fileId: 'b', loaded: 50, size: 100 }),
      local('c-local', 'waiting'),
    ]);
    expect(rows.map((r) => [r.key, r.stage, r.uploadPercent, r.readPercent])).toEqual([
      ['a', 'processed', 100, 100],
      ['b', 'uploading', 50, null],
      ['c-local', 'waiting', 0, null],
    ]);
  });

  it('hides files cancelled on the server unless the browser still says why, and keeps a failure’s reason', () => {
    const rows = batchFileRows(
      [
        file('gone', 'cancelled'),
        file('retried', 'cancelled', { createdAt: '2025-01-01T10:00:01Z' }),
        file('bad', 'failed', {
          createdAt: '2025-01-01T10:00:02Z',
          uploadedAt: null,
          error: { code: 'BINARY_FILE', message: 'The file is not a spreadsheet.' },
        }),
      ],
      new Map(),
      [local('retried-local', 'failed', { fileId: 'retried', error: 'The connection was lost.' })],
    );
    expect(rows.map((r) => [r.key, r.stage, r.error])).toEqual([
      ['retried', 'upload-failed', 'The connection was lost.'],
      ['bad', 'failed', 'The file is not a spreadsheet.'],
    ]);
    expect(rows[1]?.readPercent).toBeNull();
  });

  it('counts progress like the server: half for the upload, half for the reading; failed sends left out', () => {
    const rows = batchFileRows([file('a', 'processed'), file('b', 'processing', { progress: { percent: 50, rowsRead: 10 } })], new Map(), [
      local('c', 'uploading', { loaded: 100, size: 200 }),
      local('d', 'failed', { error: 'x' }),
    ]);
    expect(batchProgress(rows)).toEqual({ total: 3, processed: 1, failed: 1, moving: 2, percent: Math.floor((100 + 75 + 25) / 3) });
  });

  it('drops a file sent from this page once the server no longer lists it (deleted)', () => {
    const sent = file('gone', 'processed');
    const rows = batchFileRows([], new Map(), [local('gone-local', 'done', { fileId: 'gone', file: sent })]);
    expect(rows).toEqual([]);
  });
});

describe('live reports of a batch’s files', () => {
  it('keeps a report of a file the query knows, or one newer than the query’s answer; drops a deleted file’s', () => {
    const live = new Map([
      ['known', { file: file('known', 'processing') as UploadedFile, arrivedAt: 100 }],
      ['new', { file: file('new', 'pending') as UploadedFile, arrivedAt: 300 }],
      ['deleted', { file: file('deleted', 'processed') as UploadedFile, arrivedAt: 150 }],
    ]);
    expect([...currentLiveFiles(live, [{ id: 'known' }], 200).keys()]).toEqual(['known', 'new']);
  });
});

describe('what the live region says', () => {
  const label = (stage: string) => stage;
  it('says nothing for the first lines, then each change of stage once, with a failure’s reason', () => {
    expect(stageChanges(null, [{ key: 'a', name: 'a.csv', stage: 'processing', error: null }], label)).toEqual([]);
    const before = new Map([
      ['a', 'processing' as const],
      ['b', 'uploading' as const],
    ]);
    expect(
      stageChanges(
        before,
        [
          { key: 'a', name: 'a.csv', stage: 'processed', error: null },
          { key: 'b', name: 'b.png.csv', stage: 'failed', error: 'The file is not a spreadsheet.' },
          { key: 'c', name: 'c.csv', stage: 'completing', error: null },
        ],
        label,
      ),
    ).toEqual(['a.csv: processed.', 'b.png.csv: failed. The file is not a spreadsheet.']);
  });
});
