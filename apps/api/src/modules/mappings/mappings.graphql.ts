import type { StoredAlternative, StoredTransformation } from '@tidewise/db/schema/mappings';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef } from '../../schema/common.graphql.ts';
import { DataEntryValueRef, FieldDataTypeRef, ValidationIssueRef } from '../../schema/entry-values.graphql.ts';
import { ColumnDataTypeRef, FileCategoryRef, UploadRef } from '../../schema/uploads.graphql.ts';
import './catalogue.graphql.ts';
import { TRANSFORMATION_TYPES, type TransformationInput } from './mappings.policy.ts';
import { labelOf } from './mapping-writes.ts';
import { acceptColumnSuggestion } from './operations/accept-column-suggestion.ts';
import { bulkAcceptColumnSuggestions, DEFAULT_MIN_CONFIDENCE } from './operations/bulk-accept-column-suggestions.ts';
import { type CreateMappingInput, createFileMapping, createUploadMapping } from './operations/create-file-mapping.ts';
import { deleteFileMapping, deleteUploadMapping } from './operations/delete-file-mapping.ts';
import { getColumnAnalyses } from './operations/get-column-analyses.ts';
import { getFileMappings } from './operations/get-file-mappings.ts';
import {
  DEFAULT_PREVIEW_ROWS,
  getMappingPreview,
  MAX_PREVIEW_ROWS,
  type MappingPreviewRowView,
  type MappingPreviewView,
} from './operations/get-mapping-preview.ts';
import { rejectColumnSuggestion } from './operations/reject-column-suggestion.ts';
import { activeMappingsOf, type FileMappingRow } from './records.ts';
import { type ColumnAnalysisView, type MappingValidationView, targetLabelOf, validationViewOf } from './views.ts';

/** Column analyses (suggested fields), file mappings and the mapping preview. */

// --- Column analyses --------------------------------------------------------------------------------

type AlternativeView = StoredAlternative & { category: string };

const ColumnSuggestionAlternativeRef = builder.objectRef<AlternativeView>('ColumnSuggestionAlternative').implement({
  fields: (t) => ({
    targetField: t.exposeString('targetField'),
    label: t.string({ resolve: (a) => labelOf(a.category, a.targetField) }),
    confidence: t.exposeFloat('confidence'),
    reasoning: t.exposeString('reasoning'),
  }),
});

const ColumnAnalysisRef = builder.objectRef<ColumnAnalysisView>('ColumnAnalysis').implement({
  description: 'A column of a processed file with the catalogue field suggested for it, and why.',
  fields: (t) => ({
    id: t.exposeID('id'),
    fileId: t.exposeID('fileId'),
    sourceColumn: t.exposeString('sourceColumn'),
    sourceIndex: t.exposeInt('sourceIndex', { description: '0-based position of the column.' }),
    category: t.field({ type: FileCategoryRef, resolve: (a) => a.category as never }),
    suggestedTargetField: t.string({ nullable: true, resolve: (a) => a.suggestedTargetField }),
    suggestedTargetLabel: t.string({
      nullable: true,
      resolve: (a) => (a.suggestedTargetField ? labelOf(a.category, a.suggestedTargetField) : null),
    }),
    confidence: t.exposeFloat('confidence', { description: '0..1' }),
    reasoning: t.exposeString('reasoning'),
    isAccepted: t.exposeBoolean('isAccepted'),
    isRejected: t.exposeBoolean('isRejected'),
    alternativeSuggestions: t.field({
      type: [ColumnSuggestionAlternativeRef],
      resolve: (a) => a.alternativeSuggestions.map((alt) => ({ ...alt, category: a.category })),
    }),
    detectedUnit: t.string({
      nullable: true,
      description: 'Unit read from the header or the values, e.g. "m3" for "Fuel [m³]"; null when none.',
      resolve: (a) => a.detectedUnit,
    }),
    dataType: t.field({ type: ColumnDataTypeRef, resolve: (a) => a.dataType as never }),
    sampleValues: t.field({ type: ['JSON'], nullable: { list: false, items: true }, resolve: (a) => a.sampleValues }),
    analyzedAt: t.field({ type: 'DateTime', resolve: (a) => a.analyzedAt }),
  }),
});

const BulkAcceptColumnSuggestionsInput = builder.inputType('BulkAcceptColumnSuggestionsInput', {
  fields: (t) => ({
    fileId: t.id({ required: true }),
    minConfidence: t.float({
      required: false,
      defaultValue: DEFAULT_MIN_CONFIDENCE,
      description: `Accepts every open suggestion at or above this confidence (default ${DEFAULT_MIN_CONFIDENCE}).`,
    }),
  }),
});

