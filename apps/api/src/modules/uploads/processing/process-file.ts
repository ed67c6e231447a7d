import { setImmediate } from 'node:timers/promises';
import { packRowsJson } from '../../../lib/parsing/row-packing.ts';
import type { StoredFileError } from '@tidewise/db/schema/uploads';
import type { AppServices } from '../../../context.ts';
import type { Job, JobFailure } from '../../../lib/jobs/job-types.ts';
import { ObjectNotFoundError } from '../../../lib/storage/storage.ts';
import type { ProcessFileJob } from '../jobs.ts';
import type { FileRecord } from '../records.ts';
import { parseLimitsOf } from '../limits.ts';
import { FileReadError, type FileReadErrorCode } from '../../../lib/parsing/errors.ts';
import { runParseInWorker } from '../../../lib/parsing/run-parse-in-worker.ts';
import type { EncodedReadFileHandlers } from '../../../lib/parsing/types.ts';
import { progressPublisher, publishFileChange } from './notify.ts';
import {
  beginReading,
  ConcurrentReadingError,
  failReading,
  type ReadingStart,
  finishReading,
  StoredRowsMismatchError,
  saveReadDetails,
  storeBatch,
  uploadIdOf,
} from './reading-state.ts';

export type ProcessingServices = Pick<AppServices, 'db' | 'env' | 'logger' | 'storage' | 'pubsub' | 'jobs'>;

/** Rows per batch, and so per stored chunk. */
export const ROWS_PER_CHUNK = 2000;

/** The job's file was deleted, re-queued or finished by another run while this one read it: stop quietly. */
class StaleReading extends Error {
  constructor() {
    super('the file changed while it was read');
    this.name = 'StaleReading';
  }
}

/** Codes that say the reading was cut off or broke, not that the file is bad: the attempt is retried. */
const RETRIED_CODES: readonly FileReadErrorCode[] = ['ABORTED', 'WORKER_FAILED'];

