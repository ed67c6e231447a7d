import { type FileStatus, isFileStatus } from '@tidewise/shared/uploads';
import type { AppServices } from '../../context.ts';
import type { ValidationStatus } from './validation-statuses.ts';

/**
 * The entries module's live events. A validation run announces itself on the uploads module's `uploads.file`
 * topic (so `fileUpdated` and `filesUpdated` subscribers read the file again, with `File.validation`) and on
 * `entries.validation` (fileUploadValidationUpdated). Payloads carry ids and statuses only; subscribers read
 * the records again, scoped to their organization.
 */
export type ValidationEvent = {
  fileId: string;
  fileUploadId: string | null;
  uploadId: string | null;
  status: ValidationStatus;
};

declare module '../../lib/events/create-pubsub.ts' {
  interface LiveEventRegistry {
    'entries.validation': ValidationEvent;
  }
}

export type ValidatedFile = {
  id: string;
  organizationId: string;
  fileUploadId: string | null;
  status: string;
  uploadId: string | null;
};

/** Tells subscribers a file's validation changed (status or progress). Call after the change is committed; never throws. */
export const publishValidationChange = (
  services: Pick<AppServices, 'pubsub' | 'logger'>,
  file: ValidatedFile,
  status: ValidationStatus,
) => {
  try {
    const fileStatus: FileStatus = isFileStatus(file.status) ? file.status : 'failed';
    services.pubsub.publish('uploads.file', file.organizationId, {
      fileId: file.id,
      fileUploadId: file.fileUploadId,
      uploadId: file.uploadId,
      status: fileStatus,
    });
    services.pubsub.publish('entries.validation', file.organizationId, {
      fileId: file.id,
      fileUploadId: file.fileUploadId,
      uploadId: file.uploadId,
      status,
    });
  } catch (error) {
    services.logger.warn({ err: error }, 'could not publish a validation event');
  }
};
