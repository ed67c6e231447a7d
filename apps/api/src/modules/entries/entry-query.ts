import type { Executor } from '@tidewise/db/client';
import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import { and, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { ENTRY_SELECT, type EntryRow, type EntryRun } from './entry-view.ts';

/**
 * The data-entry filters and orders of the contract over the storage layout: file-level filters pick the runs
 * (visibleRuns), row-level ones (isValid, search, fieldValue) become a condition per run, because the position
 * of a field in the `values` arrays is the run's own. Every query names one generation, so it reads the
 * primary key's range of that run.
 */

export type FieldValueFilter = { field: string; equals?: string | null; min?: number | null; max?: number | null };

export type EntryFilter = {
  search?: string | null;
  category?: string | null;
  fileId?: string | null;
  uploadId?: string | null;
  fileUploadId?: string | null;
  isValid?: boolean | null;
  fieldValue?: FieldValueFilter | null;
  /** Entries answering this request: the supplier's response upload (for the customer while submitted or accepted). */
  calendarTaskId?: string | null;
  /** Entries of this supplier that the caller reads through its accepted requests. */
  supplierOrganizationId?: string | null;
};

export const DATA_ENTRY_SORT_FIELDS = ['createdAt', 'entryDate', 'rowIndex'] as const;
export type EntryOrder = { field: (typeof DATA_ENTRY_SORT_FIELDS)[number]; direction: 'ASC' | 'DESC' };
export const DEFAULT_ENTRY_ORDER: EntryOrder = { field: 'createdAt', direction: 'DESC' };

/** Order of the runs: newest validation first, except for createdAt ASC. */
export const runOrderOf = (order: EntryOrder): 'asc' | 'desc' =>
  order.field === 'createdAt' && order.direction === 'ASC' ? 'asc' : 'desc';

/** Checks what no run can answer, before any query. */
export const checkEntryFilter = (filter: EntryFilter): void => {
  const fv = filter.fieldValue;
  if (!fv) return;
  const has = (v: unknown) => v !== null && v !== undefined;
  if (!has(fv.equals) && !has(fv.min) && !has(fv.max)) {
    throw new AppError('VALIDATION_FAILED', 'fieldValue needs equals, min or max.', { field: 'filter.fieldValue' });
  }
  if (has(fv.min) && has(fv.max) && (fv.min as number) > (fv.max as number)) {
    throw new AppError('VALIDATION_FAILED', `fieldValue.min (${fv.min}) is above fieldValue.max (${fv.max}).`, {
      field: 'filter.fieldValue.min',
    });
  }
};

/** What a run contributes under the row-level filters: nothing, or the rows matching `where`; `scan` when counting needs a query. */
export type RunCondition = { none: true } | { none: false; where: SQL; scan: boolean; count: number | null };

const numberAt = (i: number) => sql`(CASE WHEN jsonb_typeof(e.values -> ${i}::int) = 'number' THEN (e.values ->> ${i}::int)::numeric END)`;

const fieldValueCondition = (run: EntryRun, fv: FieldValueFilter): SQL | null => {
  const i = run.entryFields.indexOf(fv.field);
  if (i < 0) return null;
  const definition = fieldsByCategory(run.category).find((field) => field.key === fv.field);
  const dataType = definition?.dataType ?? 'string';
  const label = definition?.label ?? fv.field;
  const numeric = dataType === 'number' || dataType === 'integer';
  const parts: SQL[] = [];
  if (fv.equals !== null && fv.equals !== undefined) {
    if (numeric) {
      const value = Number(fv.equals.trim());
      if (fv.equals.trim() === '' || !Number.isFinite(value)) {
        throw new AppError('VALIDATION_FAILED', `${label} holds numbers: fieldValue.equals "${fv.equals}" is not a number.`, {
          field: 'filter.fieldValue.equals',
        });
      }
      parts.push(sql`${numberAt(i)} = ${String(value)}::numeric`);
    } else if (dataType === 'boolean') {
      if (fv.equals !== 'true' && fv.equals !== 'false') {
        throw new AppError('VALIDATION_FAILED', `${label} is yes or no: fieldValue.equals must be true or false.`, {
          field: 'filter.fieldValue.equals',
        });
      }
      parts.push(sql`e.values -> ${i}::int = ${fv.equals}::jsonb`);
    } else {
      parts.push(sql`e.values ->> ${i}::int = ${fv.equals}`);
    }
  }
  for (const [bound, op] of [
    [fv.min, '>='],
    [fv.max, '<='],
  ] as const) {
    if (bound === null || bound === undefined) continue;
    if (!numeric) {
      throw new AppError('VALIDATION_FAILED', `fieldValue.min and max apply to number fields; ${label} is ${dataType}.`, {
        field: 'filter.fieldValue',
      });
    }
    parts.push(sql`${numberAt(i)} ${sql.raw(op)} ${String(bound)}::numeric`);
  }
  return and(...parts) ?? null;
};

/** The row-level filters for one run. */
export const runConditionOf = (run: EntryRun, filter: EntryFilter): RunCondition => {
  const parts: SQL[] = [sql`e.generation = ${run.generation}::int`];
  let scan = false;
  if (filter.fieldValue) {
    const condition = fieldValueCondition(run, filter.fieldValue);
    if (!condition) return { none: true };
    parts.push(condition);
    scan = true;
  }
  const search = filter.search?.trim();
  if (search && !run.originalName.toLowerCase().includes(search.toLowerCase())) {
    parts.push(sql`e.values::text ILIKE ${likePattern(search)}`);
    scan = true;
  }
  // Spelled as the partial index on invalid rows is (NOT is_valid), so the planner uses it.
  if (filter.isValid === true) parts.push(sql`e.is_valid`);
  if (filter.isValid === false) parts.push(sql`NOT e.is_valid`);
  const count = scan
    ? null
    : filter.isValid === true
      ? run.validRows
      : filter.isValid === false
        ? run.invalidRows
        : run.validRows + run.invalidRows;
  return { none: false, where: and(...parts) as SQL, scan, count };
};

type Rows<T> = { rows: T[] };

/** How many entries of the run match (from the run's totals when no row has to be read). */
export const countMatching = async (executor: Executor, condition: RunCondition): Promise<number> => {
  if (condition.none) return 0;
  if (condition.count !== null) return condition.count;
  const { rows } = (await executor.execute(
    sql`SELECT count(*)::int AS n FROM data_entries e WHERE ${condition.where}`,
  )) as unknown as Rows<{ n: number }>;
  return rows[0]?.n ?? 0;
};

/** Entries of one run in row order, `limit` of them after `offset`. */
export const runEntries = async (
  executor: Executor,
  condition: Extract<RunCondition, { none: false }>,
  direction: 'ASC' | 'DESC',
  limit: number,
  offset: number,
): Promise<EntryRow[]> => {
  const { rows } = (await executor.execute(
    sql`SELECT ${sql.raw(ENTRY_SELECT)} FROM data_entries e WHERE ${condition.where}
        ORDER BY e.row_index ${sql.raw(direction)} LIMIT ${limit}::int OFFSET ${offset}::int`,
  )) as unknown as Rows<EntryRow>;
  return rows;
};

/** Entries of one run after a row index (or before it, descending), for exports that read a run a page at a time. */
export const runEntriesAfter = async (
  executor: Executor,
  condition: Extract<RunCondition, { none: false }>,
  direction: 'ASC' | 'DESC',
  after: number | null,
  limit: number,
): Promise<EntryRow[]> => {
  const from = after === null ? sql`true` : direction === 'ASC' ? sql`e.row_index > ${after}::int` : sql`e.row_index < ${after}::int`;
  const { rows } = (await executor.execute(
    sql`SELECT ${sql.raw(ENTRY_SELECT)} FROM data_entries e WHERE ${condition.where} AND ${from}
        ORDER BY e.row_index ${sql.raw(direction)} LIMIT ${limit}::int`,
  )) as unknown as Rows<EntryRow>;
  return rows;
};

export type MatchingRun = { run: EntryRun; condition: Extract<RunCondition, { none: false }>; count: number };

/** The runs that can match, with their conditions and counts. */
export const matchingRuns = async (executor: Executor, runs: readonly EntryRun[], filter: EntryFilter): Promise<MatchingRun[]> => {
  const matching: MatchingRun[] = [];
  for (const run of runs) {
    const condition = runConditionOf(run, filter);
    if (condition.none) continue;
    const count = await countMatching(executor, condition);
    if (count > 0) matching.push({ run, condition, count });
  }
  return matching;
};

/** The page's entries with their runs, in the order asked for. */
export const pageOfEntries = async (
  executor: Executor,
  matching: readonly MatchingRun[],
  order: EntryOrder,
  offset: number,
  limit: number,
): Promise<{ run: EntryRun; row: EntryRow }[]> => {
  const page: { run: EntryRun; row: EntryRow }[] = [];
  if (order.field === 'entryDate') {
    if (matching.length === 0) return page;
    const byGeneration = new Map(matching.map((m) => [m.run.generation, m.run]));
    const generations = `{${matching.map((m) => m.run.generation).join(',')}}`;
    const where = sql.join(
      matching.map((m) => sql`(${m.condition.where})`),
      sql` OR `,
    );
    const { rows } = (await executor.execute(
      sql`SELECT ${sql.raw(ENTRY_SELECT)} FROM data_entries e WHERE ${where}
          ORDER BY e.entry_date ${sql.raw(order.direction)} NULLS LAST, array_position(${generations}::int[], e.generation), e.row_index
          LIMIT ${limit}::int OFFSET ${offset}::int`,
    )) as unknown as Rows<EntryRow>;
    for (const row of rows) {
      const run = byGeneration.get(row.generation);
      if (run) page.push({ run, row });
    }
    return page;
  }
  const direction = order.field === 'rowIndex' ? order.direction : 'ASC';
  let skip = offset;
  for (const { run, condition, count } of matching) {
    if (page.length >= limit) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const rows = await runEntries(executor, condition, direction, limit - page.length, skip);
    skip = 0;
    for (const row of rows) page.push({ run, row });
  }
  return page;
};
