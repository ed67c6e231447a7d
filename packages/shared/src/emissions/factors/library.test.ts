import { describe, expect, it } from 'vitest';
import { libraryProblems } from './check-library.ts';
import { gwp, gwpEntry, gwpSetFor } from './gwp.ts';
import { EMISSION_FACTORS } from './library.ts';
import { type EmissionFactor, GWP_SETS } from './types.ts';

const GOOD: EmissionFactor = {
  id: 'test.cf.hfo',
  version: 1,
  kind: 'cf',
  regime: 'imo',
  fuel: 'HFO',
  value: '1.234',
  unit: 't CO2/t fuel',
  source: { document: 'Test fixture', section: 'Table 0', edition: 'none' },
  validFrom: '2020-01-01',
  validTo: null,
};

describe('the built-in library', () => {
  it('has no factor without a full source, a printed decimal, a unit of its kind and a validity', () => {
    expect(libraryProblems(EMISSION_FACTORS)).toEqual([]);
  });

  it('holds only factors read in their primary text: none are verified yet (docs/emission-factors.md, "Not verified")', () => {
    // When a table is read in its primary text, its factors go in with a test reproducing that table and this
    // expectation moves to the list of verified ids.
    expect(EMISSION_FACTORS.map((factor) => factor.id)).toEqual([]);
  });
});

describe('libraryProblems', () => {
  it('accepts a complete factor', () => {
    expect(libraryProblems([GOOD])).toEqual([]);
  });

  it('names every defect of a factor', () => {
    expect(
      libraryProblems([
        GOOD,
        GOOD,
        {
          ...GOOD,
          id: 'test.bad',
          version: 0,
          value: '3,114',
          unit: 'MJ/g',
          source: { document: '', section: 'x', edition: 'y' },
          validFrom: '2024-01-01',
          validTo: '2023-01-01',
          fuel: undefined,
          printed: { value: '~3', unit: 'kg/kg' },
        },
      ]),
    ).toEqual([
      'test.cf.hfo@1 appears twice.',
      'test.bad@0: the version must be a whole number from 1.',
      'test.bad@0: the value "3,114" is not a plain decimal as printed.',
      'test.bad@0: MJ/g is not a unit of cf.',
      'test.bad@0: the source needs its document, table or section, and edition.',
      'test.bad@0: validTo must be an ISO date after validFrom.',
      'test.bad@0: it applies to neither a fuel nor an activity.',
      'test.bad@0: the printed value "~3" is not a plain decimal.',
    ]);
  });
});

describe('gwp', () => {
  it('CO2 is 1 in every set, by the definition of the GWP', () => {
    for (const set of GWP_SETS) expect(gwp(set, 'CO2')).toBe(1);
  });

  it('answers undefined, not a guess, for values not yet read in the IPCC reports', () => {
    expect(gwp('AR4', 'CH4')).toBeUndefined();
    expect(gwp('AR5', 'N2O')).toBeUndefined();
    expect(gwp('AR6', 'CH4_fossil')).toBeUndefined();
    expect(gwp('AR6', 'CH4_non_fossil')).toBeUndefined();
    expect(gwpEntry('AR6', 'N2O')).toBeUndefined();
  });

  it('reads a given set of values with their source', () => {
    const values = [{ set: 'AR5' as const, gas: 'CH4' as const, value: '12.5', source: GOOD.source }];
    expect(gwp('AR5', 'CH4', values)).toBe(12.5);
    expect(gwpEntry('AR5', 'CH4', values)?.source.document).toBe('Test fixture');
  });
});

describe('gwpSetFor', () => {
  it("the organisation's own report uses AR6 by default; FuelEU's and IMO's sets are not yet read in their texts", () => {
    expect(gwpSetFor('organization')).toBe('AR6');
    expect(gwpSetFor('fueleu')).toBeUndefined();
    expect(gwpSetFor('imo')).toBeUndefined();
  });
});
