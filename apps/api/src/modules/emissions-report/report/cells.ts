import type { Executor } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import {
  EMISSION_DATA_QUALITIES,
  EMISSION_METHODS,
  type EmissionDataQuality,
  type EmissionMethod,
  oneOf,
  SCOPE3_CATEGORIES,
  type Scope3CategoryValue,
} from '../../../schema/emissions.graphql.ts';

/** One row of emission_report_cells: a run's results summed by month, category, supplier, vessel, route, method and quality. */
export type ReportCell = {
  month: string;
  scope3: Scope3CategoryValue;
  fileCategory: string;
  supplierOrganizationId: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  route: string | null;
  method: EmissionMethod;
  dataQuality: EmissionDataQuality;
  entries: number;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  activityAmount: number;
};

type CellRow = {
  month: string;
  scope3: string;
  file_category: string;
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

/**
 * The cells of a run whose month lies within [firstMonth, lastMonth]. Cells without a month (entries without a
 * day-precise date) belong to no period and are never read here. Served by (run_id, month).
 */
export const readCells = async (executor: Executor, runId: string, firstMonth: string, lastMonth: string): Promise<ReportCell[]> => {
  const { rows } = (await executor.execute(sql`
    SELECT month::text AS month, scope3, file_category, supplier_organization_id::text AS supplier_organization_id,
           vessel_imo, vessel_name, route, method, data_quality, entries, co2_ttw_kg, co2e_ttw_kg, co2e_wtw_kg, activity_amount
    FROM emission_report_cells
    WHERE run_id = ${runId}::uuid AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date`)) as unknown as { rows: CellRow[] };
  return rows.map((row) => ({
    month: row.month,
    scope3: oneOf(SCOPE3_CATEGORIES, row.scope3, 'none'),
    fileCategory: row.file_category,
    supplierOrganizationId: row.supplier_organization_id,
    vesselImo: row.vessel_imo,
    vesselName: row.vessel_name,
    route: row.route,
    method: oneOf(EMISSION_METHODS, row.method, 'not_computed'),
    dataQuality: oneOf(EMISSION_DATA_QUALITIES, row.data_quality, 'default'),
    entries: Number(row.entries),
    co2TtwKg: Number(row.co2_ttw_kg),
    co2eTtwKg: Number(row.co2e_ttw_kg),
    co2eWtwKg: Number(row.co2e_wtw_kg),
    activityAmount: Number(row.activity_amount),
  }));
};

type TotalsRow = {
  entries: number | string | null;
  not_computed: number | string | null;
  co2_ttw_kg: number | string | null;
  co2e_ttw_kg: number | string | null;
  co2e_wtw_kg: number | string | null;
};

/**
 * The sums of a run's cells within [firstMonth, lastMonth], summed in SQL (the previous period needs its totals
 * only); null when the run computed nothing for those months.
 */
export const readCellTotals = async (
  executor: Executor,
  runId: string,
  firstMonth: string,
  lastMonth: string,
): Promise<{ co2TtwKg: number; co2eTtwKg: number; co2eWtwKg: number; computedEntries: number; notComputedEntries: number } | null> => {
  const { rows } = (await executor.execute(sql`
    SELECT sum(entries) AS entries, sum(entries) FILTER (WHERE method = 'not_computed') AS not_computed,
           sum(co2_ttw_kg) AS co2_ttw_kg, sum(co2e_ttw_kg) AS co2e_ttw_kg, sum(co2e_wtw_kg) AS co2e_wtw_kg
    FROM emission_report_cells
    WHERE run_id = ${runId}::uuid AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date`)) as unknown as { rows: TotalsRow[] };
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
