import type { FileStatus, FileUploadStatus } from '@tidewise/shared/uploads';
import type { AppServices } from '../../context.ts';

/**
 * The uploads module's live-event topics. Payloads carry ids and the new status only; a subscription
 * reads the current record (scoped to the subscriber's organization) before it answers, so an event can
 * never carry more than the subscriber may see.
 */
export type FileEvent = {
  fileId: string;
  /** The batch, or null for a single-file upload. */
  fileUploadId: string | null;
  /** The single-file upload, or null for a batch file. */
  uploadId: string | null;
  status: FileStatus;
};

export type FileUploadEvent = { fileUploadId: string; status: FileUploadStatus };

declare module '../../lib/events/create-pubsub.ts' {
  interface LiveEventRegistry {
    'uploads.file': FileEvent;
    'uploads.fileUpload': FileUploadEvent;
  }
}

type Publisher = Pick<AppServices, 'pubsub'>;

/** Tells subscribers a file changed (status or progress). Call after the change is committed. */
export const publishFileEvent = (services: Publisher, organizationId: string, event: FileEvent) =>
  services.pubsub.publish('uploads.file', organizationId, event);

/** Tells subscribers a batch changed (its status, its files, its size). Call after the change is committed. */
export const publishFileUploadEvent = (services: Publisher, organizationId: string, event: FileUploadEvent) =>
  services.pubsub.publish('uploads.fileUpload', organizationId, event);
