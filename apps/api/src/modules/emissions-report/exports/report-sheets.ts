import type { Executor } from '@tidewise/db/client';
import type { StoredFactorSet } from '@tidewise/db/schema/emissions';
import { sql } from 'drizzle-orm';
import type { ExportCell } from '../../../lib/spreadsheet-cells.ts';
import type { EmissionFactorView, EmissionRunRow } from '../../../schema/emissions.graphql.ts';
import type { Breakdown } from '../report/aggregate.ts';
import { CATEGORY_LABELS, METHOD_LABELS, OWN_LABEL, QUALITY_LABELS } from '../report/labels.ts';
import type { EmissionReportView } from '../report/report-view.ts';
import { resolveFactors } from '../results/result-view.ts';

/** The sheets of the report export: header and rows as plain cells; the Results rows stream a page at a time. */

export type Sheet = { name: string; header: ExportCell[]; rows: ExportCell[][] };

const BREAKDOWN_HEADER = ['Key', 'Label', 'Entries', 'CO2 TtW (kg)', 'CO2e TtW (kg)', 'CO2e WtW (kg)', 'Share of CO2e WtW'];

const breakdownSheet = (name: string, slices: readonly Breakdown[]): Sheet => ({
  name,
  header: BREAKDOWN_HEADER,
  rows: slices.map((s) => [s.key, s.label, s.entries, s.co2TtwKg, s.co2eTtwKg, s.co2eWtwKg, s.share]),
});

/** Summary, By category, By supplier, By vessel, By month: the report's figures as the screen shows them. */
export const reportSheets = (report: EmissionReportView, organizationName: string): Sheet[] => {
  const run = report.run;
  const summary: ExportCell[][] = [
    ['Organisation', organizationName],
    ['Period', `${report.periodStart} to ${report.periodEnd}`],
    ['Run', run?.id ?? 'Nothing computed yet'],
    ['Computed at', run ? (run.finishedAt ?? run.createdAt).toISOString() : null],
    ['GWP set', report.gwpSet],
    ['Factor library version', run?.libraryVersion ?? null],
    ['Scope 3 CO2 TtW (kg)', report.totals.co2TtwKg],
    ['Scope 3 CO2e TtW (kg)', report.totals.co2eTtwKg],
    ['Scope 3 CO2e WtW (kg)', report.totals.co2eWtwKg],
    ['Scope 3 entries computed', report.totals.computedEntries],
    ['Scope 3 entries not computed', report.totals.notComputedEntries],
    ['Primary-data share of CO2e WtW', report.primaryDataShare],
    ['Previous period CO2e WtW (kg)', report.previousPeriod?.co2eWtwKg ?? null],
    ['Year-on-year change of CO2e WtW', report.yearOnYearChange],
    ['Projection of the year-end CO2e WtW (kg), not a reported figure', report.projection?.projectedCo2eWtwKg ?? null],
    ['Projection method', report.projection?.method ?? null],
    ['Suppliers requested in the period', report.coverage.requested],
    ['Suppliers answered', report.coverage.answered],
    ['Suppliers pending', report.coverage.pending],
    ['Suppliers estimated (no answer)', report.coverage.estimated],
    // Shown apart: the organisation's own scope 1/2 found in the same data is never part of the Scope 3 figures above.
    ['Scope 1/2 in the same data, not part of Scope 3: CO2e (kg, tank-to-wake)', report.scope12.co2eWtwKg],
    ['Scope 1/2 in the same data: CO2 TtW (kg)', report.scope12.co2TtwKg],
    ['Scope 1/2 in the same data: entries computed', report.scope12.computedEntries],
    ['Scope 1/2 in the same data: entries not computed', report.scope12.notComputedEntries],
  ];
  return [
    { name: 'Summary', header: ['Figure', 'Value'], rows: summary },
    breakdownSheet('By category', report.byCategory),
    breakdownSheet('By supplier', report.bySupplier),
    breakdownSheet('By vessel', report.byVessel),
    {
      name: 'By month',
      header: ['Month', 'Entries', 'CO2 TtW (kg)', 'CO2e TtW (kg)', 'CO2e WtW (kg)'],
      rows: report.byMonth.map((m) => [m.month, m.entries, m.co2TtwKg, m.co2eTtwKg, m.co2eWtwKg]),
    },
  ];
};

export const RESULTS_HEADER: ExportCell[] = [
  'File',
  'Row',
  'Part',
  'Supplier',
  'Vessel IMO',
  'Vessel name',
  'Month',
  'Scope 3 category',
  'Rule',
  'Method',
  'Data quality',
  'Activity',
  'CO2 TtW (kg)',
  'CO2e TtW (kg)',
  'CO2e WtW (kg)',
  'Factors (id@version)',
];

type ExportRow = {
  generation: number;
  row_index: number;
  part: number;
  /** Whether the entry has a well-to-tank part (then part 0 is its tank-to-wake part). */
  split: boolean;
  file_name: string;
  row_number: number;
  supplier_name: string | null;
  supplier_organization_id: string | null;
  vessel_imo: string | null;
  vessel_name: string | null;
  month: string;
  scope3: string;
  rule_id: string;
  method: string;
  data_quality: string;
  activity: string | null;
  co2_ttw_kg: number | string;
  co2e_ttw_kg: number | string;
  co2e_wtw_kg: number | string;
  factor_set: number;
};