builder.queryField('columnAnalyses', (t) =>
  t.field({
    type: [ColumnAnalysisRef],
    description:
      "The columns of a processed file with their suggested fields, for the file's category (confirmed, else suggested). One of fileId / uploadId.",
    authScopes: { permission: 'uploads:read' },
    args: { fileId: t.arg.id({ required: false }), uploadId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) =>
      getColumnAnalyses(ctx, {
        fileId: args.fileId === null || args.fileId === undefined ? null : String(args.fileId),
        uploadId: args.uploadId === null || args.uploadId === undefined ? null : String(args.uploadId),
      }),
  }),
);

builder.mutationField('acceptColumnSuggestion', (t) =>
  t.field({
    type: ColumnAnalysisRef,
    description: 'Creates (or replaces) the mapping of the column to its suggested field; marks it accepted.',
    authScopes: { permission: 'uploads:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => acceptColumnSuggestion(ctx, String(args.id)),
  }),
);

builder.mutationField('rejectColumnSuggestion', (t) =>
  t.field({
    type: ColumnAnalysisRef,
    description: 'Marks it rejected and deactivates a mapping made from it.',
    authScopes: { permission: 'uploads:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => rejectColumnSuggestion(ctx, String(args.id)),
  }),
);

builder.mutationField('bulkAcceptColumnSuggestions', (t) =>
  t.field({
    type: [ColumnAnalysisRef],
    description:
      "Accepts every open suggestion at or above minConfidence (its column and field not mapped yet); returns all the file's analyses.",
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: BulkAcceptColumnSuggestionsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      bulkAcceptColumnSuggestions(ctx, { fileId: String(input.fileId), minConfidence: input.minConfidence }),
  }),
);

// --- Mappings ---------------------------------------------------------------------------------------

const TransformationTypeRef = builder.enumType('TransformationType', { values: TRANSFORMATION_TYPES });
const MappingOriginRef = builder.enumType('MappingOrigin', { values: ['learned', 'manual', 'suggestion'] as const });

const MappingTransformationRef = builder.objectRef<StoredTransformation>('MappingTransformation').implement({
  fields: (t) => ({
    type: t.field({ type: TransformationTypeRef, resolve: (x) => x.type }),
    factor: t.float({ nullable: true, description: 'factor: value x factor.', resolve: (x) => x.factor ?? null }),
    unit: t.string({
      nullable: true,
      description: "unit_conversion: the unit the column's values are in (one of the field's accepted units).",
      resolve: (x) => x.unit ?? null,
    }),
    density: t.float({ nullable: true, description: 'unit_conversion from a volume: density in t/m3.', resolve: (x) => x.density ?? null }),
    mapping: t.field({
      type: 'JSON',
      nullable: true,
      description: 'value_mapping: source text -> allowed value, e.g. {"IFO 380": "HFO"}.',
      resolve: (x) => x.mapping ?? null,
    }),
    dateFormat: t.string({
      nullable: true,
      description: 'date_format: e.g. DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD, DD/MM/YYYY.',
      resolve: (x) => x.dateFormat ?? null,
    }),
  }),
});

const MappingValidationRef = builder.objectRef<MappingValidationView>('MappingValidation').implement({
  description: "The checks the values go through: the field's own, narrowed by the mapping's.",
  fields: (t) => ({
    required: t.exposeBoolean('required'),
    dataType: t.field({ type: FieldDataTypeRef, resolve: (v) => v.dataType }),
    min: t.float({ nullable: true, resolve: (v) => v.min }),
    max: t.float({ nullable: true, resolve: (v) => v.max }),
    pattern: t.string({ nullable: true, resolve: (v) => v.pattern }),
  }),
});

const FileMappingRef = builder.objectRef<FileMappingRow>('FileMapping').implement({
  description: 'A source column of a file mapped to a catalogue field.',
  fields: (t) => ({
    id: t.exposeID('id'),
    fileId: t.exposeID('fileId'),
    sourceColumn: t.exposeString('sourceColumn'),
    sourceIndex: t.exposeInt('sourceIndex'),
    targetField: t.exposeString('targetField'),
    targetLabel: t.string({ resolve: targetLabelOf }),
    category: t.field({ type: FileCategoryRef, resolve: (m) => m.category as never }),
    isActive: t.exposeBoolean('isActive'),
    origin: t.field({ type: MappingOriginRef, resolve: (m) => m.origin as never }),
    transformations: t.field({ type: [MappingTransformationRef], resolve: (m) => m.transformations }),
    validation: t.field({ type: MappingValidationRef, resolve: validationViewOf }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
  }),
});

const MappingTransformationInput = builder.inputType('MappingTransformationInput', {
  fields: (t) => ({
    type: t.field({ type: TransformationTypeRef, required: true }),
    factor: t.float({ required: false }),
    unit: t.string({ required: false }),
    density: t.float({ required: false }),
    mapping: t.field({ type: 'JSON', required: false }),
    dateFormat: t.string({ required: false }),
  }),
});

const MappingValidationInput = builder.inputType('MappingValidationInput', {
  fields: (t) => ({
    required: t.boolean({ required: false }),
    min: t.float({ required: false }),
    max: t.float({ required: false }),
    pattern: t.string({ required: false }),
  }),
});

const CreateFileMappingInput = builder.inputType('CreateFileMappingInput', {
  fields: (t) => ({
    fileId: t.id({ required: true }),
    sourceColumn: t.string({ required: true }),
    targetField: t.string({ required: true }),
    transformations: t.field({ type: [MappingTransformationInput], required: false }),
    validation: t.field({ type: MappingValidationInput, required: false }),
  }),
});

const CreateUploadMappingInput = builder.inputType('CreateUploadMappingInput', {
  fields: (t) => ({
    uploadId: t.id({ required: true }),
    sourceColumn: t.string({ required: true }),
    targetField: t.string({ required: true }),
    transformations: t.field({ type: [MappingTransformationInput], required: false }),
    validation: t.field({ type: MappingValidationInput, required: false }),
  }),
});

type MappingInputArgs = {
  sourceColumn: string;
  targetField: string;
  transformations?: readonly TransformationInput[] | null;
  validation?: CreateMappingInput['validation'];
};

const mappingInputOf = (input: MappingInputArgs): CreateMappingInput => ({
  sourceColumn: input.sourceColumn,
  targetField: input.targetField,
  transformations: input.transformations ?? null,
  validation: input.validation ?? null,
});

builder.queryField('fileMappings', (t) =>
  t.field({
    type: [FileMappingRef],
    description: 'Active mappings of a file, by source column position.',
    authScopes: { permission: 'uploads:read' },
    args: { fileId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFileMappings(ctx, String(args.fileId)),
  }),
);

builder.mutationField('createFileMapping', (t) =>
  t.field({
    type: FileMappingRef,
    description: 'Maps a column to a field; an active mapping of the same column or the same field is replaced.',
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: CreateFileMappingInput, required: true }) },
    resolve: (_root, { input }, ctx) => createFileMapping(ctx, { ...mappingInputOf(input), fileId: String(input.fileId) }),
  }),
);

builder.mutationField('deleteFileMapping', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { permission: 'uploads:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteFileMapping(ctx, String(args.id)),
  }),
);

