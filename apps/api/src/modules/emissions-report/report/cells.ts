import type { Executor } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import {
  DATA_QUALITIES,
  type DataQuality,
  EMISSION_METHODS,
  type EmissionMethod,
  SCOPE3_VALUES,
  type Scope3Value,
} from '@tidewise/shared/emissions/calculate/types';
import { oneOf } from '../../../schema/emissions.graphql.ts';

/** One row of emission_report_cells: a run's results summed by month, category, supplier, vessel, route, method and quality. */
export type ReportCell = {
  month: string;
  scope3: Scope3Value;
  fileCategory: string;
  supplierOrganizationId: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  route: string | null;
  method: EmissionMethod;
  dataQuality: DataQuality;
  entries: number;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  activityAmount: number;
};

type CellRow = {
  month: string | null;
  scope3: string;
  file_category: string | null;
  supplier_organization_id: string | null;
  vessel_imo: string | null;
  vessel_name: string | null;
  route: string | null;
  method: string;
  data_quality: string;
  entries: number | string;
  co2_ttw_kg: number | string;
  co2e_ttw_kg: number | string;
  co2e_wtw_kg: number | string;
  activity_amount: number | string;
};

/** A row as a cell; a grouping leaves the dimensions it does not group by empty. */
const cellOf = (row: CellRow): ReportCell => ({
  month: row.month ?? '',
  scope3: oneOf(SCOPE3_VALUES, row.scope3, 'none'),
  fileCategory: row.file_category ?? '',
  supplierOrganizationId: row.supplier_organization_id,
  vesselImo: row.vessel_imo,
  vesselName: row.vessel_name,
  route: row.route,
  method: oneOf(EMISSION_METHODS, row.method, 'not_computed'),
  dataQuality: oneOf(DATA_QUALITIES, row.data_quality, 'default'),
  entries: Number(row.entries),
  co2TtwKg: Number(row.co2_ttw_kg),
  co2eTtwKg: Number(row.co2e_ttw_kg),
  co2eWtwKg: Number(row.co2e_wtw_kg),
  activityAmount: Number(row.activity_amount),
});

/**
 * Which cells a figure reads: the Scope 3 report's (every scope 3 category; scope 1/2 and entries assigned nowhere
 * left out), or the organisation's own scope 1/2 found in the same data, shown apart.
 */
export type CellScope = 'scope3' | 'scope_1_2';

const scopeCondition = (scope: CellScope) => (scope === 'scope3' ? sql`scope3 NOT IN ('scope_1_2', 'none')` : sql`scope3 = 'scope_1_2'`);

type TotalsRow = {
  entries: number | string | null;
  not_computed: number | string | null;
  co2_ttw_kg: number | string | null;
  co2e_ttw_kg: number | string | null;
  co2e_wtw_kg: number | string | null;
};

/**
 * The sums of a run's cells of one scope within [firstMonth, lastMonth], summed in SQL (the previous period and the
 * scope 1/2 figures need their totals only); null when the run computed nothing of that scope for those months.
 */
export const readCellTotals = async (
  executor: Executor,
  runId: string,
  firstMonth: string,
  lastMonth: string,
  scope: CellScope,
): Promise<{ co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number; computedEntries: number; notComputedEntries: number } | null> => {
  const { rows } = (await executor.execute(sql`
    SELECT sum(entries) AS entries, sum(entries) FILTER (WHERE method = 'not_computed') AS not_computed,
           sum(co2_ttw_kg) AS co2_ttw_kg, sum(co2e_ttw_kg) AS co2e_ttw_kg, sum(co2e_wtw_kg) AS co2e_wtw_kg
    FROM emission_report_cells
    WHERE run_id = ${runId}::uuid AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date
      AND ${scopeCondition(scope)}`)) as unknown as { rows: TotalsRow[] };
  const row = rows[0];
  if (!row || row.entries === null) return null;
  const notComputed = Number(row.not_computed ?? 0);
  return {
    co2TtwKg: Number(row.co2_ttw_kg ?? 0),
    co2eTtwKg: Number(row.co2e_ttw_kg ?? 0),
    co2eWtwKg: Number(row.co2e_wtw_kg ?? 0),
    computedEntries: Number(row.entries) - notComputed,
    notComputedEntries: notComputed,
  };
};

