import type { Database } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { formatEntryValue, planFieldsOf } from '@tidewise/shared/entry-rules/index';
import { isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import type { PlanField } from '@tidewise/shared/entry-rules/index';
import { inArray } from 'drizzle-orm';
import { type EntryFilter, type EntryOrder, type MatchingRun, pageOfEntries, runEntriesAfter } from '../entry-query.ts';
import type { EntryRow, EntryRun } from '../entry-view.ts';
import { selectEntries } from '../operations/find-data-entries.ts';
import { validationOfFile } from '../records.ts';
import { readSnapshot } from '../snapshot.ts';
import { issuePage } from '../validation-view.ts';
import type { ExportCell } from '../../../lib/spreadsheet-cells.ts';

/**
 * What an export holds, as a header and pages of rows read from the database a page at a time (never the whole
 * export in memory). Each page checks that the files' visible generations are still the ones the export began
 * with: mappings applied again meanwhile end the download with an error rather than a file mixing two runs.
 */
export type ExportTable = { header: string[]; pages: AsyncGenerator<ExportCell[][]> };

/** The export's runs were replaced while it was read. */
export class ExportChangedError extends Error {
  constructor() {
    super('the entries changed while they were exported');
    this.name = 'ExportChangedError';
  }
}

const PAGE_ROWS = 5000;

const assertCurrent = async (db: Database, runs: readonly EntryRun[]) => {
  if (runs.length === 0) return;
  const current = await db
    .select({ fileId: fileValidations.fileId, generation: fileValidations.entriesGeneration })
    .from(fileValidations)
    .where(
      inArray(
        fileValidations.fileId,
        runs.map((run) => run.fileId),
      ),
    );
  const now = new Map(current.map((row) => [row.fileId, row.generation]));
  if (runs.some((run) => now.get(run.fileId) !== run.generation)) throw new ExportChangedError();
};

/** The export's field columns: every field of the runs, in catalogue order, category by category. */
const exportFieldsOf = (runs: readonly EntryRun[]): PlanField[] => {
  const fields: PlanField[] = [];
  const seen = new Set<string>();
  for (const category of new Set(runs.map((run) => run.category))) {
    if (!isCatalogueCategory(category)) continue;
    const used = new Set(runs.filter((run) => run.category === category).flatMap((run) => run.entryFields));
    for (const field of planFieldsOf(category)) {
      if (!used.has(field.key) || seen.has(field.key)) continue;
      seen.add(field.key);
      fields.push(field);
    }
  }
  return fields;
};

const cellOf = (field: PlanField, value: string | number | boolean | null | undefined): ExportCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return formatEntryValue(field, value);
};

const issuesText = (row: EntryRow) =>
  (row.validation_errors ?? []).map((issue) => `${issue.type === 'error' ? 'Error' : 'Warning'}: ${issue.message}`).join('\n');

/** The entries a filter selects, in the order asked for: source, row, date, validity, one column per field (unit in the header), issues. */
export const entryExport = async (db: Database, organizationId: string, filter: EntryFilter, order: EntryOrder): Promise<ExportTable> => {
  const matching = await readSnapshot(db, (tx) => selectEntries(tx, organizationId, filter, order));
  const runs = matching.map((m) => m.run);
  const fields = exportFieldsOf(runs);
  const header = [
    'Source',
    'Row number',
    'Entry date',
    'Valid',
    ...fields.map((field) => (field.unit ? `${field.label} [${field.unit}]` : field.label)),
    'Issues',
  ];
  const rowOf = (run: EntryRun, row: EntryRow): ExportCell[] => {
    const positions = new Map(run.entryFields.map((key, i) => [key, i]));
    return [
      `${run.originalName}, row ${row.row_number}`,
      row.row_number,
      row.entry_date,
      row.is_valid,
      ...fields.map((field) => {
        const at = positions.get(field.key);
        return at === undefined ? null : cellOf(field, row.values[at]);
      }),
      issuesText(row) || null,
    ];
  };
  async function* pages(): AsyncGenerator<ExportCell[][]> {
    if (order.field === 'entryDate') {
      for (let offset = 0; ; offset += PAGE_ROWS) {
        await assertCurrent(db, runs);
        const page = await pageOfEntries(db, matching, order, offset, PAGE_ROWS);
        if (page.length === 0) return;
        yield page.map(({ run, row }) => rowOf(run, row));
      }
    }
    const direction = order.field === 'rowIndex' ? order.direction : 'ASC';
    for (const { run, condition } of matching as MatchingRun[]) {
      let after: number | null = null;
      for (;;) {
        await assertCurrent(db, runs);
        const rows = await runEntriesAfter(db, condition, direction, after, PAGE_ROWS);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]?.row_index ?? after;
        yield rows.map((row) => rowOf(run, row));
      }
    }
  }
  return { header, pages: pages() };
};

/** The issues of a file's current validation, by row then field: row, field, type, code, message, value. */
export const issueExport = async (db: Database, fileId: string): Promise<ExportTable> => {
  const validation = await validationOfFile(db, fileId);
  const generation = validation?.entriesGeneration ?? 0;
  const category = validation?.category ?? '';
  const labels = new Map(isCatalogueCategory(category) ? planFieldsOf(category).map((f) => [f.key, f.label]) : []);
  async function* pages(): AsyncGenerator<ExportCell[][]> {
    for (let page = 1; ; page++) {
      const { data } = await readSnapshot(db, async (tx) => {
        if (((await validationOfFile(tx, fileId))?.entriesGeneration ?? 0) !== generation) throw new ExportChangedError();
        return issuePage(tx, fileId, generation, {}, { page, pageSize: PAGE_ROWS });
      });
      if (data.length === 0) return;
      yield data.map((issue) => [
        issue.rowNumber,
        issue.field ? (labels.get(issue.field) ?? issue.field) : null,
        issue.type,
        issue.code,
        issue.message,
        issue.value,
      ]);
    }
  }
  return { header: ['Row number', 'Field', 'Type', 'Code', 'Message', 'Value'], pages: pages() };
};
