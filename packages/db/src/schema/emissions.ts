import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn as at, createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { organizations } from './organizations.ts';

/**
 * Emissions (issue 13, docs/emission-factors.md, decision 0019). The platform's factor library is code
 * (`@tidewise/shared/emissions/factors`); only what an organisation adds, and what a run computed, is stored.
 */

/** An organisation's choices for its own Scope 3 report, and the run its report reads. */
export const emissionSettings = pgTable('emission_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** AR4, AR5 or AR6 (default). */
  gwpSet: text('gwp_set').notNull().default('AR6'),
  /** operational_control (default) or financial_control. */
  consolidationApproach: text('consolidation_approach').notNull().default('operational_control'),
  /** The last completed run: the one the report reads. */
  currentRunId: uuid('current_run_id'),
  updatedAt: updatedAt(),
});

/**
 * A factor an organisation added: its own, or one supplier's (`supplier_organization_id`), with the evidence. Versions
 * are appended, never edited: a run names `key` and `version`, so an old result can always be recomputed.
 */
export const emissionFactors = pgTable(
  'emission_factors',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    fuel: text('fuel'),
    consumer: text('consumer'),
    activity: text('activity'),
    /** Decimal text exactly as given. */
    value: text('value').notNull(),
    unit: text('unit').notNull(),
    document: text('document').notNull(),
    section: text('section').notNull(),
    edition: text('edition').notNull(),
    evidence: text('evidence').notNull(),
    supplierOrganizationId: uuid('supplier_organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key, t.version] })],
);

/** The factor references a run used, once per distinct combination: results name the set by its number. */
export type StoredFactorSet = { id: string; version: number; organization?: boolean }[];

/** One recomputation of an organisation's emissions. Results are appended under the run; older runs are kept for audit. */
export const emissionRuns = pgTable(
  'emission_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** queued, running, completed, failed. */
    status: text('status').notNull().default('queued'),
    /** entries_changed, factor_added, settings_changed, requested. */
    reason: text('reason').notNull(),
    gwpSet: text('gwp_set').notNull(),
    consolidationApproach: text('consolidation_approach').notNull(),
    libraryVersion: text('library_version').notNull(),
    /** Index = the number results store in `factor_set`. */
    factorSets: jsonb('factor_sets').$type<StoredFactorSet[]>().notNull().default([]),
    entriesTotal: integer('entries_total').notNull().default(0),
    entriesDone: integer('entries_done').notNull().default(0),
    entriesComputed: integer('entries_computed').notNull().default(0),
    error: text('error'),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [index('emission_runs_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One entry's emissions as a run computed them, or one part of them. Kept narrow (a run may hold millions): the entry
 * is named by its validation generation and row index, the factors by the run's factor set, the supplier by its
 * organisation (null: the organisation's own data). An entry whose fuel decision 0018 splits (a ship the organisation
 * operates) has two parts: 0 its tank-to-wake emissions under scope 1/2, 1 its well-to-tank emissions under category 3.
 */
export const emissionResults = pgTable(
  'emission_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => emissionRuns.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    rowIndex: integer('row_index').notNull(),
    /** 0: the entry's only result, or its tank-to-wake part; 1: its well-to-tank part. */
    part: smallint('part').notNull().default(0),
    fileId: uuid('file_id').notNull(),
    supplierOrganizationId: uuid('supplier_organization_id'),
    /** First day of the entry's month; null when the entry has no date. */
    month: date('month'),
    /** Scope3Category value (category_1, …, scope_1_2, none). */
    scope3: text('scope3').notNull(),
    ruleId: text('rule_id').notNull(),
    /** EmissionMethod value. */
    method: text('method').notNull(),
    /** primary, modelled, default. */
    dataQuality: text('data_quality').notNull(),
    fileCategory: text('file_category').notNull(),
    vesselImo: text('vessel_imo'),
    vesselName: text('vessel_name'),
    route: text('route'),
    activity: text('activity'),
    note: text('note'),
    co2TtwKg: doublePrecision('co2_ttw_kg').notNull(),
    co2eTtwKg: doublePrecision('co2e_ttw_kg').notNull(),
    co2eWtwKg: doublePrecision('co2e_wtw_kg').notNull(),
    /** Index into the run's factor_sets; -1 when no factor was used. */
    factorSet: smallint('factor_set').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.generation, t.rowIndex, t.part] }),
    index('emission_results_run_month_idx').on(t.runId, t.month),
    index('emission_results_entry_idx').on(t.generation, t.rowIndex),
  ],
);

