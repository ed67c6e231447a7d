import {
  FILE_CATEGORIES,
  FILE_STATUSES,
  FILE_UPLOAD_STATUSES,
  type FileCategory,
  type FileStatus,
  UPLOAD_STATUSES,
  uploadStatusOf,
} from '@tidewise/shared/uploads';
import { files } from '@tidewise/db/schema/uploads';
import { and, eq } from 'drizzle-orm';
import { builder } from '../../schema/builder.ts';
import {
  ColumnDataTypeRef,
  FileCategoryRef,
  FileRef,
  FileUploadRef as FileUploadTypeRef,
  UploadRef,
} from '../../schema/uploads.graphql.ts';
import type { CategoryAnalysis, DetectedColumn, SheetInfo } from '../../lib/parsing/types.ts';
import { type FileRecord, fileStatusOf, fileUploadStatusOf, filesOfUpload } from './records.ts';

export { ColumnDataTypeRef, FileCategoryRef, FileRef, UploadRef };

/**
 * The GraphQL types of uploads, shared by the batch (FileUpload), single-file (Upload) and live fields.
 * Statuses and their transitions: docs/decisions/0014-upload-statuses.md.
 */

export const FileStatusRef = builder.enumType('FileStatus', {
  description:
    'pending (URL issued) → uploaded (bytes verified) → queued → processing → processed; failed with a reason at any step; cancelled before the bytes arrived. processed or failed → queued to read again.',
  values: FILE_STATUSES,
});

export const UploadStatusRef = builder.enumType('UploadStatus', {
  description: "A single-file upload's status: its file's status (pending, uploaded, queued, processing, processed, failed).",
  values: UPLOAD_STATUSES,
});

export const FileUploadStatusRef = builder.enumType('FileUploadStatus', {
  description:
    'draft (no file) → uploading (a file is pending) → processing (a file is being read) → ready (all settled, one processed) or failed (all settled, none processed) → completed (handed in; final).',
  values: FILE_UPLOAD_STATUSES,
});

export const FileProgressPhaseRef = builder.enumType('FileProgressPhase', {
  description: 'uploading: bytes on their way; waiting: in the queue; reading: rows being read; done, failed, cancelled.',
  values: ['uploading', 'waiting', 'reading', 'done', 'failed', 'cancelled'] as const,
});

