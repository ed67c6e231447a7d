import { createFileUploadSchema, fileToSendSchema, MAX_FILES_PER_UPLOAD, supplierEmailsSchema } from '@tidewise/shared/uploads';
import { dataRequestInputSchema } from '@tidewise/shared/supplier-matching/data-request-input';
import { z } from 'zod';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { DownloadUrl } from '../../lib/storage/storage.ts';
import { paginationSchema } from '../../lib/pagination.ts';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef, PaginationInput, pageOf } from '../../schema/common.graphql.ts';
import { sortInputOf } from '../../schema/sorting.graphql.ts';
import { cancelPendingFiles } from './operations/cancel-pending-files.ts';
import { completeFileUpload } from './operations/complete-file-upload.ts';
import { completeUpload } from './operations/complete-upload.ts';
import { createFileUpload } from './operations/create-file-upload.ts';
import { deleteFile } from './operations/delete-file.ts';
import { deleteFileUpload } from './operations/delete-file-upload.ts';
import { deleteManyFileUploads } from './operations/delete-many-file-uploads.ts';
import { FILE_UPLOAD_SORT_FIELDS, findFileUploads } from './operations/find-file-uploads.ts';
import { findFilesForUpload } from './operations/find-files-for-upload.ts';
import { type GenerateUploadUrlResult, generateUploadUrl } from './operations/generate-upload-url.ts';
import { getDownloadUrl } from './operations/get-download-url.ts';
import { getFile } from './operations/get-file.ts';
import { getFileUpload } from './operations/get-file-upload.ts';
import { type FileUploadStatusView, getFileUploadStatus } from './operations/get-file-upload-status.ts';
import { retryFileProcessing } from './operations/retry-file-processing.ts';
import { updateFileCategory } from './operations/update-file-category.ts';
import { updateFileSheet } from './operations/update-file-sheet.ts';
import { type FileRecord, fileStatusOf, fileUploadStatusOf } from './records.ts';
import {
  batchProgressOf,
  FileCategoryRef,
  FileErrorRef,
  FileProgressRef,
  FileRef,
  FileStatusRef,
  FileUploadProgressRef,
  FileUploadRef,
  FileUploadStatusRef,
  progressOf,
} from './uploads-types.graphql.ts';

/**
 * Batches (FileUpload) and their files: the root fields of the uploads contract. Each resolver maps its
 * arguments and calls one operation in ./operations.
 */

export const HttpHeaderRef = builder.objectRef<{ name: string; value: string }>('HttpHeader').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const GenerateUploadUrlResultRef = builder.objectRef<GenerateUploadUrlResult>('GenerateUploadUrlResult').implement({
  description:
    'Where to send the bytes of a new file: PUT them to uploadUrl with these headers before expiresAt, then call completeUpload.',
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    uploadUrl: t.exposeString('uploadUrl'),
    expiresAt: t.field({ type: 'DateTime', resolve: (r) => r.expiresAt }),
    method: t.exposeString('method', { description: 'Always PUT.' }),
    headers: t.field({
      type: [HttpHeaderRef],
      description: 'Send these with the PUT (content-type; S3 signs it).',
      resolve: (r) => r.headers,
    }),
    file: t.field({ type: FileRef, description: 'The new file, status pending.', resolve: (r) => r.file }),
  }),
});

const fileErrorOf = (file: FileRecord) =>
  file.error ? { code: file.error.code, message: file.error.message, details: file.error.details ?? null } : null;

const FileStatusInfoRef = builder.objectRef<FileRecord>('FileStatusInfo').implement({
  fields: (t) => ({
    fileId: t.exposeID('id'),
    originalName: t.exposeString('originalName'),
    status: t.field({ type: FileStatusRef, resolve: (f) => fileStatusOf(f.status) }),
    progress: t.field({ type: FileProgressRef, resolve: progressOf }),
    error: t.field({ type: FileErrorRef, nullable: true, resolve: fileErrorOf }),
  }),
});

