import type { Context } from '../../../context.ts';
import { findReadableFileUpload } from '../../../lib/request-access.ts';
import { validationsOfBatch } from '../records.ts';
import type { ValidationStatus } from '../validation-statuses.ts';
import { type FileValidationView, fileValidationView } from '../validation-view.ts';

export type FileUploadValidationView = {
  fileUploadId: string;
  status: ValidationStatus;
  files: FileValidationView[];
  totalRowCount: number;
  emptyRowCount: number;
  validRowCount: number;
  invalidRowCount: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
};

/**
 * A batch's status from its files' validations: validating while one runs, else queued while one waits, else
 * failed when one failed, validated when one validated, not_started when none was applied.
 */
export const batchValidationStatus = (statuses: readonly ValidationStatus[]): ValidationStatus => {
  if (statuses.includes('validating')) return 'validating';
  if (statuses.includes('queued')) return 'queued';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('validated')) return 'validated';
  return 'not_started';
};

/**
 * The validations of a batch's files (cancelled ones left out) and their sums: the caller's own batch, or a
 * supplier's answer to one of its requests while submitted or accepted; NOT_FOUND for any other batch.
 */
export const getFileUploadValidation = async (ctx: Context, fileUploadId: string): Promise<FileUploadValidationView> => {
  const { upload: batch } = await findReadableFileUpload(ctx, fileUploadId);
  const views = (await validationsOfBatch(ctx.db, batch.id)).map(fileValidationView);
  const sum = (pick: (view: FileValidationView) => number) => views.reduce((total, view) => total + pick(view), 0);
  return {
    fileUploadId: batch.id,
    status: batchValidationStatus(views.map((view) => view.status)),
    files: views,
    totalRowCount: sum((v) => v.totalRows),
    emptyRowCount: sum((v) => v.emptyRows),
    validRowCount: sum((v) => v.validRows),
    invalidRowCount: sum((v) => v.invalidRows),
    dataPointErrors: sum((v) => v.dataPointErrors),
    dataPointWarnings: sum((v) => v.dataPointWarnings),
    dataPointSuccesses: sum((v) => v.dataPointSuccesses),
  };
};