type FileProgress = {
  phase: 'uploading' | 'waiting' | 'reading' | 'done' | 'failed' | 'cancelled';
  bytesReceived: number;
  totalBytes: number;
  rowsRead: number;
  percent: number;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Where a file stands, from its record: upload progress while pending, reading progress after. */
export const progressOf = (file: FileRecord): FileProgress => {
  const status: FileStatus = fileStatusOf(file.status);
  const base = { bytesReceived: file.bytesReceived, totalBytes: file.size, rowsRead: file.rowsRead };
  switch (status) {
    case 'pending':
      return { ...base, phase: 'uploading', percent: file.size > 0 ? round1(Math.min(100, (file.bytesReceived / file.size) * 100)) : 0 };
    case 'uploaded':
    case 'queued':
      return { ...base, phase: 'waiting', percent: 0 };
    case 'processing':
      return { ...base, phase: 'reading', percent: Math.min(99, file.readPercent) };
    case 'processed':
      return { ...base, phase: 'done', percent: 100 };
    case 'failed':
      return { ...base, phase: 'failed', percent: file.readPercent };
    case 'cancelled':
      return { ...base, phase: 'cancelled', percent: 0 };
  }
};

export const FileProgressRef = builder.objectRef<FileProgress>('FileProgress').implement({
  description: 'Progress of the current step: bytes received while uploading, rows read while reading.',
  fields: (t) => ({
    phase: t.field({ type: FileProgressPhaseRef, resolve: (p) => p.phase }),
    bytesReceived: t.exposeFloat('bytesReceived'),
    totalBytes: t.exposeFloat('totalBytes'),
    rowsRead: t.exposeInt('rowsRead'),
    percent: t.exposeFloat('percent', { description: '0 to 100 for the current phase.' }),
  }),
});

const CategoryAnalysisRef = builder.objectRef<CategoryAnalysis>('CategoryAnalysis').implement({
  fields: (t) => ({
    suggestedCategory: t.field({ type: FileCategoryRef, resolve: (a) => a.suggestedCategory }),
    confidence: t.exposeFloat('confidence', { description: '0 to 1.' }),
    reasoning: t.exposeString('reasoning'),
    analyzedAt: t.field({ type: 'DateTime', resolve: (a) => a.analyzedAt }),
  }),
});

const DetectedColumnRef = builder.objectRef<DetectedColumn>('DetectedColumn').implement({
  fields: (t) => ({
    index: t.exposeInt('index', { description: '0-based.' }),
    name: t.exposeString('name'),
    dataType: t.field({ type: ColumnDataTypeRef, resolve: (c) => c.dataType }),
    sampleValues: t.field({
      type: ['JSON'],
      nullable: { list: false, items: true },
      description: 'Up to 5 distinct values as read: text, number, boolean or ISO date text.',
      resolve: (c) => c.sampleValues,
    }),
  }),
});

type FileMetadataView = {
  category: FileCategory | null;
  categoryAnalysis: CategoryAnalysis | null;
  totalRows: number;
  detectedColumns: DetectedColumn[];
};

const FileMetadataRef = builder.objectRef<FileMetadataView>('FileMetadata').implement({
  fields: (t) => ({
    category: t.field({
      type: FileCategoryRef,
      nullable: true,
      description: 'Confirmed by a person; null until then.',
      resolve: (m) => m.category,
    }),
    categoryAnalysis: t.field({ type: CategoryAnalysisRef, nullable: true, resolve: (m) => m.categoryAnalysis }),
    totalRows: t.exposeInt('totalRows', { description: 'Data rows (header and empty rows not counted).' }),
    detectedColumns: t.field({ type: [DetectedColumnRef], resolve: (m) => m.detectedColumns }),
  }),
});

const categoryOf = (stored: string | null): FileCategory | null =>
  stored && (FILE_CATEGORIES as readonly string[]).includes(stored) ? (stored as FileCategory) : null;

/** The spec's File.fileMetadata from the record: null until the file was read, except the confirmed category. */
export const fileMetadataOf = (file: FileRecord): FileMetadataView | null => {
  const stored = file.fileMetadata as Partial<FileMetadataView> | null;
  const category = categoryOf(file.category);
  if (!stored && !category) return null;
  return {
    category,
    categoryAnalysis: stored?.categoryAnalysis ?? null,
    totalRows: stored?.totalRows ?? 0,
    detectedColumns: stored?.detectedColumns ?? [],
  };
};

const FileSheetRef = builder.objectRef<SheetInfo>('FileSheet').implement({
  fields: (t) => ({
    index: t.exposeInt('index', { description: '0-based position in the workbook.' }),
    name: t.exposeString('name'),
    rowCount: t.exposeInt('rowCount', { description: 'Rows holding a value, title and header rows included.' }),
    hidden: t.exposeBoolean('hidden'),
  }),
});

/** How the file was read, as stored by the processing job (read_details). */
export type ReadDetails = {
  format: 'csv' | 'xlsx';
  encoding?: string;
  delimiter?: string;
  numberStyle: 'point' | 'comma';
  sheets?: SheetInfo[];
  sheet?: SheetInfo;
  headerRowNumber: number | null;
};

const FileReadDetailsRef = builder.objectRef<ReadDetails>('FileReadDetails').implement({
  description: 'What the reader found: format, text encoding and delimiter (CSV), sheets (XLSX), the header row.',
  fields: (t) => ({
    format: t.exposeString('format'),
    encoding: t.string({ nullable: true, resolve: (d) => d.encoding ?? null }),
    delimiter: t.string({ nullable: true, resolve: (d) => d.delimiter ?? null }),
    numberStyle: t.exposeString('numberStyle', { description: 'point: 1,234.5; comma: 1.234,5.' }),
    headerRowNumber: t.int({ nullable: true, resolve: (d) => d.headerRowNumber }),
    sheets: t.field({ type: [FileSheetRef], resolve: (d) => d.sheets ?? [] }),
    sheet: t.string({ nullable: true, description: 'The sheet that was read.', resolve: (d) => d.sheet?.name ?? null }),
  }),
});

type FileErrorView = { code: string; message: string; details: Record<string, unknown> | null };

export const FileErrorRef = builder.objectRef<FileErrorView>('FileError').implement({
  description:
    'Why a file failed: a stable code (EMPTY_FILE, BINARY_FILE, ENCRYPTED_WORKBOOK, TOO_MANY_ROWS, ...) and what is wrong and where.',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    details: t.field({ type: 'JSON', nullable: true, resolve: (e) => e.details }),
  }),
});

