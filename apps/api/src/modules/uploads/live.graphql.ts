import { requireActor } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import { builder } from '../../schema/builder.ts';
import type { FileEvent, FileUploadEvent } from './live-events.ts';
import { type LiveItem, type LiveRead, liveStream, unwrapLiveItem } from '../../lib/events/live-stream.ts';
import {
  type FileRecord,
  type FileUploadRecord,
  findFileForActor,
  findFileUploadForActor,
  findUploadForActor,
  type UploadWithFile,
} from './records.ts';
import { FileRef, FileUploadRef, UploadRef } from './uploads-types.graphql.ts';

/**
 * Live updates of uploads over SSE. Each field checks the id it is given belongs to the caller's
 * organization (NOT_FOUND otherwise, before anything streams), listens to that organization's topic only,
 * and answers every event by reading the record again through the organization-scoped loader: events
 * carry ids, never data. What happens when a record is deleted meanwhile is said per field.
 * docs/decisions/0014-upload-statuses.md, "Live events".
 */

const READ = 'uploads:read';

/** The record, or null when it is no longer there for this organization (deleted meanwhile). */
const unlessGone = async <T>(load: () => Promise<T>): Promise<T | null> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};

const emitOr = <T>(record: T | null, otherwise: 'skip' | 'end'): LiveRead<T> => (record ? { emit: record } : otherwise);

/** Key of a batch's own events in `filesUpdated`: its files are keyed by their ids. */
const BATCH_KEY = 'batch';

builder.subscriptionField('fileUpdated', (t) =>
  t.field({
    type: FileRef,
    description: 'The file each time its status or progress changes (upload bytes, rows read). Completes when the file is deleted.',
    authScopes: { permission: READ },
    args: { fileId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      const file = await findFileForActor(ctx, String(args.fileId));
      return liveStream<FileRecord>({
        ctx,
        permission: READ,
        sources: [
          {
            events: ctx.pubsub.subscribe('uploads.file', organizationId),
            keyOf: (e: FileEvent) => (e.fileId === file.id ? file.id : null),
          },
        ],
        read: async (id) => emitOr(await unlessGone(() => findFileForActor(ctx, id)), 'end'),
      });
    },
    resolve: (item: LiveItem<FileRecord>) => unwrapLiveItem(item),
  }),
);

builder.subscriptionField('filesUpdated', (t) =>
  t.field({
    type: FileRef,
    description:
      'A file of the batch each time it changes (added, status, progress). A file deleted from the batch is not announced here (fileUploadsUpdated shows the batch without it); completes when the batch is deleted.',
    authScopes: { permission: READ },
    args: { fileUploadId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      const batch = await findFileUploadForActor(ctx, String(args.fileUploadId));
      const batchIsGone = async () => (await unlessGone(() => findFileUploadForActor(ctx, batch.id))) === null;
      return liveStream<FileRecord>({
        ctx,
        permission: READ,
        sources: [
          {
            events: ctx.pubsub.subscribe('uploads.file', organizationId),
            keyOf: (e: FileEvent) => (e.fileUploadId === batch.id ? e.fileId : null),
          },
          {
            events: ctx.pubsub.subscribe('uploads.fileUpload', organizationId),
            keyOf: (e: FileUploadEvent) => (e.fileUploadId === batch.id ? BATCH_KEY : null),
          },
        ],
        read: async (key) => {
          if (key === BATCH_KEY) return (await batchIsGone()) ? 'end' : 'skip';
          const file = await unlessGone(() => findFileForActor(ctx, key));
          if (file && file.fileUploadId === batch.id) return { emit: file };
          return (await batchIsGone()) ? 'end' : 'skip';
        },
      });
    },
    resolve: (item: LiveItem<FileRecord>) => unwrapLiveItem(item),
  }),
);

builder.subscriptionField('fileUploadsUpdated', (t) =>
  t.field({
    type: FileUploadRef,
    description:
      "A batch of the caller's organization each time it or one of its files changes. A deleted batch is not announced (it can no longer be read); the list drops it on its next read.",
    authScopes: { permission: READ },
    subscribe: async (_root, _args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      return liveStream<FileUploadRecord>({
        ctx,
        permission: READ,
        sources: [
          { events: ctx.pubsub.subscribe('uploads.fileUpload', organizationId), keyOf: (e: FileUploadEvent) => e.fileUploadId },
          // A file's progress moves its batch's progress.
          { events: ctx.pubsub.subscribe('uploads.file', organizationId), keyOf: (e: FileEvent) => e.fileUploadId },
        ],
        read: async (id) => emitOr(await unlessGone(() => findFileUploadForActor(ctx, id)), 'skip'),
      });
    },
    resolve: (item: LiveItem<FileUploadRecord>) => unwrapLiveItem(item),
  }),
);

builder.subscriptionField('uploadUpdated', (t) =>
  t.field({
    type: UploadRef,
    description: 'The single-file upload each time its file changes (status, progress). Completes when it is deleted.',
    authScopes: { permission: READ },
    args: { uploadId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      const upload = await findUploadForActor(ctx, String(args.uploadId));
      // An upload keeps its one file for life: its file's events are the upload's, whatever else they name.
      const isOurs = (e: FileEvent) => e.uploadId === upload.id || e.fileId === upload.fileId;
      return liveStream<UploadWithFile>({
        ctx,
        permission: READ,
        sources: [
          { events: ctx.pubsub.subscribe('uploads.file', organizationId), keyOf: (e: FileEvent) => (isOurs(e) ? upload.id : null) },
        ],
        read: async (id) => emitOr(await unlessGone(() => findUploadForActor(ctx, id)), 'end'),
      });
    },
    resolve: (item: LiveItem<UploadWithFile>) => unwrapLiveItem(item),
  }),
);
