import type { Context } from '../../context.ts';
import { builder } from '../../schema/builder.ts';
import { ExportLinkRef, PaginationInput, pageArg, pageOf } from '../../schema/common.graphql.ts';
import { IssueTypeRef, ValidationIssueRef } from '../../schema/entry-values.graphql.ts';
import { FileCategoryRef, FileRef, UploadRef } from '../../schema/uploads.graphql.ts';
import { applyFileMappings } from './operations/apply-file-mappings.ts';
import { exportDataEntries } from './operations/export-data-entries.ts';
import { exportValidationIssues } from './operations/export-validation-issues.ts';
import { findValidationIssues } from './operations/find-validation-issues.ts';
import { type FileUploadValidationView, getFileUploadValidation } from './operations/get-file-upload-validation.ts';
import { getFileValidation } from './operations/get-file-validation.ts';
import { getUploadValidation, type UploadValidationView } from './operations/get-upload-validation.ts';
import { ExportDataEntriesInput, entryFilterOf, entryOrderOf } from './data-entries.graphql.ts';
import { validationOfFile } from './records.ts';
import { VALIDATION_STATUSES } from './validation-statuses.ts';
import { type FileValidationView, fileValidationView, firstIssues } from './validation-view.ts';

/** Validation runs of files (FileValidation), of single uploads and of batches; applying mappings; issue exports. */

const READ = 'uploads:read';
const UPDATE = 'uploads:update';

export const ValidationStatusRef = builder.enumType('ValidationStatus', {
  description: 'not_started (no mappings applied yet) -> queued -> validating -> validated | failed.',
  values: VALIDATION_STATUSES,
});

const firstOfType = (type: 'error' | 'warning') => (view: FileValidationView, _args: unknown, ctx: Context) =>
  firstIssues(ctx.db, view.fileId, view.entriesGeneration, { type }, 100);

export const FileValidationRef = builder.objectRef<FileValidationView>('FileValidation').implement({
  description: 'A file checked through its mappings; totals describe the entries readers see, rowsValidated and percent the run under way.',
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    status: t.field({ type: ValidationStatusRef, resolve: (v) => v.status }),
    isValid: t.exposeBoolean('isValid', { description: 'Validated without an error issue.' }),
    category: t.field({ type: FileCategoryRef, nullable: true, resolve: (v) => v.category }),
    errors: t.field({ type: [ValidationIssueRef], description: 'First 100.', resolve: firstOfType('error') }),
    warnings: t.field({ type: [ValidationIssueRef], description: 'First 100.', resolve: firstOfType('warning') }),
    errorCount: t.exposeInt('errorCount'),
    warningCount: t.exposeInt('warningCount'),
    mappedFields: t.exposeStringList('mappedFields'),
    requiredFields: t.exposeStringList('requiredFields'),
    recommendedFields: t.exposeStringList('recommendedFields'),
    optionalFields: t.exposeStringList('optionalFields'),
    missingRequiredFields: t.exposeStringList('missingRequiredFields'),
    totalRows: t.exposeInt('totalRows'),
    emptyRows: t.exposeInt('emptyRows'),
    validRows: t.exposeInt('validRows'),
    invalidRows: t.exposeInt('invalidRows'),
    rowsValidated: t.exposeInt('rowsValidated', { description: 'Progress of the run under way.' }),
    percent: t.exposeInt('percent'),
    dataPointErrors: t.exposeInt('dataPointErrors'),
    dataPointWarnings: t.exposeInt('dataPointWarnings'),
    dataPointSuccesses: t.exposeInt('dataPointSuccesses'),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.startedAt }),
    validatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.validatedAt }),
    failureReason: t.string({ nullable: true, description: 'Why the run failed (status failed).', resolve: (v) => v.failureReason }),
  }),
});

const ValidationIssueFilterInput = builder.inputType('ValidationIssueFilterInput', {
  fields: (t) => ({
    type: t.field({ type: IssueTypeRef, required: false }),
    field: t.string({ required: false }),
    code: t.string({ required: false }),
  }),
});

const ValidationIssuePageRef = pageOf('ValidationIssue', ValidationIssueRef);