/** The report's sums of a period, each grouping of the cells as cells of that grouping (other dimensions left empty). */
export type ReportSums = {
  /** Per month, with the entries not computed among them. */
  months: (ReportCell & { notComputedEntries: number })[];
  categories: ReportCell[];
  suppliers: ReportCell[];
  vessels: ReportCell[];
  methods: ReportCell[];
  qualities: ReportCell[];
  routes: ReportCell[];
  /** Per supplier, method and quality: the data quality rating's inputs. */
  supplierQuality: ReportCell[];
  /** Per supplier and file category, CO2e WtW and activity of the cells with an activity only: the intensity's inputs. */
  supplierActivity: ReportCell[];
};

type SumRow = CellRow & { set: string; not_computed: number | string | null };

/** Sums of a report with nothing in it: what a period without a completed run shows. */
export const emptySums = (): ReportSums => ({
  months: [],
  categories: [],
  suppliers: [],
  vessels: [],
  methods: [],
  qualities: [],
  routes: [],
  supplierQuality: [],
  supplierActivity: [],
});

/**
 * The Scope 3 sums the report shows (scope 1/2 and entries assigned nowhere left out), grouped in SQL by each dimension it slices by (GROUPING SETS), so a year of a large fleet
 * (months × ships × routes: thousands of cells) comes back as a few hundred rows. `set` names the grouping of a row.
 */
export const readReportSums = async (executor: Executor, runId: string, firstMonth: string, lastMonth: string): Promise<ReportSums> => {
  const { rows } = (await executor.execute(sql`
    SELECT CASE GROUPING(month, scope3, supplier_organization_id, vessel_imo, method, data_quality, route, file_category)
             WHEN ${0b01111111} THEN 'months' WHEN ${0b10111111} THEN 'categories' WHEN ${0b11011111} THEN 'suppliers'
             WHEN ${0b11101111} THEN 'vessels' WHEN ${0b11110111} THEN 'methods' WHEN ${0b11111011} THEN 'qualities'
             WHEN ${0b11111101} THEN 'routes' WHEN ${0b11010011} THEN 'supplierQuality' ELSE 'supplierActivity' END AS set,
           month::text AS month, scope3, supplier_organization_id::text AS supplier_organization_id, vessel_imo,
           max(vessel_name) AS vessel_name, route, method, data_quality, file_category,
           sum(entries) AS entries, sum(entries) FILTER (WHERE method = 'not_computed') AS not_computed,
           sum(co2_ttw_kg) AS co2_ttw_kg, sum(co2e_ttw_kg) AS co2e_ttw_kg,
           CASE WHEN GROUPING(supplier_organization_id, file_category) = 0
             THEN coalesce(sum(co2e_wtw_kg) FILTER (WHERE activity_amount > 0), 0) ELSE sum(co2e_wtw_kg) END AS co2e_wtw_kg,
           sum(activity_amount) AS activity_amount
    FROM emission_report_cells
    WHERE run_id = ${runId}::uuid AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date
      AND ${scopeCondition('scope3')}
    GROUP BY GROUPING SETS ((month), (scope3), (supplier_organization_id), (vessel_imo), (method), (data_quality), (route),
      (supplier_organization_id, method, data_quality), (supplier_organization_id, file_category))`)) as unknown as { rows: SumRow[] };
  const sums = emptySums();
  for (const row of rows) {
    const cell = cellOf(row);
    if (row.set === 'months') sums.months.push({ ...cell, notComputedEntries: Number(row.not_computed ?? 0) });
    else sums[row.set as Exclude<keyof ReportSums, 'months'>].push(cell);
  }
  return sums;
};
