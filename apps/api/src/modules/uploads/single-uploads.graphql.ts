import { fileToSendSchema } from '@tidewise/shared/uploads';
import { z } from 'zod';
import { builder } from '../../schema/builder.ts';
import { HttpHeaderRef } from './file-uploads.graphql.ts';
import { type CreateUploadUrlResult, createUploadUrl } from './operations/create-upload-url.ts';
import { finishUpload } from './operations/finish-upload.ts';
import { getUpload } from './operations/get-upload.ts';
import { getUploadProcessingConfig, type UploadProcessingConfig } from './operations/get-upload-processing-config.ts';
import { processUpload } from './operations/process-upload.ts';
import { UploadRef } from './uploads-types.graphql.ts';

/** Single-file uploads (Upload) and the limits every upload follows. */

const CreateUploadUrlResultRef = builder.objectRef<CreateUploadUrlResult>('CreateUploadUrlResult').implement({
  description: 'Where to send the bytes of a single upload: PUT them to uploadUrl with these headers, then call finishUpload.',
  fields: (t) => ({
    uploadId: t.exposeID('uploadId'),
    fileId: t.exposeID('fileId'),
    uploadUrl: t.exposeString('uploadUrl'),
    expiresAt: t.field({ type: 'DateTime', resolve: (r) => r.expiresAt }),
    method: t.exposeString('method', { description: 'Always PUT.' }),
    headers: t.field({ type: [HttpHeaderRef], resolve: (r) => r.headers }),
    upload: t.field({ type: UploadRef, resolve: (r) => r.upload }),
  }),
});

const UploadProcessingConfigRef = builder.objectRef<UploadProcessingConfig>('UploadProcessingConfig').implement({
  description: 'The limits this server applies to uploads, for the client to check before sending a file.',
  fields: (t) => ({
    maxFileBytes: t.exposeFloat('maxFileBytes'),
    maxFilesPerUpload: t.exposeInt('maxFilesPerUpload'),
    acceptedExtensions: t.exposeStringList('acceptedExtensions'),
    acceptedMimeTypes: t.exposeStringList('acceptedMimeTypes', {
      description: 'What the browser may offer; the server decides from the bytes.',
    }),
    urlTtlSeconds: t.exposeInt('urlTtlSeconds', { description: 'How long an upload URL stays valid.' }),
    maxRows: t.exposeInt('maxRows'),
    maxColumns: t.exposeInt('maxColumns'),
    maxCellLength: t.exposeInt('maxCellLength'),
  }),
});

const purposeSchema = z
  .string()
  .trim()
  .max(100, { error: 'A purpose is at most 100 characters' })
  .nullish()
  .transform((s) => s || null);

const createUploadUrlSchema = fileToSendSchema.extend({ purpose: purposeSchema, secondaryPurpose: purposeSchema });

const CreateUploadUrlInput = builder
  .inputType('CreateUploadUrlInput', {
    fields: (t) => ({
      fileName: t.string({ required: true }),
      mimeType: t.string({ required: true, description: 'As the browser says; informative only, the content decides.' }),
      size: t.float({ required: true, description: 'Bytes; at most uploadProcessingConfig.maxFileBytes.' }),
      sha256: t.string({ required: false, description: 'Hex SHA-256 of the bytes, when the client computed it; checked on completion.' }),
      purpose: t.string({ required: false }),
      secondaryPurpose: t.string({ required: false }),
    }),
  })
  .validate(createUploadUrlSchema);

const sheetSchema = z
  .string()
  .trim()
  .min(1, { error: 'Choose a sheet' })
  .max(255, { error: 'A sheet name is at most 255 characters' })
  .nullish()
  .transform((s) => s ?? null);

const ProcessUploadInput = builder
  .inputType('ProcessUploadInput', {
    fields: (t) => ({
      uploadId: t.id({ required: true }),
      sheet: t.string({
        required: false,
        description: 'XLSX: the sheet to read; by default the one read before, or the one with most data.',
      }),
    }),
  })
  .validate(z.object({ uploadId: z.union([z.string(), z.number()]).transform(String), sheet: sheetSchema }));

builder.queryField('upload', (t) =>
  t.field({
    type: UploadRef,
    authScopes: { permission: 'uploads:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getUpload(ctx, String(args.id)),
  }),
);

builder.queryField('uploadProcessingConfig', (t) =>
  t.field({
    type: UploadProcessingConfigRef,
    authScopes: { permission: 'uploads:read' },
    resolve: (_root, _args, ctx) => getUploadProcessingConfig(ctx),
  }),
);

builder.mutationField('createUploadUrl', (t) =>
  t.field({
    type: CreateUploadUrlResultRef,
    description: 'Starts a single-file upload (pending) and answers where to PUT its bytes.',
    authScopes: { permission: 'uploads:create' },
    args: { input: t.arg({ type: CreateUploadUrlInput, required: true }) },
    resolve: (_root, { input }, ctx) => createUploadUrl(ctx, createUploadUrlSchema.parse(input)),
  }),
);

builder.mutationField('finishUpload', (t) =>
  t.field({
    type: UploadRef,
    description: 'Verifies and sniffs like completeUpload; pending → uploaded (the reading waits for processUpload).',
    authScopes: { permission: 'uploads:create' },
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => finishUpload(ctx, String(args.uploadId)),
  }),
);

builder.mutationField('processUpload', (t) =>
  t.field({
    type: UploadRef,
    description: 'uploaded, processed or failed (bytes stored) → queued: reads the file, optionally another sheet.',
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: ProcessUploadInput, required: true }) },
    resolve: (_root, { input }, ctx) => processUpload(ctx, { uploadId: String(input.uploadId), sheet: sheetSchema.parse(input.sheet) }),
  }),
);
