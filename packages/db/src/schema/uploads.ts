import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn as at, createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';

/**
 * Uploaded data files. A FileUpload is a batch of Files a person sends together; an Upload is a single
 * file sent on its own (for a calendar task). Both keep their bytes in the file storage under `storage_key`
 * and their parsed rows in `file_row_chunks`. Statuses: docs/decisions/0014-upload-statuses.md.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** FileUploadStatus: draft, uploading, processing, ready, failed, completed. */
    status: text('status').notNull().default('draft'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's address when the batch was made, kept if the user goes. */
    uploadedByEmail: text('uploaded_by_email'),
    /** Sum of the sizes of its files that are not cancelled. */
    totalSize: bigint('total_size', { mode: 'number' }).notNull().default(0),
    /** Given with completeFileUpload; acted on by data requests. */
    supplierEmails: jsonb('supplier_emails').$type<string[]>().notNull().default([]),
    /** The data request (calendar task) this upload answers; no foreign key, to keep the schema files acyclic. */
    calendarTaskId: uuid('calendar_task_id'),
    startedAt: at('started_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('file_uploads_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** The error a file ended with: a stable code and a message naming what is wrong and where. */
export type StoredFileError = { code: string; message: string; details?: Record<string, unknown> };

export const files = pgTable(
  'files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The batch it belongs to; null for a single-file upload. */
    fileUploadId: uuid('file_upload_id').references(() => fileUploads.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    sanitizedName: text('sanitized_name').notNull(),
    /** As the browser declared it; informative only. */
    mimeType: text('mime_type').notNull(),
    /** Declared size, then verified against the stored object. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** FileStatus: pending, uploaded, queued, processing, processed, failed, cancelled. */
    status: text('status').notNull().default('pending'),
    /** What the bytes are (csv, tsv, xlsx), sniffed on completion; null before. */
    fileType: text('file_type'),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256'),
    /** An earlier file of the organization with the same SHA-256. */
    duplicateOfFileId: uuid('duplicate_of_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email'),
    /** Confirmed category (FileCategory); the suggestion lives in file_metadata.categoryAnalysis. */
    category: text('category'),
    /**
     * The supplier whose data this organization's own file holds (footprints received over PACT, issue 14): its entries
     * count as that supplier's in the report. Null for the organization's own data.
     */
    supplierOrganizationId: uuid('supplier_organization_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    /** The spec's File.fileMetadata: categoryAnalysis, totalRows, detectedColumns. */
    fileMetadata: jsonb('file_metadata').$type<Record<string, unknown>>(),
    /** How the file was read: format, encoding, delimiter, numberStyle, sheets, sheet, headerRowNumber. */
    readDetails: jsonb('read_details').$type<Record<string, unknown>>(),
    /** The sheet the person chose; null = the reader's default. */
    selectedSheet: text('selected_sheet'),
    error: jsonb('error').$type<StoredFileError>(),
    /** Bytes the server has received (local storage) or confirmed (on completion). */
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    /** Data rows stored so far by the current reading. */
    rowsRead: integer('rows_read').notNull().default(0),
    /** Percent of the file read by the current reading (0..100). */
    readPercent: integer('read_percent').notNull().default(0),
    /** Bumped when a new reading starts (another sheet, a retry): a job of an older generation stops. */
    parseGeneration: integer('parse_generation').notNull().default(0),
    uploadExpiresAt: at('upload_expires_at'),
    uploadedAt: at('uploaded_at'),
    processingStartedAt: at('processing_started_at'),
    processedAt: at('processed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storageKey),
    index('files_file_upload_idx').on(t.fileUploadId),
    index('files_org_sha256_idx').on(t.organizationId, t.sha256),
    index('files_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A file's parsed rows, stored in chunks of consecutive rows (one chunk per reader batch, up to 2,000 rows):
 * a million-row file is 500 inserts, not a million. `rows` is the JSON `[[rowNumber, [values...]], ...]`
 * deflated and in base64 (apps/api parsing/row-packing.ts), stored without TOAST compression (it would not shrink).
 * The primary key makes a chunk written twice (a job run again after a crash) a no-op.
 */
export const fileRowChunks = pgTable(
  'file_row_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Row number (sheet row or CSV record) of the first row. */
    firstRowNumber: integer('first_row_number').notNull(),
    lastRowNumber: integer('last_row_number').notNull(),
    /** 0-based position of the first row among the file's data rows. */
    firstIndex: integer('first_index').notNull(),
    rowCount: integer('row_count').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.firstRowNumber] }), index('file_row_chunks_index_idx').on(t.fileId, t.firstIndex)],
);

/** A single-file upload (spec: Upload), for a purpose such as a calendar task's request or response. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    purpose: text('purpose'),
    secondaryPurpose: text('secondary_purpose'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('uploads_file_unique').on(t.fileId), index('uploads_org_created_idx').on(t.organizationId, t.createdAt)],
);
