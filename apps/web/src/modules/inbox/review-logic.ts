/** A comment of the customer's review: on a row, a field, or a cell (both). */
export type ReviewComment = { rowNumber?: number | null; field?: string | null; message: string };

/** Where a comment is, in words: "Row 12 · Fuel type", "Row 12", "Fuel type (every row)". */
export const commentPlace = (comment: ReviewComment, fieldLabels: ReadonlyMap<string, string>): string => {
  const field = comment.field ? (fieldLabels.get(comment.field) ?? comment.field) : null;
  if (comment.rowNumber && field) return `Row ${comment.rowNumber} · ${field}`;
  if (comment.rowNumber) return `Row ${comment.rowNumber}`;
  if (field) return `${field} (every row)`;
  return 'The whole answer';
};

/**
 * The entries list of the answer's file in row order, for a comment on a row; null when the answer has
 * several files (a row number alone does not say which) or the comment names no row.
 */
export const entriesLinkForRow = (comment: ReviewComment, answerFileId: string | null): string | null =>
  comment.rowNumber && answerFileId ? `/app/data-entries?${new URLSearchParams({ file: answerFileId, sort: 'row' })}` : null;
