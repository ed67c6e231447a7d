import type { AppServices } from '../../../context.ts';
import { publishFileEvent, publishFileUploadEvent } from '../live-events.ts';
import { fileStatusOf, fileUploadStatusOf } from '../records.ts';
import type { ChangedFile } from './reading-state.ts';

type Publisher = Pick<AppServices, 'pubsub'>;

/** At most this often a reading tells subscribers how far it got (about four times a second). */
export const PROGRESS_EVENT_INTERVAL_MS = 250;

/** Tells subscribers of the file (and of its batch, which shows the file's progress) that it changed. Call after commit. */
export const publishFileChange = (services: Publisher, changed: ChangedFile, uploadId: string | null) => {
  const { file, fileUpload } = changed;
  publishFileEvent(services, file.organizationId, {
    fileId: file.id,
    fileUploadId: file.fileUploadId,
    uploadId,
    status: fileStatusOf(file.status),
  });
  if (fileUpload) {
    publishFileUploadEvent(services, fileUpload.organizationId, {
      fileUploadId: fileUpload.id,
      status: fileUploadStatusOf(fileUpload.status),
    });
  }
};

/**
 * Progress events of one reading, however fast the batches come: the first at once, then at most one per
 * PROGRESS_EVENT_INTERVAL_MS. A batch every few milliseconds would otherwise send a reload to every
 * subscriber hundreds of times a second.
 */
export const progressPublisher = (services: Publisher, changed: ChangedFile, uploadId: string | null, now = () => performance.now()) => {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < PROGRESS_EVENT_INTERVAL_MS) return;
    last = at;
    publishFileChange(services, changed, uploadId);
  };
};
