import type { emissionFactors, emissionRuns } from '@tidewise/db/schema/emissions';
import {
  FACTOR_KINDS,
  type FactorVerification,
  type EmissionFactor as LibraryFactor,
  GWP_SETS,
  type GwpSet,
} from '@tidewise/shared/emissions/factors/types';
import {
  DATA_QUALITIES,
  type DataQuality,
  EMISSION_METHODS,
  type EmissionMethod,
  SCOPE3_VALUES,
  type Scope3Value,
} from '@tidewise/shared/emissions/calculate/types';
import { builder } from './builder.ts';

/*
 * Emission types that both emissions modules return: `modules/emissions` (settings, factors, runs) and
 * `modules/emissions-report` (the report, its results, the vessels). A module may not import another, so the shared
 * enums, EmissionRun and EmissionFactor live here. The entries module adds `EmissionResult.entry` (it owns DataEntry);
 * `EmissionFactor.supplier` is added by modules/emissions, which reads the organisation's suppliers.
 */

export const GwpSetRef = builder.enumType('GwpSet', { description: 'The GWP100 set a figure is computed with.', values: GWP_SETS });

export const EmissionMethodRef = builder.enumType('EmissionMethod', {
  description:
    "How an entry's emissions were computed, best first: fuel mass × factors, transport activity × intensity, amount spent × factor; a footprint the supplier reported itself; or not at all (the reason says why).",
  values: EMISSION_METHODS,
});

export const EmissionDataQualityRef = builder.enumType('EmissionDataQuality', {
  description:
    'primary: measured activity data of the supplier (fuel burnt, energy metered); modelled: activity data with a modelled intensity (distance × intensity); default: spend or default factors only.',
  values: DATA_QUALITIES,
});

export const Scope3CategoryRef = builder.enumType('Scope3Category', {
  description:
    "Where a result's emissions go: a GHG Protocol Scope 3 category, the reporting organisation's own scope 1/2, or nowhere (no activity).",
  values: SCOPE3_VALUES,
});

export const CONSOLIDATION_APPROACHES = ['operational_control', 'financial_control'] as const;
export const ConsolidationApproachRef = builder.enumType('ConsolidationApproach', { values: CONSOLIDATION_APPROACHES });

export const EMISSION_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type EmissionRunStatus = (typeof EMISSION_RUN_STATUSES)[number];
export const EmissionRunStatusRef = builder.enumType('EmissionRunStatus', { values: EMISSION_RUN_STATUSES });

export const EmissionFactorKindRef = builder.enumType('EmissionFactorKind', { values: FACTOR_KINDS });

/** A stored text as one of a closed list, or the fallback when an older row holds something else. */
export const oneOf = <T extends string>(values: readonly T[], stored: string, fallback: T): T =>
  (values as readonly string[]).includes(stored) ? (stored as T) : fallback;

export const gwpSetOf = (stored: string): GwpSet => oneOf(GWP_SETS, stored, 'AR6');

export type EmissionRunRow = typeof emissionRuns.$inferSelect;

export const EmissionRunRef = builder.objectRef<EmissionRunRow>('EmissionRun').implement({
  description: "One recomputation of an organisation's emissions. Results are appended per run; the previous run's stay for audit.",
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: EmissionRunStatusRef, resolve: (r) => oneOf(EMISSION_RUN_STATUSES, r.status, 'failed') }),
    reason: t.exposeString('reason', { description: 'Why it ran: entries_changed, factor_added, settings_changed, requested.' }),
    gwpSet: t.field({ type: GwpSetRef, resolve: (r) => gwpSetOf(r.gwpSet) }),
    libraryVersion: t.exposeString('libraryVersion', { description: "The factor library's version string the run used." }),
    entriesTotal: t.exposeInt('entriesTotal'),
    entriesDone: t.exposeInt('entriesDone'),
    entriesComputed: t.exposeInt('entriesComputed'),
    error: t.string({ nullable: true, resolve: (r) => r.error }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.finishedAt }),
  }),
});

/** One factor version as clients see it, whether from the built-in library or an organisation's table. */
export type EmissionFactorView = {
  key: string;
  version: number;
  kind: (typeof FACTOR_KINDS)[number];
  regime: string;
  fuel: string | null;
  consumer: string | null;
  activity: string | null;
  value: string;
  unit: string;
  source: { document: string; section: string; edition: string };
  verification: FactorVerification;
  validFrom: string;
  validTo: string | null;
  builtIn: boolean;
  evidence: string | null;
  createdAt: Date | null;
  supplierOrganizationId: string | null;
};

