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
  verification: 'transcribed',
  validFrom: '2020-01-01',
  validTo: null,
};

describe('the built-in library', () => {
  it('has no factor without a full source, a printed decimal, a unit of its kind and a validity', () => {
    expect(libraryProblems(EMISSION_FACTORS)).toEqual([]);
  });

  it('marks every value as transcribed: none has been read in its primary text yet (docs/emission-factors.md)', () => {
    expect(EMISSION_FACTORS.filter((factor) => factor.verification !== 'transcribed')).toEqual([]);
  });

  // Regulation (EU) 2023/1805, Annex II, fossil fuel rows (OJ L 234, 22.9.2023):
  // | Pathway name                        | LCV [MJ/g] | WtT [gCO2eq/MJ] | Consumer class                     | Cf CO2 | Cf CH4  | Cf N2O  | Cslip |
  // | HFO ISO 8217 Grades RME to RMK      | 0.0405     | 13.5            | ALL ICEs                           | 3.114  | 0.00005 | 0.00018 |       |
  // | LFO ISO 8217 Grades RMA to RMD      | 0.041      | 13.2            | ALL ICEs                           | 3.151  | 0.00005 | 0.00018 |       |
  // | MDO MGO ISO 8217 Grades DMX to DMB  | 0.0427     | 14.4            | ALL ICEs                           | 3.206  | 0.00005 | 0.00018 |       |
  // | LNG                                 | 0.0491     | 18.5            | LNG Otto (dual fuel medium speed)  | 2.750  | 0       | 0.00011 | 3.1   |
  // |                                     |            |                 | LNG Otto (dual fuel slow speed)    |        |         |         | 1.7   |
  // |                                     |            |                 | LNG Diesel (dual fuel slow speed)  |        |         |         | 0.2   |
  // |                                     |            |                 | LBSI                               |        |         |         | 2.6   |
  // | LPG                                 | 0.046      | 7.8             | ALL ICEs                           | Butane 3.030, Propane 3.000 | TBM | TBM |  |
  it('reproduces FuelEU Maritime Annex II, fossil rows, cell by cell', () => {
    const table = EMISSION_FACTORS.filter((factor) => factor.regime === 'fueleu').map((factor) => [
      factor.id,
      factor.value,
      factor.unit,
      factor.consumer ?? '',
    ]);
    expect(table).toEqual([
      ['fueleu.lcv.hfo', '0.0405', 'MJ/g', ''],
      ['fueleu.wtt.hfo', '13.5', 'gCO2e/MJ', ''],
      ['fueleu.cf.hfo', '3.114', 't CO2/t fuel', ''],
      ['fueleu.ch4.hfo', '0.00005', 'g/g fuel', ''],
      ['fueleu.n2o.hfo', '0.00018', 'g/g fuel', ''],
      ['fueleu.lcv.lfo', '0.041', 'MJ/g', ''],
      ['fueleu.wtt.lfo', '13.2', 'gCO2e/MJ', ''],
      ['fueleu.cf.lfo', '3.151', 't CO2/t fuel', ''],
      ['fueleu.ch4.lfo', '0.00005', 'g/g fuel', ''],
      ['fueleu.n2o.lfo', '0.00018', 'g/g fuel', ''],
      ['fueleu.lcv.mdo_mgo', '0.0427', 'MJ/g', ''],
      ['fueleu.wtt.mdo_mgo', '14.4', 'gCO2e/MJ', ''],
      ['fueleu.cf.mdo_mgo', '3.206', 't CO2/t fuel', ''],
      ['fueleu.ch4.mdo_mgo', '0.00005', 'g/g fuel', ''],
      ['fueleu.n2o.mdo_mgo', '0.00018', 'g/g fuel', ''],
      ['fueleu.lcv.lng', '0.0491', 'MJ/g', ''],
      ['fueleu.wtt.lng', '18.5', 'gCO2e/MJ', ''],
      ['fueleu.cf.lng', '2.750', 't CO2/t fuel', ''],
      ['fueleu.ch4.lng', '0', 'g/g fuel', ''],
      ['fueleu.n2o.lng', '0.00011', 'g/g fuel', ''],
      ['fueleu.slip.lng.otto_ms', '3.1', '% of fuel mass', 'LNG_OTTO_MS'],
      ['fueleu.slip.lng.otto_ss', '1.7', '% of fuel mass', 'LNG_OTTO_SS'],
      ['fueleu.slip.lng.diesel_ss', '0.2', '% of fuel mass', 'LNG_DIESEL'],
      ['fueleu.slip.lng.lbsi', '2.6', '% of fuel mass', 'LNG_LBSI'],
      ['fueleu.lcv.lpg_propane', '0.046', 'MJ/g', ''],
      ['fueleu.wtt.lpg_propane', '7.8', 'gCO2e/MJ', ''],
      ['fueleu.cf.lpg_propane', '3.000', 't CO2/t fuel', ''],
      ['fueleu.lcv.lpg_butane', '0.046', 'MJ/g', ''],
      ['fueleu.wtt.lpg_butane', '7.8', 'gCO2e/MJ', ''],
      ['fueleu.cf.lpg_butane', '3.030', 't CO2/t fuel', ''],
    ]);
    for (const factor of EMISSION_FACTORS.filter((f) => f.regime === 'fueleu')) {
      expect(factor.source).toEqual({
        document: 'Regulation (EU) 2023/1805 (FuelEU Maritime)',
        section: 'Annex II, default emission and conversion factors, fossil fuels',
        edition: 'OJ L 234, 22.9.2023, p. 48',
      });
    }
  });

  // IMO resolution MEPC.364(79), Annex, paragraph 2.2.1 (CF table):
  // | Type of fuel                | Reference                              | LCV (kJ/kg) | Carbon content | CF (t-CO2/t-Fuel) |
  // | 1 Diesel/Gas Oil            | ISO 8217 Grades DMX through DMB        | 42,700      | 0.8744         | 3.206             |
  // | 2 Light Fuel Oil (LFO)      | ISO 8217 Grades RMA through RMD        | 41,200      | 0.8594         | 3.151             |
  // | 3 Heavy Fuel Oil (HFO)      | ISO 8217 Grades RME through RMK        | 40,200      | 0.8493         | 3.114             |
  // | 4 Liquefied Petroleum Gas   | Propane                                | 46,300      | 0.8182         | 3.000             |
  // |                             | Butane                                 | 45,700      | 0.8264         | 3.030             |
  // | 6 Liquefied Natural Gas     |                                        | 48,000      | 0.7500         | 2.750             |
  // | 7 Methanol                  |                                        | 19,900      | 0.3750         | 1.375             |
  // | 8 Ethanol                   |                                        | 26,800      | 0.5217         | 1.913             |
  // (row 5, ethane, is not held: the field catalogue has no ethane fuel.)
  it('reproduces the CF and LCV columns of the IMO table, row by row', () => {
    const table = EMISSION_FACTORS.filter((factor) => factor.regime === 'imo').map((factor) => [factor.id, factor.value, factor.unit]);
    expect(table).toEqual([
      ['imo.cf.mdo_mgo', '3.206', 't CO2/t fuel'],
      ['imo.lcv.mdo_mgo', '42700', 'kJ/kg'],
      ['imo.cf.lfo', '3.151', 't CO2/t fuel'],
      ['imo.lcv.lfo', '41200', 'kJ/kg'],
      ['imo.cf.hfo', '3.114', 't CO2/t fuel'],
      ['imo.lcv.hfo', '40200', 'kJ/kg'],
      ['imo.cf.lpg_propane', '3.000', 't CO2/t fuel'],
      ['imo.lcv.lpg_propane', '46300', 'kJ/kg'],
      ['imo.cf.lpg_butane', '3.030', 't CO2/t fuel'],
      ['imo.lcv.lpg_butane', '45700', 'kJ/kg'],
      ['imo.cf.lng', '2.750', 't CO2/t fuel'],
      ['imo.lcv.lng', '48000', 'kJ/kg'],
      ['imo.cf.methanol', '1.375', 't CO2/t fuel'],
      ['imo.lcv.methanol', '19900', 'kJ/kg'],
      ['imo.cf.ethanol', '1.913', 't CO2/t fuel'],
      ['imo.lcv.ethanol', '26800', 'kJ/kg'],
    ]);
  });

  it('the fossil Cf of FuelEU Annex II equals the IMO CF of the same fuel (both tables print the same carbon factor)', () => {
    for (const fuel of ['hfo', 'lfo', 'mdo_mgo', 'lng', 'lpg_propane', 'lpg_butane']) {
      expect(EMISSION_FACTORS.find((f) => f.id === `fueleu.cf.${fuel}`)?.value).toBe(
        EMISSION_FACTORS.find((f) => f.id === `imo.cf.${fuel}`)?.value,
      );
    }
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

  // AR4 WG I Table 2.14 (GWP 100-yr): CH4 25, N2O 298. AR5 WG I Table 8.7 (GWP100, no climate-carbon feedbacks):
  // CH4 28, N2O 265. AR6 WG I Table 7.15 (GWP-100): CH4-fossil 29.8, CH4-non fossil 27.0, N2O 273.
  it('reproduces GWP100 of the three assessment reports, with the table of each', () => {
    expect([gwp('AR4', 'CH4'), gwp('AR4', 'N2O')]).toEqual([25, 298]);
    expect([gwp('AR5', 'CH4'), gwp('AR5', 'N2O')]).toEqual([28, 265]);
    expect([gwp('AR6', 'CH4_fossil'), gwp('AR6', 'CH4_non_fossil'), gwp('AR6', 'N2O')]).toEqual([29.8, 27, 273]);
    expect(gwpEntry('AR6', 'CH4_non_fossil')?.value).toBe('27.0');
    expect(gwpEntry('AR4', 'N2O')?.source.section).toBe('Chapter 2, Table 2.14, GWP for 100-year time horizon');
    expect(gwpEntry('AR5', 'CH4')?.source.section).toBe('Chapter 8, Table 8.7, GWP100 (without climate-carbon feedbacks)');
    expect(gwpEntry('AR6', 'N2O')?.source.section).toBe('Chapter 7, Table 7.15, GWP-100');
  });

  it('answers undefined, not a guess, where a set has no such value (AR6 gives methane fossil and non-fossil apart)', () => {
    expect(gwp('AR6', 'CH4')).toBeUndefined();
    expect(gwp('AR4', 'CH4_fossil')).toBeUndefined();
  });

  it('reads a given set of values with their source', () => {
    const values = [{ set: 'AR5' as const, gas: 'CH4' as const, value: '12.5', source: GOOD.source, verification: 'transcribed' as const }];
    expect(gwp('AR5', 'CH4', values)).toBe(12.5);
    expect(gwpEntry('AR5', 'CH4', values)?.source.document).toBe('Test fixture');
  });
});

describe('gwpSetFor', () => {
  it("the organisation's own report uses AR6 by default, FuelEU the AR4 values of its Annex I; IMO's CII is CO2 only", () => {
    expect(gwpSetFor('organization')).toBe('AR6');
    expect(gwpSetFor('fueleu')).toBe('AR4');
    expect(gwpSetFor('imo')).toBeUndefined();
  });
});