const UploadValidationRef = builder.objectRef<UploadValidationView>('UploadValidation').implement({
  fields: (t) => ({
    uploadId: t.exposeID('uploadId'),
    status: t.field({ type: ValidationStatusRef, resolve: (v) => v.status }),
    isValid: t.exposeBoolean('isValid'),
    issues: t.field({ type: [ValidationIssueRef], description: 'First 100.', resolve: (v) => v.issues }),
    issueCount: t.exposeInt('issueCount'),
    entityAnalysis: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Reserved for supplier matching (issue 12): null for now.',
      resolve: () => null,
    }),
  }),
});

export const FileUploadValidationRef = builder.objectRef<FileUploadValidationView>('FileUploadValidation').implement({
  fields: (t) => ({
    fileUploadId: t.exposeID('fileUploadId'),
    status: t.field({ type: ValidationStatusRef, resolve: (v) => v.status }),
    files: t.field({ type: [FileValidationRef], resolve: (v) => v.files }),
    totalRowCount: t.exposeInt('totalRowCount'),
    emptyRowCount: t.exposeInt('emptyRowCount'),
    validRowCount: t.exposeInt('validRowCount'),
    invalidRowCount: t.exposeInt('invalidRowCount'),
    dataPointErrors: t.exposeInt('dataPointErrors'),
    dataPointWarnings: t.exposeInt('dataPointWarnings'),
    dataPointSuccesses: t.exposeInt('dataPointSuccesses'),
  }),
});

builder.objectField(FileRef, 'validation', (t) =>
  t.field({
    type: FileValidationRef,
    description: "The file's validation; status not_started before mappings are applied.",
    resolve: async (file, _args, ctx) => fileValidationView({ file, validation: await validationOfFile(ctx.db, file.id) }),
  }),
);

builder.objectField(UploadRef, 'validation', (t) =>
  t.field({
    type: UploadValidationRef,
    nullable: true,
    resolve: (upload, _args, ctx) => getUploadValidation(ctx, upload.id),
  }),
);

type IssueFilterArg = { type?: 'error' | 'warning' | null; field?: string | null; code?: string | null } | null | undefined;
const issueFilterOf = (filter: IssueFilterArg) => ({
  type: filter?.type ?? null,
  field: filter?.field ?? null,
  code: filter?.code ?? null,
});

builder.queryFields((t) => ({
  fileValidation: t.field({
    type: FileValidationRef,
    authScopes: { permission: READ },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFileValidation(ctx, String(args.fileId)),
  }),
  validationIssues: t.field({
    type: ValidationIssuePageRef,
    description: "Issues of the file's current validation, by row number then field.",
    authScopes: { permission: READ },
    args: {
      fileId: t.arg.id({ required: true }),
      filter: t.arg({ type: ValidationIssueFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findValidationIssues(ctx, { fileId: String(args.fileId) }, issueFilterOf(args.filter), pageArg(args.pagination)),
  }),
  uploadValidation: t.field({
    type: UploadValidationRef,
    authScopes: { permission: READ },
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getUploadValidation(ctx, String(args.uploadId)),
  }),
  uploadValidationIssues: t.field({
    type: ValidationIssuePageRef,
    authScopes: { permission: READ },
    args: {
      uploadId: t.arg.id({ required: true }),
      filter: t.arg({ type: ValidationIssueFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findValidationIssues(ctx, { uploadId: String(args.uploadId) }, issueFilterOf(args.filter), pageArg(args.pagination)),
  }),
  fileUploadValidation: t.field({
    type: FileUploadValidationRef,
    authScopes: { permission: READ },
    args: { fileUploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFileUploadValidation(ctx, String(args.fileUploadId)),
  }),
}));

builder.mutationFields((t) => ({
  applyFileMappings: t.field({
    type: FileValidationRef,
    description:
      'Validates every row of a processed file through its active mappings and replaces its data entries (a job; follow fileUpdated / fileUploadValidationUpdated).',
    authScopes: { permission: UPDATE },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => applyFileMappings(ctx, String(args.fileId)),
  }),
  exportValidationIssues: t.field({
    type: ExportLinkRef,
    description: "A short-lived link to download the file's issues as CSV.",
    authScopes: { permission: READ },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => exportValidationIssues(ctx, String(args.fileId)),
  }),
  exportDataEntries: t.field({
    type: ExportLinkRef,
    authScopes: { permission: 'data-entries:read' },
    args: { input: t.arg({ type: ExportDataEntriesInput, required: true }) },
    resolve: (_root, args, ctx) =>
      exportDataEntries(ctx, {
        filter: entryFilterOf(args.input.filter),
        order: entryOrderOf(args.input.order),
        format: args.input.format,
      }),
  }),
}));
