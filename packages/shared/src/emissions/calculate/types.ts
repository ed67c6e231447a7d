import type { EmissionFactor, FactorRef, GwpEntry, GwpSet } from '../factors/types.ts';
import type { ConsolidationApproach } from '../scope3/assign-category.ts';

/** A stored entry value, as the entries table keeps it: a number in the field's canonical unit, ISO date text, an enum's value, text, a boolean. */
export type StoredEntryValue = string | number | boolean | null;

/** An organisation's own factor; with `supplierOrganizationId` it applies only to that supplier's entries. */
export type OrganizationFactor = EmissionFactor & { supplierOrganizationId?: string | null };

export type CalculatorOptions = {
  gwpSet: GwpSet;
  consolidationApproach: ConsolidationApproach;
  organizationFactors: readonly OrganizationFactor[];
  /** The platform's factors; default the built-in library. */
  library?: readonly EmissionFactor[];
  /** GWP100 values; default the built-in GWP table. */
  gwpValues?: readonly GwpEntry[];
  /**
   * The day whose factors apply to an entry without any date (ISO date); default the day the calculator is made.
   * Entries with a date use the factors valid on it.
   */
  undatedAt?: string;
};

export const EMISSION_METHODS = ['fuel_based', 'distance_based', 'spend_based', 'supplier_reported', 'not_computed'] as const;
export type EmissionMethod = (typeof EMISSION_METHODS)[number];

export const DATA_QUALITIES = ['primary', 'modelled', 'default'] as const;
export type DataQuality = (typeof DATA_QUALITIES)[number];

export const SCOPE3_VALUES = [
  'category_1',
  'category_3',
  'category_4',
  'category_8',
  'category_9',
  'category_13',
  'scope_1_2',
  'none',
] as const;
export type Scope3Value = (typeof SCOPE3_VALUES)[number];

/** A factor a result used, as a run stores it: `organization` marks an organisation's own factor. */
export type FactorRefInSet = FactorRef & { organization?: boolean };
/** Every factor one result used; results name a set by its index in `factorSets()`. */
export type FactorRefSet = FactorRefInSet[];

/**
 * What a vessel row adds to its ship's year (vessel-years.ts). The ship's indicators are regulatory figures, so they
 * are computed from the fuel masses with the built-in factors there, not with the organisation's own.
 */
export type VesselActivity = {
  imo: string;
  year: number;
  /** The catalogue fuel value (`HFO`, `LNG_OTTO_MS`, …); null when the row names none the catalogue knows. */
  fuel: string | null;
  fuelT: number;
  distanceNm: number | null;
  cargoT: number | null;
  /** Cargo × (laden distance, or distance): t·n mile; null without cargo or distance. */
  transportWorkTnm: number | null;
  hoursAtSea: number | null;
  deadweight: number | null;
  grossTonnage: number | null;
  shipType: string | null;
  /** Rows of one voyage (or one period) share it, so their distance and cargo count once. */
  voyageKey: string;
};

/**
 * The well-to-tank part of an entry that decision 0018 assigns in two parts (the fuel of a ship the organisation
 * operates): where that part goes and the note it carries. The entry's own scope3 is then its tank-to-wake part's.
 */
export type WellToTankPart = { scope3: Scope3Value; note: string };

export type EntryEmission = {
  method: EmissionMethod;
  dataQuality: DataQuality;
  scope3: Scope3Value;
  ruleId: string;
  co2TtwKg: number;
  co2eTtwKg: number;
  co2eWtwKg: number;
  /** Index into `factorSets()`; -1 when no factor was used. */
  factorSet: number;
  /** What was multiplied, e.g. "412.5 t HFO". */
  activity: string | null;
  /** Why it was not computed, or what was assumed. */
  note: string | null;
  /** YYYY-MM-01 from a day-precise date of the row; null when it has none (a reporting year alone gives none). */
  month: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  /** departure→arrival or origin→destination, when both are given. */
  route: string | null;
  /** t·n mile for vessels (distance and cargo known), t·km for transport legs, t for hubs, EUR for spend, else 0. */
  activityAmount: number;
  /** For vessel rows with an IMO number and a year: what the ship's year accumulates. */
  vessel: VesselActivity | null;
  /**
   * Set when the entry is stored as two results (`splitEntryParts`): its tank-to-wake part under `scope3`, its
   * well-to-tank part here; null for an entry stored whole.
   */
  wttPart: WellToTankPart | null;
};

export type EntryCalculation = (
  values: readonly StoredEntryValue[],
  entryDate: string | null,
  supplierOrganizationId: string | null,
) => EntryEmission;

export type Calculator = {
  /** Prepares one file's calculation: field positions and the Scope 3 rule are found once, not per entry. */
  forFile(fileCategory: string, entryFields: readonly string[]): EntryCalculation;
  /** The factor sets results name by index, in the order they were first used. */
  factorSets(): FactorRefSet[];
};
