import { describe, expect, it } from 'vitest';
import { MARINE_FUEL_TYPES } from '../../field-catalogue/marine-fuel-types.ts';
import { FACTOR_FUEL_BY_CATALOGUE_VALUE, factorFuelFor } from './normalize-fuel.ts';
import { CONSUMER_CLASSES, FACTOR_FUELS } from './types.ts';

describe('factorFuelFor', () => {
  it('maps every catalogue fuel value, and only those', () => {
    const catalogueValues = MARINE_FUEL_TYPES.map((allowed) => allowed.value).sort();
    expect(Object.keys(FACTOR_FUEL_BY_CATALOGUE_VALUE).sort()).toEqual(catalogueValues);
    for (const value of catalogueValues) {
      const match = factorFuelFor(value);
      expect(match, value).toBeDefined();
      expect(FACTOR_FUELS).toContain(match?.fuel);
      if (match?.consumer !== undefined) expect(CONSUMER_CLASSES).toContain(match.consumer);
    }
  });

  it('splits the LNG engine variants into fuel and consumer class; plain LNG has no engine', () => {
    expect(factorFuelFor('LNG_OTTO_MS')).toEqual({ fuel: 'LNG', consumer: 'LNG_OTTO_MS' });
    expect(factorFuelFor('LNG_OTTO_SS')).toEqual({ fuel: 'LNG', consumer: 'LNG_OTTO_SS' });
    expect(factorFuelFor('LNG_DIESEL')).toEqual({ fuel: 'LNG', consumer: 'LNG_DIESEL' });
    expect(factorFuelFor('LNG_LBSI')).toEqual({ fuel: 'LNG', consumer: 'LNG_LBSI' });
    expect(factorFuelFor('LNG')).toEqual({ fuel: 'LNG' });
  });

  it('accepts the spellings the catalogue accepts, compared as the catalogue compares them', () => {
    expect(factorFuelFor('IFO 380')).toEqual({ fuel: 'HFO' });
    expect(factorFuelFor('  rmg380 ')).toEqual({ fuel: 'HFO' });
    expect(factorFuelFor('Schweröl')).toEqual({ fuel: 'HFO' });
    expect(factorFuelFor('MGO')).toEqual({ fuel: 'MDO_MGO' });
    expect(factorFuelFor('Marine  gas oil')).toEqual({ fuel: 'MDO_MGO' });
    expect(factorFuelFor('RMA')).toEqual({ fuel: 'LFO' });
    expect(factorFuelFor('LNG Otto MS')).toEqual({ fuel: 'LNG', consumer: 'LNG_OTTO_MS' });
    expect(factorFuelFor('Heavy fuel oil')).toEqual({ fuel: 'HFO' });
    expect(factorFuelFor('MeOH')).toEqual({ fuel: 'METHANOL' });
  });

  it('answers undefined for a fuel the catalogue does not know', () => {
    expect(factorFuelFor('Coal')).toBeUndefined();
    expect(factorFuelFor('')).toBeUndefined();
  });
});
