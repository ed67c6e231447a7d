/**
 * The emission factor library's vocabulary. A factor is data with its citation: the value exactly as the source
 * prints it, the unit the source uses, where it stands (document, table or section, edition) and when it applies.
 * See docs/emission-factors.md.
 */

/**
 * - `cf`: CO2 per fuel mass, t CO2 / t fuel (the same number as g CO2 / g fuel).
 * - `lcv`: lower calorific value; the unit says which of MJ/g, MJ/kg or kJ/kg the source prints.
 * - `wtt`: well-to-tank emissions, gCO2e / MJ.
 * - `ch4_ttw`, `n2o_ttw`: tank-to-wake CH4 and N2O per fuel mass, g / g fuel.
 * - `slip`: fuel that leaves the consumer unburnt, % of the fuel mass used by it.
 * - `glec_intensity`: a transport or hub activity's intensity, gCO2e / t·km (or per tonne handled for hubs).
 * - `spend`: emissions per amount spent, kgCO2e / EUR.
 */
export const FACTOR_KINDS = ['cf', 'lcv', 'wtt', 'ch4_ttw', 'n2o_ttw', 'slip', 'glec_intensity', 'spend'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

export const FACTOR_UNITS = [
  't CO2/t fuel',
  'MJ/g',
  'MJ/kg',
  'kJ/kg',
  'gCO2e/MJ',
  'g/g fuel',
  '% of fuel mass',
  'gCO2e/t·km',
  'gCO2e/t',
  'kgCO2e/EUR',
] as const;
export type FactorUnit = (typeof FACTOR_UNITS)[number];

/** The unit each kind may be written in; a factor in any other unit is a data error (tested). */
export const UNITS_BY_KIND: Record<FactorKind, readonly FactorUnit[]> = {
  cf: ['t CO2/t fuel'],
  lcv: ['MJ/g', 'MJ/kg', 'kJ/kg'],
  wtt: ['gCO2e/MJ'],
  ch4_ttw: ['g/g fuel'],
  n2o_ttw: ['g/g fuel'],
  slip: ['% of fuel mass'],
  glec_intensity: ['gCO2e/t·km', 'gCO2e/t'],
  spend: ['kgCO2e/EUR'],
};

/**
 * The rule set a factor belongs to: `imo` (MARPOL Annex VI guidelines: EEDI, CII, DCS), `eu_mrv` (Regulation (EU)
 * 2015/757), `fueleu` (Regulation (EU) 2023/1805), `glec` (GLEC Framework / ISO 14083), `spend` (spend-based
 * sets), `organization` (an organisation's own or a supplier-specific factor, with its evidence).
 */
export const REGIMES = ['imo', 'eu_mrv', 'fueleu', 'glec', 'spend', 'organization'] as const;
export type Regime = (typeof REGIMES)[number];

/**
 * Fuels as the factor tables tell them apart. The catalogue's LNG engine variants are one fuel here: the engine
 * is a consumer class, because only the slip (and so the CH4) depends on it, not the LCV, WtT or Cf.
 */
export const FACTOR_FUELS = [
  'HFO',
  'LFO',
  'MDO_MGO',
  'LNG',
  'LPG_PROPANE',
  'LPG_BUTANE',
  'METHANOL',
  'ETHANOL',
  'BIOFUEL',
  'AMMONIA',
  'HYDROGEN',
] as const;
export type FactorFuel = (typeof FACTOR_FUELS)[number];

/** Fuel consumer classes where a factor differs by engine (FuelEU's slip for LNG). */
export const CONSUMER_CLASSES = ['LNG_OTTO_MS', 'LNG_OTTO_SS', 'LNG_DIESEL', 'LNG_LBSI'] as const;
export type ConsumerClass = (typeof CONSUMER_CLASSES)[number];

/** Where a value stands: enough for an auditor to open the document at the right place. */
export type FactorSource = {
  /** e.g. "Regulation (EU) 2023/1805 (FuelEU Maritime)" or "IMO resolution MEPC.364(79)". */
  document: string;
  /** The table or section, e.g. "Annex II" or "Annex, paragraph 2.2.1, table". */
  section: string;
  /** Edition or date of the text read, e.g. the Official Journal reference or the adoption date. */
  edition: string;
};

export type EmissionFactor = {
  /** Stable across versions, e.g. `imo.cf.hfo`; never reused for another meaning. */
  id: string;
  /** 1, 2, ...: a correction or a new edition is a new version of the same id, never an edit of an old one. */
  version: number;
  kind: FactorKind;
  regime: Regime;
  /** The fuel it applies to; absent for activity factors (GLEC, spend). */
  fuel?: FactorFuel;
  /** The fuel consumer class, where the source gives a value per engine type. */
  consumer?: ConsumerClass;
  /** The activity it applies to, for activity factors (e.g. a GLEC vessel category, a spend category). */
  activity?: string;
  /** The value exactly as printed, as a decimal string with a point ("0.0405", "3.114"): no rounding. */
  value: string;
  unit: FactorUnit;
  /** When the value was derived into `unit` from another printed unit: the printed value and unit. */
  printed?: { value: string; unit: string };
  source: FactorSource;
  /**
   * How the value came into the library: `read_at_source` when it was read in the primary text named by `source`;
   * `transcribed` when it was entered from the named table as known to the team and cross-checked against
   * independent public transcriptions, but the primary text itself could not be opened where it was entered. A
   * transcribed value is shown as such beside every figure it produces until someone reads the source and bumps it
   * (a new version with `read_at_source`, same value, or a corrected one).
   */
  verification: FactorVerification;
  /** First day it applies, ISO date (inclusive). */
  validFrom: string;
  /** First day it no longer applies, ISO date (exclusive); null while it still applies. */
  validTo: string | null;
};

export const FACTOR_VERIFICATIONS = ['read_at_source', 'transcribed'] as const;
export type FactorVerification = (typeof FACTOR_VERIFICATIONS)[number];

/** What a result names so that it can be recomputed with exactly the same factor later. */
export type FactorRef = { id: string; version: number };

export const GWP_SETS = ['AR4', 'AR5', 'AR6'] as const;
export type GwpSet = (typeof GWP_SETS)[number];

/** AR6 gives methane two GWP100 values (fossil and non-fossil); AR4 and AR5 sets carry `CH4` only. */
export const GASES = ['CO2', 'CH4', 'CH4_fossil', 'CH4_non_fossil', 'N2O'] as const;
export type Gas = (typeof GASES)[number];

export type GwpEntry = { set: GwpSet; gas: Gas; value: string; source: FactorSource; verification: FactorVerification };