const FileUploadStatusInfoRef = builder.objectRef<FileUploadStatusView>('FileUploadStatusInfo').implement({
  description: "A batch's status, overall progress and each file's state, read at one moment.",
  fields: (t) => ({
    fileUploadId: t.id({ resolve: (s) => s.fileUpload.id }),
    status: t.field({ type: FileUploadStatusRef, resolve: (s) => fileUploadStatusOf(s.fileUpload.status) }),
    progress: t.field({ type: FileUploadProgressRef, resolve: (s) => batchProgressOf(s.files) }),
    files: t.field({ type: [FileStatusInfoRef], resolve: (s) => s.files }),
  }),
});

const DownloadUrlRef = builder.objectRef<DownloadUrl>('DownloadUrl').implement({
  description: 'A short-lived link to the stored bytes, answered as an attachment.',
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.field({ type: 'DateTime', resolve: (d) => d.expiresAt }),
  }),
});

const FileUploadPageRef = pageOf('FileUpload', FileUploadRef);
const FileUploadSortInput = sortInputOf('FileUpload', FILE_UPLOAD_SORT_FIELDS);

const idSchema = z.union([z.string(), z.number()]).transform(String);

const CreateFileUploadInput = builder
  .inputType('CreateFileUploadInput', {
    fields: (t) => ({
      name: t.string({ required: true }),
      description: t.string({ required: false }),
      calendarTaskId: t.id({
        required: false,
        description: 'The request this upload answers (supplier side): its files take the required category.',
      }),
    }),
  })
  .validate(createFileUploadSchema.extend({ calendarTaskId: idSchema.nullish() }));

const GenerateUploadUrlInput = builder
  .inputType('GenerateUploadUrlInput', {
    fields: (t) => ({
      fileUploadId: t.id({ required: true }),
      fileName: t.string({ required: true }),
      mimeType: t.string({ required: true, description: 'As the browser says; informative only, the content decides.' }),
      size: t.float({ required: true, description: 'Bytes; at most uploadProcessingConfig.maxFileBytes.' }),
      sha256: t.string({ required: false, description: 'Hex SHA-256 of the bytes, when the client computed it; checked on completion.' }),
    }),
  })
  .validate(fileToSendSchema.extend({ fileUploadId: idSchema }));

const UpdateFileCategoryInput = builder.inputType('UpdateFileCategoryInput', {
  fields: (t) => ({ fileId: t.id({ required: true }), category: t.field({ type: FileCategoryRef, required: true }) }),
});

const sheetSchema = z.string().trim().min(1, { error: 'Choose a sheet' }).max(255, { error: 'A sheet name is at most 255 characters' });

const UpdateFileSheetInput = builder
  .inputType('UpdateFileSheetInput', {
    fields: (t) => ({ fileId: t.id({ required: true }), sheet: t.string({ required: true }) }),
  })
  .validate(z.object({ fileId: idSchema, sheet: sheetSchema }));

const DataRequestInput = builder.inputType('DataRequestInput', {
  description: 'The request completeFileUpload sends to every supplier of the upload it can reach.',
  fields: (t) => ({
    deadline: t.field({ type: 'DateTime', required: true }),
    requiredUploadPurpose: t.field({ type: FileCategoryRef, required: true }),
    requiredUploadSecondaryPurpose: t.string({ required: false }),
    title: t.string({ required: false, description: 'Default "<category label> data for <period>".' }),
    message: t.string({ required: false }),
  }),
});

const CompleteFileUploadInput = builder.inputType('CompleteFileUploadInput', {
  fields: (t) => ({
    fileUploadId: t.id({ required: true }),
    supplierEmails: t.stringList({ required: false, validate: supplierEmailsSchema.nullish() }),
    request: t.field({
      type: DataRequestInput,
      required: false,
      description: 'Sends this request to every supplier of the upload that is matched or has a contact email.',
    }),
  }),
});

