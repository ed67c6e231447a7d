import { normalizeLabel } from '../../field-catalogue/index.ts';
import { MARINE_FUEL_TYPES } from '../../field-catalogue/marine-fuel-types.ts';
import type { ConsumerClass, FactorFuel } from './types.ts';

export type FactorFuelMatch = { fuel: FactorFuel; consumer?: ConsumerClass };

/**
 * Each value of the catalogue's marine fuel types and the factor fuel (and, for LNG by engine, the consumer
 * class) it is looked up as. A new catalogue fuel fails the tests until it is
 * mapped here (the tests walk the catalogue).
 */
export const FACTOR_FUEL_BY_CATALOGUE_VALUE: Readonly<Record<string, FactorFuelMatch>> = {
  HFO: { fuel: 'HFO' },
  LFO: { fuel: 'LFO' },
  MDO_MGO: { fuel: 'MDO_MGO' },
  LNG: { fuel: 'LNG' },
  LNG_OTTO_MS: { fuel: 'LNG', consumer: 'LNG_OTTO_MS' },
  LNG_OTTO_SS: { fuel: 'LNG', consumer: 'LNG_OTTO_SS' },
  LNG_DIESEL: { fuel: 'LNG', consumer: 'LNG_DIESEL' },
  LNG_LBSI: { fuel: 'LNG', consumer: 'LNG_LBSI' },
  LPG_PROPANE: { fuel: 'LPG_PROPANE' },
  LPG_BUTANE: { fuel: 'LPG_BUTANE' },
  METHANOL: { fuel: 'METHANOL' },
  ETHANOL: { fuel: 'ETHANOL' },
  BIOFUEL: { fuel: 'BIOFUEL' },
  AMMONIA: { fuel: 'AMMONIA' },
  HYDROGEN: { fuel: 'HYDROGEN' },
};

const CATALOGUE_VALUE_BY_SPELLING = new Map<string, string>();
for (const allowed of MARINE_FUEL_TYPES) {
  for (const spelling of [allowed.value, allowed.label, ...allowed.synonyms]) {
    CATALOGUE_VALUE_BY_SPELLING.set(normalizeLabel(spelling), allowed.value);
  }
}

/**
 * The factor fuel for a catalogue fuel value, or for any spelling the catalogue accepts for one ("IFO 380",
 * "MGO", "LNG Otto MS"), compared as the catalogue compares labels. Undefined for a fuel the catalogue does not
 * know: a calculation must not guess a fuel.
 */
export const factorFuelFor = (fuel: string): FactorFuelMatch | undefined => {
  const value = FACTOR_FUEL_BY_CATALOGUE_VALUE[fuel] !== undefined ? fuel : CATALOGUE_VALUE_BY_SPELLING.get(normalizeLabel(fuel));
  return value === undefined ? undefined : FACTOR_FUEL_BY_CATALOGUE_VALUE[value];
};
