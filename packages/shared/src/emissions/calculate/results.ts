import type { EmissionFactor } from '../factors/types.ts';
import type { FuelTerms } from './fuel-factors.ts';
import { joinNotes, type Scope3Placement } from './row-context.ts';
import type { DataQuality, EntryEmission, VesselActivity } from './types.ts';

/** What every result of a row carries whatever the method. */
export type RowFacts = {
  place: Scope3Placement;
  month: string | null;
  vesselImo: string | null;
  vesselName: string | null;
  route: string | null;
  activityAmount: number;
  vessel: VesselActivity | null;
};

/** Not computed: no CO2e, and no activity amount either, so intensities divide computed CO2e by the activity behind it. */
export const notComputed = (facts: RowFacts, note: string): EntryEmission => ({
  method: 'not_computed',
  dataQuality: 'default',
  scope3: facts.place.scope3,
  ruleId: facts.place.ruleId,
  co2TtwKg: 0,
  co2eTtwKg: 0,
  co2eWtwKg: 0,
  factorSet: -1,
  activity: null,
  note: joinNotes(note, facts.place.note),
  month: facts.month,
  vesselImo: facts.vesselImo,
  vesselName: facts.vesselName,
  route: facts.route,
  activityAmount: 0,
  vessel: facts.vessel,
  // Both parts are stored, with nothing in them, so the scope 3 category shows the entry it is missing.
  wttPart: facts.place.wtt,
});

/** Fuel mass × the fuel's terms per tonne. */
export const fuelBased = (facts: RowFacts, terms: FuelTerms, fuelT: number, quality: DataQuality): EntryEmission => ({
  method: 'fuel_based',
  dataQuality: quality,
  scope3: facts.place.scope3,
  ruleId: facts.place.ruleId,
  co2TtwKg: fuelT * (terms.co2KgPerT ?? 0),
  co2eTtwKg: fuelT * terms.co2eTtwKgPerT,
  co2eWtwKg: fuelT * terms.co2eWtwKgPerT,
  factorSet: terms.factorSet,
  activity: `${String(Math.round(fuelT * 1000) / 1000)} t ${terms.fuel}`,
  note: joinNotes(terms.note, facts.place.note),
  month: facts.month,
  vesselImo: facts.vesselImo,
  vesselName: facts.vesselName,
  route: facts.route,
  activityAmount: facts.activityAmount,
  vessel: facts.vessel,
  wttPart: facts.place.wtt,
});

/**
 * A well-to-wake CO2e figure with no tank-to-wake split: an intensity (GLEC, hubs), a spend factor or a supplier's
 * footprint. The tank-to-wake columns stay 0 and the note says so, rather than splitting by a guess.
 */
export const wellToWakeOnly = (
  facts: RowFacts,
  method: 'distance_based' | 'spend_based' | 'supplier_reported',
  quality: DataQuality,
  co2eWtwKg: number,
  factorSet: number,
  activity: string,
  note: string,
): EntryEmission => ({
  method,
  dataQuality: quality,
  scope3: facts.place.scope3,
  ruleId: facts.place.ruleId,
  co2TtwKg: 0,
  co2eTtwKg: 0,
  co2eWtwKg,
  factorSet,
  activity,
  note: joinNotes(joinNotes(note, facts.place.note), facts.place.keptWholeNote),
  month: facts.month,
  vesselImo: facts.vesselImo,
  vesselName: facts.vesselName,
  route: facts.route,
  activityAmount: facts.activityAmount,
  vessel: facts.vessel,
  wttPart: null,
});

export const TANK_TO_WAKE_PART_NOTE = 'Tank-to-wake part: scope 1/2 of the organisation';

/**
 * The two results of an entry assigned in two parts (`wttPart` set), in part order: 0 the tank-to-wake part under the
 * entry's `scope3` (CO2e WtW = its CO2e TtW), 1 the well-to-tank part under `wttPart.scope3` (TtW 0, CO2e WtW = WtW −
 * TtW), so the two sum to the entry's WtW. The activity amount stays with part 0 (an intensity divides the ship's
 * whole operation by it once) and the ship's year is accumulated from the entry, not from its parts.
 */
export const splitEntryParts = (e: EntryEmission): [EntryEmission, EntryEmission] => {
  const wtt = e.wttPart;
  if (wtt === null) throw new Error('splitEntryParts: the entry is stored whole');
  return [
    { ...e, co2eWtwKg: e.co2eTtwKg, note: joinNotes(TANK_TO_WAKE_PART_NOTE, e.note), wttPart: null },
    {
      ...e,
      scope3: wtt.scope3,
      co2TtwKg: 0,
      co2eTtwKg: 0,
      co2eWtwKg: e.co2eWtwKg - e.co2eTtwKg,
      note: joinNotes(wtt.note, e.note),
      activityAmount: 0,
      vessel: null,
      wttPart: null,
    },
  ];
};

/** gCO2e per unit × amount, in kg. */
export const intensityKg = (factor: EmissionFactor, amount: number): number => (amount * Number(factor.value)) / 1000;
