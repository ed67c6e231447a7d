import type { FileStatus } from '@tidewise/shared/uploads';
import { wholePercent } from './format.ts';
import type { LocalUpload } from './upload-queue.ts';

/** The part of a server file the batch screen reads (FileFields). */
export type BatchServerFile = {
  id: string;
  originalName: string;
  size: number;
  status: FileStatus;
  createdAt: string;
  updatedAt: string;
  uploadedAt?: string | null;
  progress: { percent: number; rowsRead: number };
  error?: { code: string; message: string } | null;
};

/**
 * One line of the batch: what the browser is doing with the file (before the server knows it, or when
 * its upload failed), otherwise the server's status.
 */
export type Stage = 'waiting' | 'requesting' | 'uploading' | 'completing' | 'upload-failed' | 'upload-cancelled' | FileStatus;

export type BatchFileRow<F extends BatchServerFile> = {
  /** The server's file id, or the browser's key while there is none. */
  key: string;
  name: string;
  size: number;
  stage: Stage;
  file: F | null;
  local: LocalUpload<F> | null;
  /** 0–100: bytes sent (or received by the server). */
  uploadPercent: number;
  /** 0–100 while and after reading; null before the reading is queued. */
  readPercent: number | null;
  error: string | null;
};

const LOCAL_STAGES: Partial<Record<LocalUpload<unknown>['phase'], Stage>> = {
  waiting: 'waiting',
  requesting: 'requesting',
  uploading: 'uploading',
  completing: 'completing',
  failed: 'upload-failed',
  cancelled: 'upload-cancelled',
};

/** The newer of two answers about the same file (a live event may arrive before or after a query). */
export const newerFile = <F extends { updatedAt: string }>(a: F | null | undefined, b: F | null | undefined): F | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
};

const readPercentOf = (file: BatchServerFile): number | null => {
  switch (file.status) {
    case 'uploaded':
    case 'queued':
      return 0;
    case 'processing':
      return wholePercent(file.progress.percent);
    case 'processed':
      return 100;
    case 'failed':
      return file.uploadedAt ? wholePercent(file.progress.percent) : null;
    default:
      return null;
  }
};

const rowOf = <F extends BatchServerFile>(file: F | null, local: LocalUpload<F> | null): BatchFileRow<F> => {
  const localStage = local ? LOCAL_STAGES[local.phase] : undefined;
  const name = file?.originalName ?? local?.name ?? '';
  const size = file?.size ?? local?.size ?? 0;
  if (localStage || !file) {
    const sent = local && local.size > 0 ? (local.loaded / local.size) * 100 : 0;
    return {
      key: file?.id ?? local?.key ?? name,
      name,
      size,
      stage: localStage ?? 'waiting',
      file,
      local,
      uploadPercent: local?.phase === 'completing' ? 100 : wholePercent(sent),
      readPercent: null,
      error: local?.error ?? null,
    };
  }
  const uploadPercent =
    file.status === 'pending'
      ? Math.max(wholePercent(file.progress.percent), local ? wholePercent((local.loaded / Math.max(local.size, 1)) * 100) : 0)
      : file.status === 'cancelled' || (file.status === 'failed' && !file.uploadedAt && !local)
        ? 0
        : 100;
  return {
    key: file.id,
    name,
    size,
    stage: file.status,
    file,
    local,
    uploadPercent,
    readPercent: readPercentOf(file),
    error: file.error?.message ?? null,
  };
};

/**
 * The batch's lines: the server's files oldest first (a cancelled one only while the browser still
 * shows why), then what the browser is still sending or failed to send. For each file the newest of
 * the query's answer, the live events and the browser's own answers wins; a file the browser sent
 * that the server no longer lists (deleted) is not shown.
 */
export const batchFileRows = <F extends BatchServerFile>(
  queried: readonly F[],
  live: ReadonlyMap<string, F>,
  local: readonly LocalUpload<F>[],
): BatchFileRow<F>[] => {
  const files = new Map<string, F>();
  const merge = (file: F | null | undefined) => {
    if (!file) return;
    const current = files.get(file.id);
    const chosen = newerFile(current, file);
    if (chosen) files.set(file.id, chosen);
  };
  for (const file of queried) merge(file);
  for (const file of live.values()) merge(file);
  // The browser's own answers count until its upload is done; after that the server's lists decide (a
  // file deleted since is gone).
  for (const entry of local) if (entry.phase !== 'done') merge(entry.file);
  const localByFile = new Map(local.flatMap((entry) => (entry.fileId ? [[entry.fileId, entry] as const] : [])));

  const rows: BatchFileRow<F>[] = [];
  const shown = new Set<string>();
  const ordered = [...files.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  for (const file of ordered) {
    const entry = localByFile.get(file.id) ?? null;
    if (file.status === 'cancelled' && !entry) continue;
    rows.push(rowOf(file, entry));
    if (entry) shown.add(entry.key);
  }
  for (const entry of local) {
    if (shown.has(entry.key) || entry.phase === 'done') continue;
    rows.push(rowOf(entry.fileId ? (files.get(entry.fileId) ?? null) : null, entry));
  }
  return rows;
};

/** Lines that count towards the batch: neither given up nor failed to send. */
const counts = (row: BatchFileRow<BatchServerFile>) =>
  row.stage !== 'cancelled' && row.stage !== 'upload-cancelled' && row.stage !== 'upload-failed';

/** A line is still moving: something will change without anyone acting. */
export const isMoving = (stage: Stage) =>
  stage === 'waiting' ||
  stage === 'requesting' ||
  stage === 'uploading' ||
  stage === 'completing' ||
  stage === 'pending' ||
  stage === 'uploaded' ||
  stage === 'queued' ||
  stage === 'processing';

/**
 * The batch's progress as the browser sees it, counted like the server's (each file half for its
 * upload, half for its reading) but with the bytes the browser is sending right now.
 */
export const batchProgress = (rows: readonly BatchFileRow<BatchServerFile>[]) => {
  const live = rows.filter(counts);
  const weight = (row: BatchFileRow<BatchServerFile>) => {
    if (row.stage === 'processed' || row.stage === 'failed') return 100;
    if (row.readPercent !== null) return 50 + row.readPercent / 2;
    return row.uploadPercent / 2;
  };
  return {
    total: live.length,
    processed: live.filter((r) => r.stage === 'processed').length,
    failed: live.filter((r) => r.stage === 'failed').length + rows.filter((r) => r.stage === 'upload-failed').length,
    moving: rows.filter((r) => isMoving(r.stage)).length,
    percent: live.length === 0 ? 0 : wholePercent(live.reduce((sum, r) => sum + weight(r), 0) / live.length),
  };
};
