import type { Context } from '../../../context.ts';
import type { Page, Pagination } from '../../../lib/pagination.ts';
import type { ValidationIssueView } from '../../../schema/entry-values.graphql.ts';
import { findReadableFile } from '../../../lib/request-access.ts';
import { findUploadFileOfActor, validationOfFile } from '../records.ts';
import { readSnapshot } from '../snapshot.ts';
import { type IssueFilter, issuePage } from '../validation-view.ts';

/**
 * One page of the issues of a file's current validation, by row number then field (file-level issues first). A
 * file is the caller's or one of a supplier's answer to its request (submitted or accepted); an upload, the caller's.
 */
export const findValidationIssues = async (
  ctx: Context,
  input: { fileId: string } | { uploadId: string },
  filter: IssueFilter,
  pagination: Pagination,
): Promise<Page<ValidationIssueView>> => {
  const file = 'fileId' in input ? (await findReadableFile(ctx, input.fileId)).file : await findUploadFileOfActor(ctx, input.uploadId);
  return readSnapshot(ctx.db, async (tx) => {
    const validation = await validationOfFile(tx, file.id);
    return issuePage(tx, file.id, validation?.entriesGeneration ?? 0, filter, pagination);
  });
};