const FileDuplicateRef = builder.objectRef<FileRecord>('FileDuplicate').implement({
  description: 'An earlier file of your organization with exactly the same content (SHA-256).',
  fields: (t) => ({
    fileId: t.exposeID('id'),
    originalName: t.exposeString('originalName'),
    fileUploadId: t.id({ nullable: true, resolve: (f) => f.fileUploadId }),
    uploadedAt: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.uploadedAt }),
  }),
});

FileRef.implement({
  description: 'An uploaded data file: in a batch (FileUpload) or on its own (Upload).',
  fields: (t) => ({
    id: t.exposeID('id'),
    fileUploadId: t.id({ nullable: true, resolve: (f) => f.fileUploadId }),
    originalName: t.exposeString('originalName'),
    sanitizedName: t.exposeString('sanitizedName', { description: 'The name used for downloads: no path, no control characters.' }),
    mimeType: t.exposeString('mimeType', { description: 'As the browser declared it; the content decides what the file is (fileType).' }),
    size: t.exposeFloat('size', { description: 'Bytes.' }),
    status: t.field({ type: FileStatusRef, resolve: (f) => fileStatusOf(f.status) }),
    fileType: t.string({
      nullable: true,
      description: 'What the content is (csv, tsv, xlsx), sniffed on completion.',
      resolve: (f) => f.fileType,
    }),
    uploadedBy: t.id({ nullable: true, resolve: (f) => f.uploadedBy }),
    uploadedByEmail: t.string({ nullable: true, resolve: (f) => f.uploadedByEmail }),
    sha256: t.string({ nullable: true, resolve: (f) => f.sha256 }),
    duplicateOf: t.field({
      type: FileDuplicateRef,
      nullable: true,
      resolve: async (f, _args, ctx) => {
        if (!f.duplicateOfFileId) return null;
        const [row] = await ctx.db
          .select()
          .from(files)
          .where(and(eq(files.id, f.duplicateOfFileId), eq(files.organizationId, f.organizationId)))
          .limit(1);
        return row ?? null;
      },
    }),
    fileMetadata: t.field({ type: FileMetadataRef, nullable: true, resolve: fileMetadataOf }),
    readDetails: t.field({ type: FileReadDetailsRef, nullable: true, resolve: (f) => (f.readDetails as ReadDetails | null) ?? null }),
    selectedSheet: t.string({
      nullable: true,
      description: 'The sheet a person chose; null reads the default.',
      resolve: (f) => f.selectedSheet,
    }),
    error: t.field({
      type: FileErrorRef,
      nullable: true,
      resolve: (f) => (f.error ? { code: f.error.code, message: f.error.message, details: f.error.details ?? null } : null),
    }),
    progress: t.field({ type: FileProgressRef, resolve: progressOf }),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
    uploadedAt: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.uploadedAt }),
    processedAt: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.processedAt }),
  }),
});

type FileUploadProgress = {
  filesTotal: number;
  filesPending: number;
  filesInProgress: number;
  filesProcessed: number;
  filesFailed: number;
  percent: number;
};

