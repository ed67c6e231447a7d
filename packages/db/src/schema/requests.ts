import { type AnyPgColumn, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn as at, createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';
import { fileUploads, files } from './uploads.ts';

/**
 * Data requests (docs/decisions/0016-data-request-statuses.md, 0017-data-requests.md): a customer's Calendar
 * holds CalendarTasks; a task of type `data_request` asks one supplier organization for data by a deadline, and
 * its `subtask`s split it (one per vessel, site or period). Statuses and who may change them live in
 * `packages/shared/src/requests`; overdue is derived from the deadline, never stored.
 */
export const calendars = pgTable(
  'calendars',
  {
    id: id(),
    /** The customer organization whose calendar it is. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deadline: at('deadline').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendars_org_deadline_idx').on(t.organizationId, t.deadline)],
);

export const calendarTasks = pgTable(
  'calendar_tasks',
  {
    id: id(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    /** The requesting customer (the calendar's organization). */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The supplier asked; a subtask has its parent's. */
    supplierOrganizationId: uuid('supplier_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** CalendarTaskType: data_request, subtask. */
    taskType: text('task_type').notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    /** CalendarTaskStatus: requested, in_progress, submitted, returned, accepted, cancelled. */
    status: text('status').notNull().default('requested'),
    startDate: at('start_date'),
    /** The task's own deadline; null takes the parent's, then the calendar's. */
    endDate: at('end_date'),
    /** A user of the supplier organization who answers it. */
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    parentTaskId: uuid('parent_task_id').references((): AnyPgColumn => calendarTasks.id, { onDelete: 'cascade' }),
    /** The customer's file upload the request was made from, if any. */
    requestUploadId: uuid('request_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    /** The supplier's file upload that answers it. */
    responseUploadId: uuid('response_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    /** A file category other than `unknown`. */
    requiredUploadPurpose: text('required_upload_purpose'),
    /** A reporting period: 2025, 2025-Q3, 2025-H1, 2025-07. */
    requiredUploadSecondaryPurpose: text('required_upload_secondary_purpose'),
    /** The customer's note to the supplier, sent with the request email. */
    message: text('message'),
    submittedAt: at('submitted_at'),
    acceptedAt: at('accepted_at'),
    cancelledAt: at('cancelled_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_tasks_org_status_idx').on(t.organizationId, t.status),
    index('calendar_tasks_supplier_status_idx').on(t.supplierOrganizationId, t.status),
    index('calendar_tasks_calendar_idx').on(t.calendarId),
    index('calendar_tasks_parent_idx').on(t.parentTaskId),
    index('calendar_tasks_response_upload_idx').on(t.responseUploadId),
  ],
);

/** One comment of a review: on a row, a field, or a cell (both). */
export type StoredReviewComment = { rowNumber: number | null; field: string | null; message: string };

/** A return with comments: the customer's review of a submission. */
export const calendarTaskReviews = pgTable(
  'calendar_task_reviews',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => calendarTasks.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    comments: jsonb('comments').$type<StoredReviewComment[]>().notNull().default([]),
    /** The response upload the review was about. */
    responseUploadId: uuid('response_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
  },
  (t) => [index('calendar_task_reviews_task_idx').on(t.taskId, t.createdAt)],
);

/** A candidate organization offered for a supplier named in a file. */
export type StoredPossibleMatch = { organizationId: string; name: string; score: number; reason: string };

/** Identifiers read from the file's rows for one supplier. */
export type StoredSupplierIdentifiers = {
  registrationNumber?: string | null;
  imoCompanyNumber?: string | null;
  email?: string | null;
  country?: string | null;
  supplierId?: string | null;
};

/**
 * UploadSupplierData: one distinct supplier named in one file of a customer's upload, the rows that name it,
 * how it was matched to an organization, and the request made to it.
 */
export const uploadSupplierData = pgTable(
  'upload_supplier_data',
  {
    id: id(),
    /** The customer organization that uploaded the file. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The customer's file upload (spec `uploadId`). */
    fileUploadId: uuid('file_upload_id').references(() => fileUploads.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The validation generation whose entries the rows were read from. */
    generation: integer('generation').notNull(),
    supplierName: text('supplier_name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    identifiers: jsonb('identifiers').$type<StoredSupplierIdentifiers>().notNull().default({}),
    /** The matched (or confirmed) organization; null for notMatch and an unconfirmed semiMatch. */
    supplierOrgId: uuid('supplier_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** SupplierMatchStatus: match, semiMatch, notMatch. */
    matchStatus: text('match_status').notNull(),
    matchScore: doublePrecision('match_score'),
    matchReason: text('match_reason'),
    possibleMatches: jsonb('possible_matches').$type<StoredPossibleMatch[]>().notNull().default([]),
    /** True once a person confirmed or corrected the match. */
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    /** The address to invite an unmatched supplier at. */
    contactEmail: text('contact_email'),
    itemCount: integer('item_count').notNull(),
    /** 0-based data rows of the file that name this supplier. */
    rowIndices: jsonb('row_indices').$type<number[]>().notNull().default([]),
    calendarTaskId: uuid('calendar_task_id').references(() => calendarTasks.id, { onDelete: 'set null' }),
    responseUploadId: uuid('response_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    uploadPurpose: text('upload_purpose'),
    uploadSecondaryPurpose: text('upload_secondary_purpose'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('upload_supplier_data_file_name_unique').on(t.fileId, t.normalizedName),
    index('upload_supplier_data_upload_idx').on(t.fileUploadId),
    index('upload_supplier_data_task_idx').on(t.calendarTaskId),
    index('upload_supplier_data_org_idx').on(t.organizationId),
  ],
);

/** The matching of one file's suppliers: which generation it read and where it stands. */
export const fileSupplierMatching = pgTable('file_supplier_matching', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull(),
  /** queued, running, completed, failed, none (the file names no supplier). */
  status: text('status').notNull(),
  /** The catalogue field the supplier names were read from. */
  supplierField: text('supplier_field'),
  failureReason: text('failure_reason'),
  updatedAt: updatedAt(),
});

/** A customer's decision that a supplier name in its files is this organization (null: none of them). */
export const supplierMatchConfirmations = pgTable(
  'supplier_match_confirmations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    normalizedName: text('normalized_name').notNull(),
    supplierOrganizationId: uuid('supplier_organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    confirmedByUserId: uuid('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('supplier_match_confirmations_org_name_unique').on(t.organizationId, t.normalizedName)],
);

/** A reminder sent, skipped (muted) or held, under its once-only key `<taskId>:<kind>:<offsetDays>`. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => calendarTasks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    offsetDays: integer('offset_days').notNull(),
    /** sent, skipped */
    outcome: text('outcome').notNull(),
    digestKey: text('digest_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_deliveries_key_user_unique').on(t.key, t.userId), index('reminder_deliveries_task_idx').on(t.taskId)],
);

/** One digest email per supplier user and local day, under `<userId>:<YYYY-MM-DD>`. */
export const reminderDigests = pgTable('reminder_digests', {
  key: text('key').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  day: text('day').notNull(),
  reminderCount: integer('reminder_count').notNull(),
  sentAt: createdAt(),
});

/** Per-user notification settings. */
export const userNotificationSettings = pgTable('user_notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remindersMuted: boolean('reminders_muted').notNull().default(false),
  updatedAt: updatedAt(),
});