/** The request checked against the server's clock (a deadline in the future), its refusals named under `request`. */
const dataRequestOf = (request: unknown) => {
  if (request == null) return null;
  const parsed = dataRequestInputSchema(now()).safeParse(request);
  if (parsed.success) return parsed.data;
  const [first] = parsed.error.issues;
  throw new AppError('VALIDATION_FAILED', first?.message ?? 'Invalid request', {
    field: ['request', ...(first?.path ?? []).map(String)].join('.'),
    details: { issues: parsed.error.issues.map((issue) => ({ message: issue.message, path: ['request', ...issue.path.map(String)] })) },
  });
};

const FileUploadFilterInput = builder.inputType('FileUploadFilterInput', {
  fields: (t) => ({
    status: t.field({ type: FileUploadStatusRef, required: false }),
    search: t.string({
      required: false,
      description: "Matches the name, the description or the uploader's email address.",
      validate: z.string().max(200, { error: 'The search is at most 200 characters' }).nullish(),
    }),
  }),
});

const idList = (what: string, max: number) =>
  z
    .array(z.union([z.string(), z.number()]))
    .min(1, { error: `Give at least one ${what}` })
    .max(max, { error: `At most ${max} ${what}s at once` });

// --- Queries ---------------------------------------------------------------------------------------

