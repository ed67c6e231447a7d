import type { Issue } from '@tidewise/shared/entry-rules/index';

/**
 * Rows in PostgreSQL's COPY text format, as the ingest worker writes them: values separated by tabs, one row per
 * line, `\N` for null; a backslash, tab, newline or carriage return inside a value is escaped.
 */

export const COPY_NULL = '\\N';

const SPECIAL = /[\\\t\n\r]/;

/** A text value as COPY reads it back unchanged. */
export const copyText = (value: string): string =>
  SPECIAL.test(value) ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : value;

/** A nullable text value. */
export const copyNullable = (value: string | null): string => (value === null ? COPY_NULL : copyText(value));

/** A value as JSON (for a jsonb column); JSON text never holds a raw tab or line break, only backslashes to double. */
export const copyJson = (value: unknown): string => {
  const json = JSON.stringify(value);
  return json.includes('\\') ? json.replace(/\\/g, '\\\\') : json;
};

/** An issue as a line of validation_issues (ISSUE_COPY_COLUMNS). */
export const issueCopyLine = (fileId: string, generation: number, issue: Issue): string =>
  `${fileId}\t${generation}\t${issue.rowNumber === null ? COPY_NULL : issue.rowNumber}\t${copyNullable(issue.field)}\t${copyText(issue.code)}\t${
    issue.type
  }\t${copyText(issue.message)}\t${copyNullable(issue.value)}\n`;