builder.mutationField('createUploadMapping', (t) =>
  t.field({
    type: FileMappingRef,
    description: 'createFileMapping on the file of a single-file upload.',
    authScopes: { permission: 'uploads:update' },
    args: { input: t.arg({ type: CreateUploadMappingInput, required: true }) },
    resolve: (_root, { input }, ctx) => createUploadMapping(ctx, { ...mappingInputOf(input), uploadId: String(input.uploadId) }),
  }),
);

builder.mutationField('deleteUploadMapping', (t) =>
  t.field({
    type: MessageResponseRef,
    description: "deleteFileMapping for a mapping of a single-file upload's file.",
    authScopes: { permission: 'uploads:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteUploadMapping(ctx, String(args.id)),
  }),
);

builder.objectField(UploadRef, 'mappings', (t) =>
  t.field({
    type: [FileMappingRef],
    description: "Active mappings of the upload's file, by source column position.",
    resolve: (upload, _args, ctx) => activeMappingsOf(ctx.db, upload.file.id),
  }),
);

// --- Preview ----------------------------------------------------------------------------------------

const MappingPreviewRowRef = builder.objectRef<MappingPreviewRowView>('MappingPreviewRow').implement({
  fields: (t) => ({
    rowNumber: t.exposeInt('rowNumber'),
    isValid: t.exposeBoolean('isValid'),
    values: t.field({ type: [DataEntryValueRef], resolve: (r) => r.values }),
    issues: t.field({ type: [ValidationIssueRef], resolve: (r) => r.issues }),
  }),
});

const MappingPreviewRef = builder.objectRef<MappingPreviewView>('MappingPreview').implement({
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    category: t.field({ type: FileCategoryRef, resolve: (p) => p.category }),
    issues: t.field({
      type: [ValidationIssueRef],
      description: 'Plan-level problems: a required field not mapped, a unit that cannot be converted...',
      resolve: (p) => p.issues,
    }),
    rows: t.field({ type: [MappingPreviewRowRef], resolve: (p) => p.rows }),
  }),
});

builder.queryField('mappingPreview', (t) =>
  t.field({
    type: MappingPreviewRef,
    description: `The file's first \`rows\` data rows (max ${MAX_PREVIEW_ROWS}) through its active mappings, without storing anything.`,
    authScopes: { permission: 'uploads:read' },
    args: { fileId: t.arg.id({ required: true }), rows: t.arg.int({ required: false, defaultValue: DEFAULT_PREVIEW_ROWS }) },
    resolve: (_root, args, ctx) => getMappingPreview(ctx, { fileId: String(args.fileId), rows: args.rows }),
  }),
);