/** Counts a batch's files by where they stand; percent averages each live file's progress over upload and reading. */
export const batchProgressOf = (batchFiles: readonly FileRecord[]): FileUploadProgress => {
  const live = batchFiles.filter((f) => f.status !== 'cancelled');
  const count = (...statuses: FileStatus[]) => live.filter((f) => statuses.includes(fileStatusOf(f.status))).length;
  const weight = (f: FileRecord) => {
    const p = progressOf(f);
    if (p.phase === 'done' || p.phase === 'failed') return 100;
    if (p.phase === 'uploading') return p.percent / 2;
    if (p.phase === 'waiting') return 50;
    return 50 + p.percent / 2;
  };
  return {
    filesTotal: live.length,
    filesPending: count('pending'),
    filesInProgress: count('uploaded', 'queued', 'processing'),
    filesProcessed: count('processed'),
    filesFailed: count('failed'),
    percent: live.length === 0 ? 0 : round1(live.reduce((sum, f) => sum + weight(f), 0) / live.length),
  };
};

export const FileUploadProgressRef = builder.objectRef<FileUploadProgress>('FileUploadProgress').implement({
  fields: (t) => ({
    filesTotal: t.exposeInt('filesTotal', { description: 'Files not cancelled.' }),
    filesPending: t.exposeInt('filesPending', { description: 'Still uploading.' }),
    filesInProgress: t.exposeInt('filesInProgress', { description: 'Uploaded, waiting or being read.' }),
    filesProcessed: t.exposeInt('filesProcessed'),
    filesFailed: t.exposeInt('filesFailed'),
    percent: t.exposeFloat('percent', { description: 'Each file counts half for its upload and half for its reading.' }),
  }),
});

export const FileUploadRef = FileUploadTypeRef.implement({
  description: 'A batch of files sent together.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.string({ nullable: true, resolve: (u) => u.description }),
    status: t.field({ type: FileUploadStatusRef, resolve: (u) => fileUploadStatusOf(u.status) }),
    organizationId: t.exposeID('organizationId'),
    uploadedBy: t.id({ nullable: true, resolve: (u) => u.uploadedBy }),
    uploadedByEmail: t.string({ nullable: true, resolve: (u) => u.uploadedByEmail }),
    totalSize: t.exposeFloat('totalSize', { description: 'Bytes of the files not cancelled.' }),
    supplierEmails: t.exposeStringList('supplierEmails'),
    startedAt: t.field({ type: 'DateTime', resolve: (u) => u.startedAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, resolve: (u) => u.completedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (u) => u.updatedAt }),
    files: t.field({
      type: [FileRef],
      description: 'Oldest first, cancelled ones included.',
      resolve: (u, _args, ctx) => filesOfUpload(ctx.db, u.id),
    }),
    progress: t.field({
      type: FileUploadProgressRef,
      resolve: async (u, _args, ctx) => batchProgressOf(await filesOfUpload(ctx.db, u.id)),
    }),
  }),
});

UploadRef.implement({
  description: 'A single file sent on its own, for a purpose (such as answering a calendar task).',
  fields: (t) => ({
    id: t.exposeID('id'),
    blobName: t.string({ description: 'Storage key of the bytes.', resolve: (u) => u.file.storageKey }),
    containerName: t.string({
      description: 'Where the bytes are: the S3 bucket, or "local" for the server disk.',
      resolve: (_u, _args, ctx) => ctx.env.S3_BUCKET ?? 'local',
    }),
    mimeType: t.string({ resolve: (u) => u.file.mimeType }),
    originalName: t.string({ resolve: (u) => u.file.originalName }),
    purpose: t.string({ nullable: true, resolve: (u) => u.purpose }),
    secondaryPurpose: t.string({ nullable: true, resolve: (u) => u.secondaryPurpose }),
    size: t.float({ resolve: (u) => u.file.size }),
    status: t.field({ type: UploadStatusRef, resolve: (u) => uploadStatusOf(fileStatusOf(u.file.status)) }),
    uploadMetadata: t.field({ type: FileMetadataRef, nullable: true, resolve: (u) => fileMetadataOf(u.file) }),
    file: t.field({ type: FileRef, resolve: (u) => u.file }),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.createdAt }),
  }),
});
