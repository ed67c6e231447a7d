import type { fileUploads, files, uploads } from '@tidewise/db/schema/uploads';
import { FILE_CATEGORIES } from '@tidewise/shared/uploads';
import { COLUMN_DATA_TYPES } from '../lib/parsing/types.ts';
import { builder } from './builder.ts';

/*
 * Upload types that several modules use: the uploads module implements File and Upload; the mappings and
 * entries modules add fields to them (Upload.mappings, File.validation), the requests module to FileUpload
 * (FileUpload.requests) and returns it (CalendarTask.responseUpload).
 */

type FileRow = typeof files.$inferSelect;
type UploadRow = typeof uploads.$inferSelect;
type FileUploadRow = typeof fileUploads.$inferSelect;

export const FileCategoryRef = builder.enumType('FileCategory', { values: FILE_CATEGORIES });

export const ColumnDataTypeRef = builder.enumType('ColumnDataType', { values: COLUMN_DATA_TYPES });

/** Implemented in modules/uploads/uploads-types.graphql.ts. */
export const FileRef = builder.objectRef<FileRow>('File');

/** A single-file upload with its file; implemented in modules/uploads/uploads-types.graphql.ts. */
export const UploadRef = builder.objectRef<UploadRow & { file: FileRow }>('Upload');

/** A batch of files; implemented in modules/uploads/uploads-types.graphql.ts. */
export const FileUploadRef = builder.objectRef<FileUploadRow>('FileUpload');
