import type { Executor } from '@tidewise/db/client';
import { emissionFactors, type StoredFactorSet } from '@tidewise/db/schema/emissions';
import { factorByRef } from '@tidewise/shared/emissions/factors/lookup';
import { assignScope3Category, type CharterType } from '@tidewise/shared/emissions/scope3/assign-category';
import { FILE_CATEGORIES } from '@tidewise/shared/uploads';
import { and, eq, or, type SQL } from 'drizzle-orm';
import {
  builtInFactorView,
  type EmissionFactorView,
  type EmissionResultView,
  type EmissionRunRow,
  gwpSetOf,
  oneOf,
  organizationFactorView,
} from '../../../schema/emissions.graphql.ts';
import { DATA_QUALITIES, EMISSION_METHODS, SCOPE3_VALUES } from '@tidewise/shared/emissions/calculate/types';

/** Results as clients see them: a stored result with its entry's row, its run's factors and its Scope 3 rule in words. */

/** What the result queries select: a result, its entry's row number and charter type, its file's name, its supplier's name. */
export type ResultRow = {
  run_id: string;
  generation: number;
  row_index: number;
  file_id: string;
  file_name: string;
  row_number: number;
  supplier_organization_id: string | null;
  supplier_name: string | null;
  month: string | null;
  scope3: string;
  rule_id: string;
  method: string;
  data_quality: string;
  file_category: string;
  vessel_imo: string | null;
  vessel_name: string | null;
  route: string | null;
  activity: string | null;
  note: string | null;
  co2_ttw_kg: number | string;
  co2e_ttw_kg: number | string;
  co2e_wtw_kg: number | string;
  factor_set: number;
  charter_type: string | null;
};

/** The columns of ResultRow, for a FROM emission_results r JOIN data_entries e JOIN files f LEFT JOIN organizations o. */
export const RESULT_COLUMNS = `r.run_id::text AS run_id, r.generation, r.row_index, r.file_id::text AS file_id, f.original_name AS file_name,
  e.row_number, r.supplier_organization_id::text AS supplier_organization_id, o.name AS supplier_name, r.month::text AS month,
  r.scope3, r.rule_id, r.method, r.data_quality, r.file_category, r.vessel_imo, r.vessel_name, r.route, r.activity, r.note,
  r.co2_ttw_kg, r.co2e_ttw_kg, r.co2e_wtw_kg, r.factor_set,
  e.values ->> (SELECT (i - 1)::int FROM jsonb_array_elements_text(fv.entry_fields) WITH ORDINALITY AS x(k, i) WHERE k = 'charter_type') AS charter_type`;

/** The joins RESULT_COLUMNS reads: the entry (still visible: its generation is the file's current one), file, supplier. */
export const RESULT_JOINS = `FROM emission_results r
  JOIN data_entries e ON e.generation = r.generation AND e.row_index = r.row_index
  JOIN file_validations fv ON fv.file_id = r.file_id AND fv.entries_generation = r.generation
  JOIN files f ON f.id = r.file_id
  LEFT JOIN organizations o ON o.id = r.supplier_organization_id`;

const CHARTER_TYPES: ReadonlySet<string> = new Set(['bareboat', 'time', 'voyage', 'coa']);

/**
 * The reason of a result's Scope 3 rule, in the words of the assignment (decision 0018). The calculator assigns from the
 * file category, the row's charter type and the run's consolidation approach, so the same inputs give the same rule
 * and its reason back; a rule the inputs no longer give (a library change) is named as stored.
 */
