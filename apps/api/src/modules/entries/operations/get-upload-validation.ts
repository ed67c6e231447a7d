import type { Context } from '../../../context.ts';
import type { ValidationIssueView } from '../../../schema/entry-values.graphql.ts';
import { findUploadFileOfActor, validationOfFile } from '../records.ts';
import { readSnapshot } from '../snapshot.ts';
import type { ValidationStatus } from '../validation-statuses.ts';
import { fileValidationView, firstIssues } from '../validation-view.ts';

export type UploadValidationView = {
  uploadId: string;
  status: ValidationStatus;
  isValid: boolean;
  issues: ValidationIssueView[];
  issueCount: number;
};

/** The validation of a single-file upload's file, with its first 100 issues; NOT_FOUND for another organization's upload. */
export const getUploadValidation = async (ctx: Context, uploadId: string): Promise<UploadValidationView> => {
  const file = await findUploadFileOfActor(ctx, uploadId);
  return readSnapshot(ctx.db, async (tx) => {
    const view = fileValidationView({ file, validation: await validationOfFile(tx, file.id) });
    return {
      uploadId,
      status: view.status,
      isValid: view.isValid,
      issues: await firstIssues(tx, file.id, view.entriesGeneration, {}, 100),
      issueCount: view.errorCount + view.warningCount,
    };
  });
};