/** What is wrong with the file itself: final, the file fails with this and the job is not retried. */
const finalFailureOf = (error: unknown): StoredFileError | null => {
  if (error instanceof FileReadError && !RETRIED_CODES.includes(error.code)) {
    return { code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof ObjectNotFoundError) {
    return { code: 'FILE_NOT_FOUND', message: 'The stored file is missing. Upload it again.' };
  }
  return null;
};

/**
 * Why an attempt failed, in words that may reach the person (the job's stored reason becomes the file's error
 * once every attempt failed): no server paths, SQL or stack. The full error goes to the log.
 */
export const attemptFailureReason = (error: unknown): string => {
  if (error instanceof FileReadError) {
    return error.code === 'ABORTED' ? 'the reading was stopped (the server stopped or the time limit passed)' : error.message;
  }
  if (error instanceof StoredRowsMismatchError || error instanceof ConcurrentReadingError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof (error as NodeJS.ErrnoException | null)?.syscall === 'string' && typeof code === 'string') {
    return `the stored file could not be read (${code})`;
  }
  return 'an unexpected error (see the server log)';
};

/** An attempt that failed and will be retried, carrying a reason safe to show. */
class ProcessingAttemptError extends Error {
  constructor(cause: unknown) {
    super(attemptFailureReason(cause), { cause });
    this.name = 'ProcessingAttemptError';
  }
}

/**
 * What the reader hands over, stored as it comes: the read details once, then each batch as a chunk with the
 * file's progress. A write the guard refuses (the file changed) stops the reading with StaleReading.
 */
const storingHandlers = (services: ProcessingServices, started: ReadingStart & { job: ProcessFileJob }): EncodedReadFileHandlers => {
  const { job, resume, uploadId } = started;
  const publishProgress = progressPublisher(services, started, uploadId);
  let nextIndex = resume.storedRows;
  let readPercent = 0;
  return {
    onStart: async (start) => {
      if (!(await saveReadDetails(services.db, job, start))) throw new StaleReading();
    },
    onEncodedBatch: async (batch) => {
      // The worker's messages are handled in one run of the event loop for as long as they keep coming, and
      // storing a batch takes only promise turns on the embedded database: without this pause a whole file
      // would be stored before a timer fired or a request was read.
      await setImmediate();
      if (batch.rowCount === 0) return;
      const { json, ...rowNumbers } = batch;
      // Deflated on the thread pool while the worker reads on (row-packing.ts).
      const packed = { ...rowNumbers, packed: await packRowsJson(json) };
      const outcome = await storeBatch(services.db, job, { firstIndex: nextIndex, batch: packed, readPercent });
      if (outcome === 'stale') throw new StaleReading();
      if (outcome === 'taken') throw new ConcurrentReadingError(nextIndex);
      nextIndex += batch.rowCount;
      publishProgress();
    },
    onProgress: (progress) => {
      readPercent = progress.percent;
    },
  };
};

/**
 * Once a file is read, the mappings module suggests a field for each of its columns (its own job). A send that
 * fails is logged, not retried here: the file is read, and asking for its column analyses queues one again.
 */
const queueColumnAnalysis = async (services: ProcessingServices, file: FileRecord) => {
  if (file.status !== 'processed') return;
  const job = { fileId: file.id, organizationId: file.organizationId, generation: file.parseGeneration };
  await services.jobs
    .send('mappings.analyzeColumns', job, { singletonKey: `${file.id}:${file.parseGeneration}:${file.category ?? 'none'}` })
    .catch((error: unknown) => services.logger.warn({ err: error, fileId: file.id }, 'could not queue the column analysis'));
};

/**
 * The `uploads.processFile` job: reads the stored file in a worker thread and stores its rows in chunks, the
 * file's progress beside them, then its metadata and `processed`. Safe to run twice (decision 0013): every
 * write is guarded by the job's generation and the `processing` status, a run resumes after the rows
 * stored, and a chunk is only appended after the last one. Bad input ends the file `failed` with the
 * reader's code; anything else throws and the queue retries.
 */
export const processFile = async (services: ProcessingServices, job: Pick<Job<ProcessFileJob>, 'data' | 'signal'>): Promise<void> => {
  const { data } = job;
  const logger = services.logger.child({ fileId: data.fileId, generation: data.generation });
  const begun = await beginReading(services.db, data);
  if (!begun) {
    logger.debug('file processing job is stale; nothing to do');
    return;
  }
  const started = { ...begun, job: data };
  const { file, resume, uploadId } = started;
  publishFileChange(services, started, uploadId);
  try {
    const result = await services.storage.withLocalFile(file.storageKey, (filePath) =>
      runParseInWorker(
        filePath,
        storingHandlers(services, started),
        {
          ...(file.selectedSheet !== null ? { sheet: file.selectedSheet } : {}),
          ...(resume.lastRowNumber > 0 ? { startAfterRow: resume.lastRowNumber } : {}),
          batchSize: ROWS_PER_CHUNK,
          limits: parseLimitsOf(services.env),
        },
        job.signal,
      ),
    );
    const finished = await finishReading(services.db, data, result);
    if (finished) {
      publishFileChange(services, finished, uploadId);
      await queueColumnAnalysis(services, finished.file);
    }
  } catch (error) {
    if (error instanceof StaleReading) {
      logger.info('the file changed while it was read; this reading stops');
      return;
    }
    const final = finalFailureOf(error);
    if (!final) {
      logger.warn({ err: error }, 'file processing attempt failed');
      throw new ProcessingAttemptError(error);
    }
    const failed = await failReading(services.db, data, final);
    if (failed) publishFileChange(services, failed, uploadId);
    logger.info({ code: final.code }, 'file could not be read');
  }
};

/**
 * After the last attempt failed (a retried error every time, or the process dying): the file ends `failed`
 * with PROCESSING_FAILED and the reason, so it does not stay `processing` and the queue does not loop.
 */
export const failFileAfterRetries = async (services: ProcessingServices, failure: JobFailure<ProcessFileJob>): Promise<void> => {
  const reason = failure.reason.replace(/[.\s]+$/, '');
  const changed = await failReading(
    services.db,
    failure.data,
    {
      code: 'PROCESSING_FAILED',
      message: `The file could not be read: every attempt failed. Last reason: ${reason}. Try again later, or upload it again.`,
      details: { reason },
    },
    ['queued', 'processing'],
  );
  if (!changed) return;
  services.logger.warn({ fileId: failure.data.fileId, reason }, 'file processing failed after every attempt');
  const uploadId = await uploadIdOf(services.db, failure.data.fileId);
  publishFileChange(services, changed, uploadId);
};