export const ruleReasonOf = (input: {
  ruleId: string;
  fileCategory: string;
  charterType: string | null;
  consolidationApproach: string;
}): string => {
  const category = (FILE_CATEGORIES as readonly string[]).includes(input.fileCategory) ? input.fileCategory : null;
  if (category === null || category === 'unknown') {
    return 'The file has no category, so its rows hold no activity the platform can read.';
  }
  const assignment = assignScope3Category({
    fileCategory: category as Parameters<typeof assignScope3Category>[0]['fileCategory'],
    charterType: input.charterType && CHARTER_TYPES.has(input.charterType) ? (input.charterType as CharterType) : null,
    consolidationApproach: input.consolidationApproach === 'financial_control' ? 'financial_control' : 'operational_control',
  });
  return assignment.ruleId === input.ruleId ? assignment.reason : `Rule ${input.ruleId} of the Scope 3 assignment (decision 0018).`;
};

type FactorKey = string;
const keyOf = (id: string, version: number): FactorKey => `${id}@${version}`;

/**
 * The factors of the sets the rows name, built-in ones from the library by id and version, the organisation's own
 * from its table (one query for the page).
 */
export const resolveFactors = async (
  executor: Executor,
  organizationId: string,
  sets: readonly StoredFactorSet[],
): Promise<Map<FactorKey, EmissionFactorView>> => {
  const found = new Map<FactorKey, EmissionFactorView>();
  const own: SQL[] = [];
  for (const set of sets) {
    for (const ref of set) {
      const key = keyOf(ref.id, ref.version);
      if (found.has(key)) continue;
      if (ref.organization) {
        own.push(and(eq(emissionFactors.key, ref.id), eq(emissionFactors.version, ref.version)) as SQL);
        continue;
      }
      const factor = factorByRef({ id: ref.id, version: ref.version });
      if (factor) found.set(key, builtInFactorView(factor));
    }
  }
  if (own.length > 0) {
    const rows = await executor
      .select()
      .from(emissionFactors)
      .where(and(eq(emissionFactors.organizationId, organizationId), or(...own)));
    for (const row of rows) found.set(keyOf(row.key, row.version), organizationFactorView(row));
  }
  return found;
};

/** Result rows of one or several runs of the organisation as EmissionResult views, with their factors. */
export const resultViews = async (
  executor: Executor,
  organizationId: string,
  runs: ReadonlyMap<string, EmissionRunRow>,
  rows: readonly ResultRow[],
): Promise<EmissionResultView[]> => {
  const setsOf = (row: ResultRow) => runs.get(row.run_id)?.factorSets[row.factor_set] ?? [];
  const factors = await resolveFactors(executor, organizationId, rows.map(setsOf));
  return rows.map((row) => {
    const run = runs.get(row.run_id);
    if (!run) throw new Error(`result of an unknown run ${row.run_id}`);
    return {
      runId: row.run_id,
      entryId: `${row.generation}-${row.row_index}`,
      computedAt: run.finishedAt ?? run.createdAt,
      gwpSet: gwpSetOf(run.gwpSet),
      fileId: row.file_id,
      fileName: row.file_name,
      rowNumber: Number(row.row_number),
      fileCategory: row.file_category,
      supplierOrganizationId: row.supplier_organization_id,
      supplierName: row.supplier_name,
      month: row.month,
      scope3Category: oneOf(SCOPE3_VALUES, row.scope3, 'none'),
      ruleId: row.rule_id,
      ruleReason: ruleReasonOf({
        ruleId: row.rule_id,
        fileCategory: row.file_category,
        charterType: row.charter_type,
        consolidationApproach: run.consolidationApproach,
      }),
      method: oneOf(EMISSION_METHODS, row.method, 'not_computed'),
      dataQuality: oneOf(DATA_QUALITIES, row.data_quality, 'default'),
      vesselImo: row.vessel_imo,
      vesselName: row.vessel_name,
      activity: row.activity,
      note: row.note,
      co2TtwKg: Number(row.co2_ttw_kg),
      co2eTtwKg: Number(row.co2e_ttw_kg),
      co2eWtwKg: Number(row.co2e_wtw_kg),
      factors: setsOf(row).flatMap((ref) => {
        const factor = factors.get(keyOf(ref.id, ref.version));
        return factor ? [factor] : [];
      }),
    };
  });
};
