import type { EntryEmission } from '@tidewise/shared/emissions/calculate/types';

/**
 * A run's rows as PostgreSQL's COPY text format reads them (tab-separated, `\N` for null, backslash, tab and line
 * breaks escaped): the results, one line per entry or per part of an entry, and the report cells the run sums up as it goes.
 */

const NULL = '\\N';
const SPECIAL = /[\\\t\n\r]/;

const text = (value: string | null): string => {
  if (value === null) return NULL;
  return SPECIAL.test(value) ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : value;
};

/** A figure as COPY reads it back; a non-finite one is a calculator fault, never stored. */
const figure = (value: number, what: string): string => {
  if (!Number.isFinite(value)) throw new Error(`the calculation gave ${value} for ${what}`);
  return String(value);
};

export const RESULT_COLUMNS = [
  'run_id',
  'generation',
  'row_index',
  'part',
  'file_id',
  'supplier_organization_id',
  'month',
  'scope3',
  'rule_id',
  'method',
  'data_quality',
  'file_category',
  'vessel_imo',
  'vessel_name',
  'route',
  'activity',
  'note',
  'co2_ttw_kg',
  'co2e_ttw_kg',
  'co2e_wtw_kg',
  'factor_set',
] as const;

/** What a file's results share: written once per file, not per entry. */
export type FilePrefix = { runId: string; generation: number; fileId: string; supplierOrganizationId: string | null; category: string };

/** One result line (RESULT_COLUMNS) of an entry, or of one part of it (0: the only or the tank-to-wake part, 1: well-to-tank). */
export const resultLine = (file: FilePrefix, rowIndex: number, part: 0 | 1, e: EntryEmission): string =>
  `${file.runId}\t${file.generation}\t${rowIndex}\t${part}\t${file.fileId}\t${file.supplierOrganizationId ?? NULL}\t${e.month ?? NULL}\t${e.scope3}\t${text(
    e.ruleId,
  )}\t${e.method}\t${e.dataQuality}\t${text(file.category)}\t${text(e.vesselImo)}\t${text(e.vesselName)}\t${text(e.route)}\t${text(
    e.activity,
  )}\t${text(e.note)}\t${figure(e.co2TtwKg, `row ${rowIndex + 1}`)}\t${figure(e.co2eTtwKg, `row ${rowIndex + 1}`)}\t${figure(
    e.co2eWtwKg,
    `row ${rowIndex + 1}`,
  )}\t${e.factorSet}\n`;

export const CELL_COLUMNS = [
  'run_id',
  'month',
  'scope3',
  'file_category',
  'supplier_organization_id',
  'vessel_imo',
  'vessel_name',
  'route',
  'method',
  'data_quality',
  'entries',
  'co2_ttw_kg',
  'co2e_ttw_kg',
  'co2e_wtw_kg',
  'activity_amount',
] as const;

type Cell = {
  month: string | null;
  scope3: string;
  fileCategory: string;
  supplierOrganizationId: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  route: string | null;
  method: string;
  dataQuality: string;
  entries: number;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  activityAmount: number;
};

/**
 * The report's figures summed while the run computes: one cell per month, category, file category, supplier,
 * vessel, route, method and quality (the report reads these, never the results). Summing here rather than by a
 * GROUP BY over the stored results spares a second pass over a million rows and keeps the activity amounts, which
 * results do not store. Sums run in entry order, so the same data gives the same figures.
 */
export const createCellSums = () => {
  const cells = new Map<string, Cell>();
  return {
    add(file: FilePrefix, e: EntryEmission) {
      const key = `${e.month}\u0001${e.scope3}\u0001${file.category}\u0001${file.supplierOrganizationId}\u0001${e.vesselImo}\u0001${e.vesselName}\u0001${e.route}\u0001${e.method}\u0001${e.dataQuality}`;
      let cell = cells.get(key);
      if (!cell) {
        cell = {
          month: e.month,
          scope3: e.scope3,
          fileCategory: file.category,
          supplierOrganizationId: file.supplierOrganizationId,
          vesselImo: e.vesselImo,
          vesselName: e.vesselName,
          route: e.route,
          method: e.method,
          dataQuality: e.dataQuality,
          entries: 0,
          co2TtwKg: 0,
          co2eTtwKg: 0,
          co2eWtwKg: 0,
          activityAmount: 0,
        };
        cells.set(key, cell);
      }
      cell.entries += 1;
      cell.co2TtwKg += e.co2TtwKg;
      cell.co2eTtwKg += e.co2eTtwKg;
      cell.co2eWtwKg += e.co2eWtwKg;
      cell.activityAmount += e.activityAmount;
    },
    get size() {
      return cells.size;
    },
    /** The cells as COPY lines (CELL_COLUMNS), in chunks of lines. */
    *lines(runId: string, perChunk = 5_000): Generator<string> {
      let chunk = '';
      let count = 0;
      for (const c of cells.values()) {
        chunk += `${runId}\t${c.month ?? NULL}\t${c.scope3}\t${text(c.fileCategory)}\t${c.supplierOrganizationId ?? NULL}\t${text(
          c.vesselImo,
        )}\t${text(c.vesselName)}\t${text(c.route)}\t${c.method}\t${c.dataQuality}\t${c.entries}\t${figure(c.co2TtwKg, 'a cell')}\t${figure(
          c.co2eTtwKg,
          'a cell',
        )}\t${figure(c.co2eWtwKg, 'a cell')}\t${figure(c.activityAmount, 'a cell')}\n`;
        count += 1;
        if (count === perChunk) {
          yield chunk;
          chunk = '';
          count = 0;
        }
      }
      if (chunk) yield chunk;
    },
  };
};

export type CellSums = ReturnType<typeof createCellSums>;
