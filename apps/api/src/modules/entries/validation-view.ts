import type { Executor } from '@tidewise/db/client';
import { validationIssues } from '@tidewise/db/schema/entries';
import { isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import { FILE_CATEGORIES, type FileCategory } from '@tidewise/shared/uploads';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { type Pagination, pageOffset, type Page, toPage } from '../../lib/pagination.ts';
import type { ValidationIssueView } from '../../schema/entry-values.graphql.ts';
import type { FileRow, FileWithValidation, ValidationRow } from './records.ts';
import { type ValidationStatus, validationStatusOf } from './validation-statuses.ts';

/** What a client sees of a file's validation (spec FileValidation), from the file and its stored validation. */

/** The category a file is validated for: the one a person confirmed, else the reader's suggestion; null for none. */
export const categoryToValidate = (file: FileRow): CatalogueCategory | null => {
  if (file.category) return isCatalogueCategory(file.category) ? file.category : null;
  const suggested = (file.fileMetadata as { categoryAnalysis?: { suggestedCategory?: string } } | null)?.categoryAnalysis
    ?.suggestedCategory;
  return suggested && isCatalogueCategory(suggested) ? suggested : null;
};

const asFileCategory = (value: string | null | undefined): FileCategory | null =>
  value && (FILE_CATEGORIES as readonly string[]).includes(value) ? (value as FileCategory) : null;

export type FileValidationView = {
  fileId: string;
  status: ValidationStatus;
  isValid: boolean;
  category: FileCategory | null;
  errorCount: number;
  warningCount: number;
  mappedFields: string[];
  requiredFields: string[];
  recommendedFields: string[];
  optionalFields: string[];
  missingRequiredFields: string[];
  totalRows: number;
  emptyRows: number;
  validRows: number;
  invalidRows: number;
  rowsValidated: number;
  percent: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
  startedAt: Date | null;
  validatedAt: Date | null;
  failureReason: string | null;
  /** The generation whose issues show (0: none). */
  entriesGeneration: number;
};

const percentOf = (status: ValidationStatus, validation: ValidationRow): number => {
  if (status === 'validated') return 100;
  if (status !== 'validating' || !validation.run) return 0;
  const total = validation.run.fileRows;
  return total > 0 ? Math.min(99, Math.floor((validation.rowsValidated / total) * 100)) : 0;
};

export const fileValidationView = ({ file, validation }: FileWithValidation): FileValidationView => {
  const status = validation ? validationStatusOf(validation.status) : 'not_started';
  const fields = validation?.fields ?? validation?.run?.fields ?? null;
  return {
    fileId: file.id,
    status,
    isValid: validation?.entriesGeneration ? validation.isValid : false,
    category: asFileCategory(validation?.category ?? validation?.run?.category ?? categoryToValidate(file)),
    errorCount: validation?.errorCount ?? 0,
    warningCount: validation?.warningCount ?? 0,
    mappedFields: fields?.mapped ?? [],
    requiredFields: fields?.required ?? [],
    recommendedFields: fields?.recommended ?? [],
    optionalFields: fields?.optional ?? [],
    missingRequiredFields: fields?.missingRequired ?? [],
    totalRows: validation?.totalRows ?? 0,
    emptyRows: validation?.emptyRows ?? 0,
    validRows: validation?.validRows ?? 0,
    invalidRows: validation?.invalidRows ?? 0,
    rowsValidated: validation && (status === 'validating' || status === 'validated') ? validation.rowsValidated : 0,
    percent: validation ? percentOf(status, validation) : 0,
    dataPointErrors: validation?.dataPointErrors ?? 0,
    dataPointWarnings: validation?.dataPointWarnings ?? 0,
    dataPointSuccesses: validation?.dataPointSuccesses ?? 0,
    startedAt: validation?.startedAt ?? null,
    validatedAt: validation?.validatedAt ?? null,
    failureReason: status === 'failed' ? (validation?.failureReason ?? null) : null,
    entriesGeneration: validation?.entriesGeneration ?? 0,
  };
};

export type IssueFilter = { type?: 'error' | 'warning' | null; field?: string | null; code?: string | null };

const issueConditions = (fileId: string, generation: number, filter: IssueFilter = {}): SQL | undefined =>
  and(
    eq(validationIssues.fileId, fileId),
    eq(validationIssues.generation, generation),
    filter.type ? eq(validationIssues.type, filter.type) : undefined,
    filter.field ? eq(validationIssues.field, filter.field) : undefined,
    filter.code ? eq(validationIssues.code, filter.code) : undefined,
  );

const ISSUE_ORDER = [
  sql`${validationIssues.rowNumber} ASC NULLS FIRST`,
  sql`${validationIssues.field} ASC NULLS FIRST`,
  asc(validationIssues.code),
  asc(validationIssues.message),
];

const issueColumns = {
  code: validationIssues.code,
  message: validationIssues.message,
  type: validationIssues.type,
  field: validationIssues.field,
  rowNumber: validationIssues.rowNumber,
  value: validationIssues.value,
};

/** The first `limit` issues of a file's visible generation, by row number then field (file-level ones first). */
export const firstIssues = async (
  executor: Executor,
  fileId: string,
  generation: number,
  filter: IssueFilter,
  limit: number,
): Promise<ValidationIssueView[]> => {
  if (generation === 0) return [];
  const rows = await executor
    .select(issueColumns)
    .from(validationIssues)
    .where(issueConditions(fileId, generation, filter))
    .orderBy(...ISSUE_ORDER)
    .limit(limit);
  return rows as ValidationIssueView[];
};

/** One page of a file's visible issues, by row number then field, with the total. */
export const issuePage = async (
  executor: Executor,
  fileId: string,
  generation: number,
  filter: IssueFilter,
  pagination: Pagination,
): Promise<Page<ValidationIssueView>> => {
  if (generation === 0) return toPage(pagination, [], 0);
  const where = issueConditions(fileId, generation, filter);
  const [total] = await executor.select({ n: count() }).from(validationIssues).where(where);
  const rows = await executor
    .select(issueColumns)
    .from(validationIssues)
    .where(where)
    .orderBy(...ISSUE_ORDER)
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return toPage(pagination, rows as ValidationIssueView[], Number(total?.n ?? 0));
};
