import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestampColumn as at, createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';
import { files } from './uploads.ts';

/** One transformation of a mapping (spec FileMapping.transformations); see packages/shared entry-rules. */
export type StoredTransformation = {
  type: 'unit_conversion' | 'factor' | 'value_mapping' | 'date_format';
  factor?: number;
  unit?: string;
  density?: number;
  mapping?: Record<string, string>;
  dateFormat?: string;
};

/** Extra checks a mapping adds to its field's own (spec FileMapping.validation). */
export type StoredMappingValidation = { required?: boolean; min?: number; max?: number; pattern?: string };

export type StoredAlternative = { targetField: string; confidence: number; reasoning: string };

/**
 * What the platform suggests for each column of a processed file, for the category it was analysed for
 * (spec: Upload column analysis). Replaced as a whole when the file is analysed again.
 */
export const columnAnalyses = pgTable(
  'column_analyses',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sourceIndex: integer('source_index').notNull(),
    sourceColumn: text('source_column').notNull(),
    category: text('category').notNull(),
    suggestedTargetField: text('suggested_target_field'),
    confidence: real('confidence').notNull().default(0),
    reasoning: text('reasoning').notNull(),
    alternativeSuggestions: jsonb('alternative_suggestions').$type<StoredAlternative[]>().notNull().default([]),
    detectedUnit: text('detected_unit'),
    isAccepted: boolean('is_accepted').notNull().default(false),
    isRejected: boolean('is_rejected').notNull().default(false),
    analyzedAt: at('analyzed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('column_analyses_file_column_unique').on(t.fileId, t.sourceIndex)],
);

/**
 * A source column of a file mapped to a catalogue field (spec: FileMapping). Only active mappings are applied;
 * a replaced or deleted one stays inactive as history. `normalizedHeader` lets later files of the organization
 * learn from the mappings it accepted.
 */
export const fileMappings = pgTable(
  'file_mappings',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sourceColumn: text('source_column').notNull(),
    sourceIndex: integer('source_index').notNull(),
    normalizedHeader: text('normalized_header').notNull(),
    targetField: text('target_field').notNull(),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** suggestion, manual or learned. */
    origin: text('origin').notNull().default('manual'),
    transformations: jsonb('transformations').$type<StoredTransformation[]>().notNull().default([]),
    validation: jsonb('validation').$type<StoredMappingValidation>().notNull().default({}),
    catalogueVersion: text('catalogue_version').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('file_mappings_active_column_unique').on(t.fileId, t.sourceIndex).where(sql`${t.isActive}`),
    uniqueIndex('file_mappings_active_field_unique').on(t.fileId, t.targetField).where(sql`${t.isActive}`),
    index('file_mappings_org_header_idx').on(t.organizationId, t.category, t.normalizedHeader),
  ],
);