/**
 * The report's figures, summed per run by month, category, supplier, vessel, route, method and quality when the run
 * ends: the report reads these few rows, never the results.
 */
export const emissionReportCells = pgTable(
  'emission_report_cells',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => emissionRuns.id, { onDelete: 'cascade' }),
    month: date('month'),
    scope3: text('scope3').notNull(),
    fileCategory: text('file_category').notNull(),
    supplierOrganizationId: uuid('supplier_organization_id'),
    vesselImo: text('vessel_imo'),
    vesselName: text('vessel_name'),
    route: text('route'),
    method: text('method').notNull(),
    dataQuality: text('data_quality').notNull(),
    entries: integer('entries').notNull(),
    co2TtwKg: doublePrecision('co2_ttw_kg').notNull(),
    co2eTtwKg: doublePrecision('co2e_ttw_kg').notNull(),
    co2eWtwKg: doublePrecision('co2e_wtw_kg').notNull(),
    /** Activity amounts for intensities: t·km (transport work), EUR (spend), t fuel. */
    activityAmount: doublePrecision('activity_amount').notNull().default(0),
  },
  (t) => [index('emission_report_cells_run_idx').on(t.runId, t.month)],
);

/** What a run found per ship and year, for the CII, FuelEU and MRV indicators and the benchmark. */
export type StoredVesselYear = {
  fuels: Record<string, number>;
  distanceNm: number | null;
  transportWorkTnm: number | null;
  hoursAtSea: number | null;
  deadweight: number | null;
  grossTonnage: number | null;
  /** Energy and WtW CO2e for FuelEU, when every fuel had its factors. */
  energyMj: number | null;
  wtwGco2e: number | null;
};

export const emissionVesselYears = pgTable(
  'emission_vessel_years',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => emissionRuns.id, { onDelete: 'cascade' }),
    imo: text('imo').notNull(),
    year: integer('year').notNull(),
    name: text('name'),
    shipType: text('ship_type'),
    supplierOrganizationId: uuid('supplier_organization_id'),
    co2Kg: doublePrecision('co2_kg').notNull(),
    data: jsonb('data').$type<StoredVesselYear>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.imo, t.year] })],
);

/**
 * The public EU MRV publication, loaded as a reference set (not a customer's data): one row per ship and reporting
 * year, with the figures the benchmark compares. No organisation column: every organisation reads the same set.
 */
export const mrvReferenceShips = pgTable(
  'mrv_reference_ships',
  {
    reportingYear: integer('reporting_year').notNull(),
    imo: text('imo').notNull(),
    name: text('name'),
    /** The publication's ship type text, as printed. */
    shipType: text('ship_type').notNull(),
    /** kg CO2 per nautical mile (annual average), null where the publication has none. */
    co2PerDistance: doublePrecision('co2_per_distance'),
    /** g CO2 per tonne·nautical mile (annual average). */
    co2PerTransportWork: doublePrecision('co2_per_transport_work'),
    totalCo2Tonnes: doublePrecision('total_co2_tonnes'),
    totalFuelTonnes: doublePrecision('total_fuel_tonnes'),
    sourceFile: text('source_file').notNull(),
    loadedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportingYear, t.imo] }), index('mrv_reference_ships_type_idx').on(t.reportingYear, t.shipType)],
);
