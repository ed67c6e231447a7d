import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn as at, createdAtColumn as createdAt, updatedAtColumn as updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { files } from './uploads.ts';

/** One validation issue as stored on an entry (spec DataEntry.validationErrors, with the issue's code and type). */
export type StoredEntryIssue = { code: string; type: 'error' | 'warning'; field: string | null; message: string; value: string | null };

/** A stored entry value: a number in the field's canonical unit, ISO date text, an enum's value, text, a boolean. */
export type StoredEntryValue = string | number | boolean | null;

/** A mapping as a run applies it (the entry rules' MappingRule): kept with the run, so a mapping changed meanwhile does not change it. */
export type StoredRunRule = {
  sourceIndex: number;
  sourceColumn: string;
  targetField: string;
  transformations: {
    type: string;
    factor?: number;
    unit?: string;
    density?: number;
    mapping?: Record<string, string>;
    dateFormat?: string;
  }[];
  validation?: { required?: boolean; min?: number; max?: number; pattern?: string };
};

/** Counts of a run, exact whatever is stored. */
export type StoredRunCounts = {
  totalRows: number;
  emptyRows: number;
  validRows: number;
  invalidRows: number;
  errorCount: number;
  warningCount: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
  /** Issue rows stored so far (at most the cap); the counts above cover every issue. */
  storedIssues: number;
};

export type StoredValidationFields = {
  mapped: string[];
  required: string[];
  recommended: string[];
  optional: string[];
  missingRequired: string[];
};

/** The run under way, as far as it got: what it applies and its counts up to `processedRows`. */
export type StoredRunState = {
  category: string;
  rules: StoredRunRule[];
  /** Field keys in the order of each entry's `values` array. */
  entryFields: string[];
  fields: StoredValidationFields;
  /** Data rows handled and committed, entries and issues included: the next run resumes at this row index. */
  processedRows: number;
  /** Data rows of the file when the mappings were applied (for the percentage). */
  fileRows: number;
  /** The file's parse_generation then: a file read again meanwhile fails the run. */
  parseGeneration: number;
  counts: StoredRunCounts;
};

/**
 * Numbers of validation runs, shared by every file: entries and issues are stored under their run's
 * generation, so an entry needs no file id to say which run (and so which file) it belongs to.
 */
export const validationGenerationSeq = pgSequence('validation_generation_seq', { startWith: 1, maxValue: 2147483647 });

/**
 * The validation of a file through its mappings (spec FileValidation), one row per file. A run writes its
 * entries and issues under a new generation (`run_generation`); `entries_generation` is switched to it, with the
 * totals and `entry_fields`, in one transaction when the run completes, so readers see either the old entries or
 * the new ones, never a mix. Totals, fields, category and validity describe the entries generation; `run` and
 * `rows_validated` the run under way.
 */
export const fileValidations = pgTable(
  'file_validations',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** ValidationStatus: not_started, queued, validating, validated, failed. */
    status: text('status').notNull().default('not_started'),
    /** Generation of the run under way or last queued (validation_generation_seq); 0 = none. */
    runGeneration: integer('run_generation').notNull().default(0),
    /** Generation whose entries and issues readers see; 0 = none. */
    entriesGeneration: integer('entries_generation').notNull().default(0),
    /** Field keys at the positions of the `values` arrays of the entries generation. */
    entryFields: jsonb('entry_fields').$type<string[]>().notNull().default([]),
    category: text('category'),
    isValid: boolean('is_valid').notNull().default(false),
    /** Field keys: mapped, and the category's required / recommended / optional ones, as of the run. */
    fields: jsonb('fields').$type<StoredValidationFields>(),
    totalRows: integer('total_rows').notNull().default(0),
    emptyRows: integer('empty_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    dataPointErrors: integer('data_point_errors').notNull().default(0),
    dataPointWarnings: integer('data_point_warnings').notNull().default(0),
    dataPointSuccesses: integer('data_point_successes').notNull().default(0),
    /** Rows of the run under way handled so far. */
    rowsValidated: integer('rows_validated').notNull().default(0),
    /** The run under way (null when none): what it applies and how far it got. */
    run: jsonb('run').$type<StoredRunState>(),
    failureReason: text('failure_reason'),
    startedAt: at('started_at'),
    validatedAt: at('validated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('file_validations_org_idx').on(t.organizationId)],
);

/**
 * Issues of a validation run: file-level ones (no row) and per row and field. At most VALIDATION_ISSUE_CAP rows
 * per run are stored; the counts on file_validations cover them all.
 */
export const validationIssues = pgTable(
  'validation_issues',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    rowNumber: integer('row_number'),
    field: text('field'),
    code: text('code').notNull(),
    /** error or warning. */
    type: text('type').notNull(),
    message: text('message').notNull(),
    value: text('value'),
  },
  (t) => [index('validation_issues_file_idx').on(t.fileId, t.generation, t.rowNumber)],
);

/**
 * One validated row of a file (spec DataEntry), kept small because a file may hold millions: the run's
 * generation names the file (through file_validations), the category and creation time are the run's, and
 * `values` is a JSON array aligned with file_validations.entry_fields (numbers in canonical units; labels, units
 * and data types come from the catalogue). The source row stays in file_row_chunks (rawData is read from there).
 * Only rows of a file's current `entries_generation` are visible. No foreign key: the check would cost as much
 * as the COPY itself; rows of a generation no validation names any more are swept (entries/ingest/sweep.ts).
 * Columns are ordered for alignment (the 8-byte hash first, the 1-byte flag before the JSON).
 */
export const dataEntries = pgTable(
  'data_entries',
  {
    /** 53-bit hash of the entry's duplicate key (what the row describes), for duplicate checks; null when it has none. First: 8-byte aligned. */
    dupHash: bigint('dup_hash', { mode: 'number' }),
    generation: integer('generation').notNull(),
    /** 0-based position among the file's data rows. */
    rowIndex: integer('row_index').notNull(),
    rowNumber: integer('row_number').notNull(),
    entryDate: date('entry_date'),
    isValid: boolean('is_valid').notNull(),
    values: jsonb('values').$type<StoredEntryValue[]>().notNull(),
    validationErrors: jsonb('validation_errors').$type<StoredEntryIssue[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.generation, t.rowIndex] }),
    // The invalid rows only (a few per cent): lists and exports of them need not read past the valid ones.
    index('data_entries_invalid_idx').on(t.generation, t.rowIndex).where(sql`NOT ${t.isValid}`),
  ],
);
