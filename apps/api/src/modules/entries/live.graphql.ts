import { requireActor } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import { type LiveItem, liveStream, unwrapLiveItem } from '../../lib/events/live-stream.ts';
import { builder } from '../../schema/builder.ts';
import type { ValidationEvent } from './live-events.ts';
import { type FileUploadValidationView, getFileUploadValidation } from './operations/get-file-upload-validation.ts';
import { findBatchOfActor } from './records.ts';
import { FileUploadValidationRef } from './validation.graphql.ts';

const READ = 'uploads:read';

builder.subscriptionField('fileUploadValidationUpdated', (t) =>
  t.field({
    type: FileUploadValidationRef,
    description:
      "The batch's validation each time one of its files' runs changes (queued, progress, end). Completes when the batch is deleted.",
    authScopes: { permission: READ },
    args: { fileUploadId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      const batch = await findBatchOfActor(ctx, String(args.fileUploadId));
      return liveStream<FileUploadValidationView>({
        ctx,
        permission: READ,
        sources: [
          {
            events: ctx.pubsub.subscribe('entries.validation', organizationId),
            keyOf: (e: ValidationEvent) => (e.fileUploadId === batch.id ? batch.id : null),
          },
        ],
        read: async (id) => {
          try {
            return { emit: await getFileUploadValidation(ctx, id) };
          } catch (error) {
            if (error instanceof AppError && error.code === 'NOT_FOUND') return 'end';
            throw error;
          }
        },
      });
    },
    resolve: (item: LiveItem<FileUploadValidationView>) => unwrapLiveItem(item),
  }),
);
