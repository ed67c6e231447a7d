import type { AppServices } from '../../context.ts';

/**
 * Supplier matching changes what `fileUploadValidationUpdated` shows (the FileUploadValidation's supplier fields),
 * so it announces itself on the same topic the entries module uses for validation runs, `entries.validation`:
 * subscribers read the batch's validation again. Payloads carry ids only. Call after the change is committed;
 * never throws.
 */
export const publishMatchingChange = (
  services: Pick<AppServices, 'pubsub' | 'logger'>,
  change: { organizationId: string; fileId: string; fileUploadId: string | null },
) => {
  try {
    services.pubsub.publish('entries.validation', change.organizationId, {
      fileId: change.fileId,
      fileUploadId: change.fileUploadId,
      uploadId: null,
      status: 'validated',
    });
  } catch (error) {
    services.logger.warn({ err: error }, 'could not publish a supplier matching event');
  }
};