export const builtInFactorView = (factor: LibraryFactor): EmissionFactorView => ({
  key: factor.id,
  version: factor.version,
  kind: factor.kind,
  regime: factor.regime,
  fuel: factor.fuel ?? null,
  consumer: factor.consumer ?? null,
  activity: factor.activity ?? null,
  value: factor.value,
  unit: factor.unit,
  source: factor.source,
  verification: factor.verification,
  validFrom: factor.validFrom,
  validTo: factor.validTo,
  builtIn: true,
  evidence: null,
  createdAt: null,
  supplierOrganizationId: null,
});

export const organizationFactorView = (row: typeof emissionFactors.$inferSelect): EmissionFactorView => ({
  key: row.key,
  version: row.version,
  kind: oneOf(FACTOR_KINDS, row.kind, 'cf'),
  regime: 'organization',
  fuel: row.fuel,
  consumer: row.consumer,
  activity: row.activity,
  value: row.value,
  unit: row.unit,
  source: { document: row.document, section: row.section, edition: row.edition },
  // The organisation's evidence is its source: it is read there, not transcribed.
  verification: 'read_at_source',
  validFrom: row.validFrom,
  validTo: row.validTo,
  builtIn: false,
  evidence: row.evidence,
  createdAt: row.createdAt,
  supplierOrganizationId: row.supplierOrganizationId,
});

const EmissionFactorSourceRef = builder.objectRef<EmissionFactorView['source']>('EmissionFactorSource').implement({
  description: "Where a factor's value stands: enough for an auditor to open the document at the right place.",
  fields: (t) => ({
    document: t.exposeString('document'),
    section: t.exposeString('section'),
    edition: t.exposeString('edition'),
  }),
});

export const EmissionFactorRef = builder.objectRef<EmissionFactorView>('EmissionFactor').implement({
  description: 'A factor of the library (built in) or of the organisation (its own, or for one supplier), one version of it.',
  fields: (t) => ({
    id: t.id({ description: '`<key>@<version>`.', resolve: (f) => `${f.key}@${f.version}` }),
    key: t.exposeString('key'),
    version: t.exposeInt('version'),
    kind: t.field({ type: EmissionFactorKindRef, resolve: (f) => f.kind }),
    regime: t.exposeString('regime'),
    fuel: t.string({ nullable: true, resolve: (f) => f.fuel }),
    consumer: t.string({ nullable: true, resolve: (f) => f.consumer }),
    activity: t.string({ nullable: true, resolve: (f) => f.activity }),
    value: t.exposeString('value', { description: 'The value exactly as the source prints it (decimal text).' }),
    verification: t.exposeString('verification', {
      description:
        "How the value came into the library: read_at_source (read in the primary text its source names) or transcribed (entered from the named table and cross-checked against independent transcriptions; the primary text could not be opened). An organisation's own factors are read_at_source: its evidence is the source.",
    }),
    unit: t.exposeString('unit'),
    source: t.field({ type: EmissionFactorSourceRef, resolve: (f) => f.source }),
    validFrom: t.exposeString('validFrom'),
    validTo: t.string({ nullable: true, resolve: (f) => f.validTo }),
    builtIn: t.exposeBoolean('builtIn', { description: "True for the platform's library; false for a factor the organisation added." }),
    evidence: t.string({
      nullable: true,
      description: "For an organisation's factor: the evidence it gave (a document, a supplier's declaration).",
      resolve: (f) => f.evidence,
    }),
    createdAt: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.createdAt }),
  }),
});

/** An entry's result as the report module reads it; the entries module resolves its `entry` from `entryId`. */
export type EmissionResultView = {
  runId: string;
  entryId: string;
  computedAt: Date;
  gwpSet: GwpSet;
  fileId: string;
  fileName: string;
  rowNumber: number;
  fileCategory: string;
  supplierOrganizationId: string | null;
  supplierName: string | null;
  month: string | null;
  scope3Category: Scope3Value;
  ruleId: string;
  ruleReason: string;
  method: EmissionMethod;
  dataQuality: DataQuality;
  vesselImo: string | null;
  vesselName: string | null;
  activity: string | null;
  note: string | null;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  factors: EmissionFactorView[];
};

/** Implemented in modules/emissions-report; `entry` is added by modules/entries. */
export const EmissionResultRef = builder.objectRef<EmissionResultView>('EmissionResult');
