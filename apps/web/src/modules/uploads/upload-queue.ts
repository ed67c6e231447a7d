import { putFile, type UploadTarget, UploadAbortedError } from './put-file.ts';

/**
 * Where a file stands in the browser, before the server's own status takes over:
 * - `waiting`: chosen, waiting for a free slot (a few files go at a time);
 * - `requesting`: asking for its upload URL;
 * - `uploading`: bytes on their way (`loaded` of `size`);
 * - `completing`: sent, the server is verifying them;
 * - `done`: the server has the file (its status now says the rest, including a refusal of the content);
 * - `failed`: the upload did not happen (`error` says why); it may start again with a new URL;
 * - `cancelled`: stopped by the person before the bytes were all sent.
 */
export type LocalPhase = 'waiting' | 'requesting' | 'uploading' | 'completing' | 'done' | 'failed' | 'cancelled';

export type LocalUpload<F> = {
  /** Stable for the life of the entry, also across retries. */
  key: string;
  name: string;
  size: number;
  phase: LocalPhase;
  /** Bytes sent so far. */
  loaded: number;
  /** The server's file once an upload URL was issued (a retry gets a new one). */
  fileId: string | null;
  /** The newest answer about the file from the server (generateUploadUrl, completeUpload). */
  file: F | null;
  error: string | null;
};

/** What the queue asks of the server. Each call throws an Error whose message is meant for people. */
export type UploadApi<F> = {
  generateUploadUrl: (input: {
    fileUploadId: string;
    fileName: string;
    mimeType: string;
    size: number;
  }) => Promise<UploadTarget & { fileId: string; file: F }>;
  completeUpload: (fileId: string) => Promise<F>;
  cancelPendingFiles: (fileUploadId: string, fileIds: string[]) => Promise<void>;
  put?: typeof putFile;
};

type Entry<F> = LocalUpload<F> & { blob: Blob; mimeType: string; abort: AbortController | null; cancelRequested: boolean };

/** Files sent at the same time: browsers open few connections per host, and live updates need some. */
export const PARALLEL_UPLOADS = 2;

let nextKey = 0;

/**
 * The browser side of one batch's uploads, kept outside React so that leaving the batch's screen (for
 * one of its files) neither stops nor forgets them: for each file, an upload URL, the PUT with its
 * progress, then completeUpload. A failed PUT or a cancel gives the pending file up on the server
 * (cancelPendingFiles) so the batch does not wait for it; a retry starts again with a new URL.
 */
export class UploadQueue<F> {
  private entries: Entry<F>[] = [];
  private snapshot: readonly LocalUpload<F>[] = [];
  private listeners = new Set<() => void>();

  constructor(
    readonly fileUploadId: string,
    private api: UploadApi<F>,
    private readonly parallel = PARALLEL_UPLOADS,
  ) {}