builder.queryField('fileUploadStatus', (t) =>
  t.field({
    type: FileUploadStatusInfoRef,
    authScopes: { permission: 'uploads:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFileUploadStatus(ctx, String(args.id)),
  }),
);

builder.queryField('fileUpload', (t) =>
  t.field({
    type: FileUploadRef,
    authScopes: { permission: 'uploads:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFileUpload(ctx, String(args.id)),
  }),
);

builder.queryField('fileUploads', (t) =>
  t.field({
    type: FileUploadPageRef,
    description: "Your organization's uploads, newest first unless sorted otherwise.",
    authScopes: { permission: 'uploads:read' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      filter: t.arg({ type: FileUploadFilterInput, required: false }),
      sort: t.arg({ type: FileUploadSortInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findFileUploads(
        ctx,
        paginationSchema.parse(args.pagination ?? {}),
        { status: args.filter?.status, search: args.filter?.search },
        args.sort,
      ),
  }),
);

builder.queryField('filesForUpload', (t) =>
  t.field({
    type: [FileRef],
    description: 'The files of an upload, oldest first, cancelled ones included.',
    authScopes: { permission: 'uploads:read' },
    args: { fileUploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findFilesForUpload(ctx, String(args.fileUploadId)),
  }),
);

builder.queryField('file', (t) =>
  t.field({
    type: FileRef,
    authScopes: { permission: 'uploads:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFile(ctx, String(args.id)),
  }),
);

builder.queryField('downloadUrl', (t) =>
  t.field({
    type: DownloadUrlRef,
    description: 'Only when the bytes are stored; served as an attachment with nosniff.',
    authScopes: { permission: 'uploads:read' },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getDownloadUrl(ctx, String(args.fileId)),
  }),
);

// --- Mutations -------------------------------------------------------------------------------------

builder.mutationField('createFileUpload', (t) =>
  t.field({
    type: FileUploadRef,
    description: 'Starts an empty upload (draft); add files with generateUploadUrl.',
    authScopes: { permission: 'uploads:create' },
    args: { input: t.arg({ type: CreateFileUploadInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createFileUpload(ctx, {
        ...createFileUploadSchema.parse(input),
        calendarTaskId: input.calendarTaskId == null ? null : String(input.calendarTaskId),
      }),
  }),
);

builder.mutationField('generateUploadUrl', (t) =>
  t.field({
    type: GenerateUploadUrlResultRef,
    description: `Adds a file (pending) to an open upload of at most ${MAX_FILES_PER_UPLOAD} files and answers where to PUT its bytes.`,
    authScopes: { permission: 'uploads:create' },
    args: { input: t.arg({ type: GenerateUploadUrlInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      generateUploadUrl(ctx, { ...fileToSendSchema.parse(input), fileUploadId: String(input.fileUploadId) }),
  }),
);

builder.mutationField('completeUpload', (t) =>
  t.field({
    type: FileRef,
    description:
      'Verifies size and SHA-256, sniffs the content, flags duplicates and queues the reading. Content that is not a spreadsheet answers the file failed with its error.',
    authScopes: { permission: 'uploads:create' },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => completeUpload(ctx, String(args.fileId)),
  }),
);

builder.mutationField('deleteFile', (t) =>
  t.field({
    type: MessageResponseRef,
    description: 'Deletes a file, its rows and its bytes. Not in a completed upload.',
    authScopes: { permission: 'uploads:delete' },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteFile(ctx, String(args.fileId)),
  }),
);

builder.mutationField('updateFileCategory', (t) =>
  t.field({
    type: FileRef,
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: UpdateFileCategoryInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateFileCategory(ctx, { fileId: String(input.fileId), category: input.category }),
  }),
);

builder.mutationField('updateFileSheet', (t) =>
  t.field({
    type: FileRef,
    description: 'XLSX: reads another sheet (the reading is queued again).',
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: UpdateFileSheetInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateFileSheet(ctx, { fileId: String(input.fileId), sheet: sheetSchema.parse(input.sheet) }),
  }),
);

builder.mutationField('retryFileProcessing', (t) =>
  t.field({
    type: FileRef,
    description: 'A failed reading of a stored file, queued again.',
    authScopes: { permission: 'uploads:update' },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => retryFileProcessing(ctx, String(args.fileId)),
  }),
);

builder.mutationField('cancelPendingFiles', (t) =>
  t.field({
    type: FileUploadRef,
    description: 'Pending files (all, or those listed) become cancelled.',
    authScopes: { permission: 'uploads:update' },
    args: {
      fileUploadId: t.arg.id({ required: true }),
      fileIds: t.arg.idList({ required: false, validate: idList('file', MAX_FILES_PER_UPLOAD * 5).nullish() }),
    },
    resolve: (_root, args, ctx) =>
      cancelPendingFiles(ctx, { fileUploadId: String(args.fileUploadId), fileIds: args.fileIds ? args.fileIds.map(String) : null }),
  }),
);

builder.mutationField('deleteFileUpload', (t) =>
  t.field({
    type: MessageResponseRef,
    description: 'Deletes an upload with its files. Not a completed one.',
    authScopes: { permission: 'uploads:delete' },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteFileUpload(ctx, String(args.id));
      return { success: true, message: 'Deleted the upload.' };
    },
  }),
);

builder.mutationField('deleteManyFileUploads', (t) =>
  t.field({
    type: MessageResponseRef,
    description: 'Deletes uploads with their files, all or none.',
    authScopes: { permission: 'uploads:delete' },
    args: { ids: t.arg.idList({ required: true, validate: idList('upload', 100) }) },
    resolve: async (_root, args, ctx) => {
      const deleted = await deleteManyFileUploads(ctx, args.ids.map(String));
      return { success: true, message: `Deleted ${deleted === 1 ? '1 upload' : `${deleted} uploads`}.` };
    },
  }),
);

builder.mutationField('completeFileUpload', (t) =>
  t.field({
    type: FileUploadRef,
    description: 'ready → completed; stores supplierEmails. Nothing of the upload changes afterwards.',
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: CompleteFileUploadInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      completeFileUpload(ctx, {
        fileUploadId: String(input.fileUploadId),
        supplierEmails: supplierEmailsSchema.parse(input.supplierEmails ?? []),
        request: dataRequestOf(input.request),
      }),
  }),
);
