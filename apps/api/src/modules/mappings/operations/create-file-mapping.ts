import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { checkMappingValidation, checkTransformations, type TransformationInput, type ValidationInput } from '../mappings.policy.ts';
import { auditViewOf, categoryLabel, fieldOf, findColumn, mappableFileRefusal, putMapping } from '../mapping-writes.ts';
import {
  announceFileChange,
  categoryOfFile,
  columnsOfFile,
  type FileMappingRow,
  findFileForActor,
  findUploadFileForActor,
  lockFile,
  syncAcceptedFlags,
} from '../records.ts';

export type CreateMappingInput = {
  sourceColumn: string;
  targetField: string;
  transformations?: readonly TransformationInput[] | null;
  validation?: ValidationInput | null;
};

const MAX_LISTED = 12;

const listed = (names: readonly string[]) =>
  `${names
    .slice(0, MAX_LISTED)
    .map((n) => `"${n}"`)
    .join(', ')}${names.length > MAX_LISTED ? `, and ${names.length - MAX_LISTED} more` : ''}`;

/**
 * A person maps a column to a catalogue field of the file's category. The field must exist in the category, the
 * column in the file, and the transformations and checks must fit the field (mappings.policy.ts). An active mapping
 * of the same column or the same field is replaced. Allowed while a validation runs: the run keeps the mappings it
 * started with.
 */
const createMapping = async (ctx: Context, fileId: string, input: CreateMappingInput): Promise<FileMappingRow> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const file = await lockFile(tx, actor.organizationId, fileId);
    const refusal = mappableFileRefusal(file);
    if (refusal) refuse(refusal);
    const category = categoryOfFile(file);
    if (!category) return refuse({ code: 'CONFLICT', message: 'The file has no category.' });
    const field = fieldOf(category, input.targetField);
    if (!field) {
      return refuse({
        code: 'VALIDATION_FAILED',
        field: 'targetField',
        message: `${categoryLabel(category)} has no field "${input.targetField}". Its fields are ${listed(fieldsByCategory(category).map((f) => f.key))}.`,
      });
    }
    const column = findColumn(file, input.sourceColumn);
    if (!column) {
      return refuse({
        code: 'VALIDATION_FAILED',
        field: 'sourceColumn',
        message: `"${file.originalName}" has no column "${input.sourceColumn}". Its columns are ${listed(columnsOfFile(file).map((c) => c.name))}.`,
      });
    }
    const transformations = checkTransformations(field, input.transformations ?? []);
    if ('refusal' in transformations) return refuse(transformations.refusal);
    const validation = checkMappingValidation(field, input.validation);
    if ('refusal' in validation) return refuse(validation.refusal);
    const { created, replaced } = await putMapping(tx, {
      file,
      category,
      column,
      field,
      transformations: transformations.ok,
      validation: validation.ok,
      origin: 'manual',
      createdBy: actor.userId,
    });
    await syncAcceptedFlags(tx, file.id);
    await recordAudit(tx, ctx, {
      resource: 'file_mapping',
      resourceId: created.id,
      description: `Mapped column "${column.name}" of "${file.originalName}" to ${field.label}`,
      before: { mappings: replaced.map(auditViewOf) },
      after: { mappings: [auditViewOf(created)] },
    });
    return { file, created };
  });
  await announceFileChange(ctx, outcome.file);
  return outcome.created;
};

export const createFileMapping = async (ctx: Context, input: CreateMappingInput & { fileId: string }): Promise<FileMappingRow> => {
  const file = await findFileForActor(ctx, input.fileId);
  return createMapping(ctx, file.id, input);
};

/** The same on the file of a single-file upload. */
export const createUploadMapping = async (ctx: Context, input: CreateMappingInput & { uploadId: string }): Promise<FileMappingRow> => {
  const file = await findUploadFileForActor(ctx, input.uploadId);
  return createMapping(ctx, file.id, input);
};