  /** The server calls to use from now on (a new client after signing in again). */
  setApi(api: UploadApi<F>) {
    this.api = api;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly LocalUpload<F>[] => this.snapshot;

  /** True while a file is still on its way: leaving the page now would lose it. */
  get busy() {
    return this.entries.some(
      (e) => e.phase === 'waiting' || e.phase === 'requesting' || e.phase === 'uploading' || e.phase === 'completing',
    );
  }

  /** Queues files to send, in the order given. */
  add(files: readonly File[]) {
    for (const file of files) {
      nextKey += 1;
      this.entries.push({
        key: `upload-${nextKey}`,
        name: file.name,
        size: file.size,
        phase: 'waiting',
        loaded: 0,
        fileId: null,
        file: null,
        error: null,
        blob: file,
        mimeType: file.type || 'application/octet-stream',
        abort: null,
        cancelRequested: false,
      });
    }
    this.changed();
    this.pump();
  }

  /** Stops a file that is not on the server yet; a pending file on the server is given up. */
  cancel(key: string) {
    const entry = this.find(key);
    if (!entry) return;
    if (entry.phase === 'waiting') {
      this.update(entry, { phase: 'cancelled' });
      this.pump();
    } else if (entry.phase === 'requesting' || entry.phase === 'uploading') {
      entry.cancelRequested = true;
      entry.abort?.abort();
    }
  }

  /** Starts a failed or cancelled upload again, with a new URL. */
  retry(key: string) {
    const entry = this.find(key);
    if (!entry || (entry.phase !== 'failed' && entry.phase !== 'cancelled')) return;
    this.update(entry, { phase: 'waiting', loaded: 0, fileId: null, file: null, error: null });
    entry.cancelRequested = false;
    this.pump();
  }

  /** Forgets a file that is not going anywhere (failed, cancelled, or done). */
  dismiss(key: string) {
    const entry = this.find(key);
    if (!entry || this.isMoving(entry)) return;
    this.entries = this.entries.filter((e) => e !== entry);
    this.changed();
  }

  private isMoving(entry: Entry<F>) {
    return entry.phase === 'requesting' || entry.phase === 'uploading' || entry.phase === 'completing';
  }

  private find(key: string) {
    return this.entries.find((e) => e.key === key);
  }

  private update(entry: Entry<F>, patch: Partial<LocalUpload<F>>) {
    Object.assign(entry, patch);
    this.changed();
  }

  private changed() {
    this.snapshot = this.entries.map(({ key, name, size, phase, loaded, fileId, file, error }) => ({
      key,
      name,
      size,
      phase,
      loaded,
      fileId,
      file,
      error,
    }));
    for (const listener of this.listeners) listener();
  }

  private pump() {
    const running = this.entries.filter((e) => this.isMoving(e)).length;
    const next = this.entries.filter((e) => e.phase === 'waiting').slice(0, Math.max(0, this.parallel - running));
    for (const entry of next) void this.send(entry);
  }

  private async send(entry: Entry<F>) {
    const abort = new AbortController();
    entry.abort = abort;
    this.update(entry, { phase: 'requesting', loaded: 0, error: null });
    let fileId: string | null = null;
    try {
      const target = await this.api.generateUploadUrl({
        fileUploadId: this.fileUploadId,
        fileName: entry.name,
        mimeType: entry.mimeType,
        size: entry.size,
      });
      fileId = target.fileId;
      this.update(entry, { fileId, file: target.file });
      if (entry.cancelRequested) throw new UploadAbortedError();
      this.update(entry, { phase: 'uploading' });
      await (this.api.put ?? putFile)(target, entry.blob, {
        signal: abort.signal,
        onProgress: (loaded) => {
          if (entry.phase === 'uploading') this.update(entry, { loaded: Math.min(loaded, entry.size) });
        },
      });
      this.update(entry, { phase: 'completing', loaded: entry.size });
      const file = await this.api.completeUpload(fileId);
      this.update(entry, { phase: 'done', file });
    } catch (error) {
      const cancelled = error instanceof UploadAbortedError || entry.cancelRequested;
      if (fileId) await this.giveUp(fileId);
      this.update(entry, {
        phase: cancelled ? 'cancelled' : 'failed',
        error: cancelled ? null : error instanceof Error ? error.message : String(error),
      });
    } finally {
      entry.abort = null;
      this.pump();
    }
  }

  /** The pending file on the server is cancelled, so the batch does not wait for it; a failure here changes nothing shown. */
  private async giveUp(fileId: string) {
    try {
      await this.api.cancelPendingFiles(this.fileUploadId, [fileId]);
    } catch {
      // The file stays pending on the server until its URL expires; the person can still delete it.
    }
  }
}

const queues = new Map<string, UploadQueue<unknown>>();

/** The one queue of a batch for this page's life, created on first use. */
export const uploadQueueFor = <F>(fileUploadId: string, api: UploadApi<F>): UploadQueue<F> => {
  let queue = queues.get(fileUploadId) as UploadQueue<F> | undefined;
  if (!queue) {
    queue = new UploadQueue<F>(fileUploadId, api);
    queues.set(fileUploadId, queue as UploadQueue<unknown>);
  } else queue.setApi(api);
  return queue;
};

/** True while any batch still has a file on its way. */
export const anyUploadBusy = () => [...queues.values()].some((queue) => queue.busy);