const PAGE = 5000;

const labelOf = <K extends string>(labels: Readonly<Record<K, string>>, key: string): string => labels[key as K] ?? key;

/** An entry decision 0018 splits has two rows: its tank-to-wake part (scope 1/2) and its well-to-tank part. */
const partLabel = (row: ExportRow): string => (row.part === 1 ? 'Well-to-tank' : row.split ? 'Tank-to-wake' : 'Whole');

/**
 * Every result of the period in the run, a page of 5,000 at a time in entry and part order (keyset on the run's
 * primary key), as Results rows. Results whose entry is no longer visible are left out, as in the drill-down.
 */
export async function* resultRows(
  executor: Executor,
  run: EmissionRunRow,
  firstMonth: string,
  lastMonth: string,
): AsyncGenerator<ExportCell[][]> {
  const refsOf = (index: number) =>
    (run.factorSets[index] ?? []).map((ref: StoredFactorSet[number]) => `${ref.id}@${ref.version}`).join(', ');
  let after = { generation: 0, rowIndex: -1, part: 0 };
  for (;;) {
    const { rows } = (await executor.execute(sql`
      SELECT r.generation, r.row_index, r.part,
             (r.part = 0 AND EXISTS (SELECT 1 FROM emission_results w
               WHERE w.run_id = r.run_id AND w.generation = r.generation AND w.row_index = r.row_index AND w.part = 1)) AS split,
             f.original_name AS file_name, e.row_number, o.name AS supplier_name,
             r.supplier_organization_id::text AS supplier_organization_id, r.vessel_imo, r.vessel_name, r.month::text AS month,
             r.scope3, r.rule_id, r.method, r.data_quality, r.activity, r.co2_ttw_kg, r.co2e_ttw_kg, r.co2e_wtw_kg, r.factor_set
      FROM emission_results r
      JOIN data_entries e ON e.generation = r.generation AND e.row_index = r.row_index
      JOIN file_validations fv ON fv.file_id = r.file_id AND fv.entries_generation = r.generation
      JOIN files f ON f.id = r.file_id
      LEFT JOIN organizations o ON o.id = r.supplier_organization_id
      WHERE r.run_id = ${run.id}::uuid AND r.month >= ${firstMonth}::date AND r.month <= ${lastMonth}::date
        AND (r.generation, r.row_index, r.part) > (${after.generation}::int, ${after.rowIndex}::int, ${after.part}::int)
      ORDER BY r.generation, r.row_index, r.part
      LIMIT ${PAGE}::int`)) as unknown as { rows: ExportRow[] };
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.file_name,
      Number(row.row_number),
      partLabel(row),
      row.supplier_organization_id === null ? OWN_LABEL : (row.supplier_name ?? row.supplier_organization_id),
      row.vessel_imo,
      row.vessel_name,
      row.month,
      labelOf(CATEGORY_LABELS, row.scope3),
      row.rule_id,
      labelOf(METHOD_LABELS, row.method),
      labelOf(QUALITY_LABELS, row.data_quality),
      row.activity,
      Number(row.co2_ttw_kg),
      Number(row.co2e_ttw_kg),
      Number(row.co2e_wtw_kg),
      refsOf(row.factor_set),
    ]);
    const last = rows[rows.length - 1] as ExportRow;
    after = { generation: Number(last.generation), rowIndex: Number(last.row_index), part: Number(last.part) };
    if (rows.length < PAGE) return;
  }
}

export const FACTORS_HEADER: ExportCell[] = [
  'Factor (id@version)',
  'Kind',
  'Regime',
  'Fuel',
  'Consumer',
  'Activity',
  'Value',
  'Unit',
  'Source document',
  'Section',
  'Edition',
  'Verification',
  'Valid from',
  'Valid to',
  'Evidence',
];

/** Every factor the period's results used, with its source, by id and version. */
export const factorRows = async (
  executor: Executor,
  organizationId: string,
  run: EmissionRunRow,
  firstMonth: string,
  lastMonth: string,
): Promise<ExportCell[][]> => {
  const { rows } = (await executor.execute(sql`
    SELECT DISTINCT factor_set FROM emission_results
    WHERE run_id = ${run.id}::uuid AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date AND factor_set >= 0`)) as unknown as {
    rows: { factor_set: number }[];
  };
  const sets = rows.map((row) => run.factorSets[Number(row.factor_set)] ?? []);
  const factors: EmissionFactorView[] = [...(await resolveFactors(executor, organizationId, sets)).values()];
  factors.sort((a, b) => a.key.localeCompare(b.key) || a.version - b.version);
  return factors.map((f) => [
    `${f.key}@${f.version}`,
    f.kind,
    f.regime,
    f.fuel,
    f.consumer,
    f.activity,
    f.value,
    f.unit,
    f.source.document,
    f.source.section,
    f.source.edition,
    f.verification,
    f.validFrom,
    f.validTo,
    f.evidence,
  ]);
};
