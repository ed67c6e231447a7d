import type { ConsumerClass, EmissionFactor, FactorFuel, FactorKind, FactorSource, FactorUnit, Regime } from './types.ts';

/**
 * The platform's built-in factors. Each value is written exactly as its table prints it, with the table it stands
 * in. None of these tables could be opened in its primary text where they were entered (see
 * docs/emission-factors.md, "How the values were checked"), so every factor here is `transcribed`: entered from the
 * named table and cross-checked against independent public transcriptions, shown as transcribed beside every figure
 * it produces until someone reads the source and adds the `read_at_source` version.
 *
 * Validity: the tables give no first date of the activity they describe. Each edition is applied to activity from
 * 2018-01-01 (the first EU MRV reporting year, the field catalogue's earliest reporting year) until a later edition
 * of the same id supersedes it, so data of 2018 onwards has factors and a later amendment never rewrites it.
 */

const VALID_FROM = '2018-01-01';

export const FUELEU_ANNEX_II: FactorSource = {
  document: 'Regulation (EU) 2023/1805 (FuelEU Maritime)',
  section: 'Annex II, default emission and conversion factors, fossil fuels',
  edition: 'OJ L 234, 22.9.2023, p. 48',
};

export const IMO_CF_TABLE: FactorSource = {
  document: 'IMO resolution MEPC.364(79), 2022 Guidelines on the method of calculation of the attained EEDI for new ships',
  section: 'Annex, paragraph 2.2.1, table of the conversion factor CF and lower calorific value per fuel type',
  edition: 'adopted 16 December 2022',
};

type Row = {
  id: string;
  kind: FactorKind;
  regime: Regime;
  fuel: FactorFuel;
  consumer?: ConsumerClass;
  value: string;
  unit: FactorUnit;
  source: FactorSource;
};

const transcribed = (row: Row): EmissionFactor => ({
  ...row,
  version: 1,
  verification: 'transcribed',
  validFrom: VALID_FROM,
  validTo: null,
});

/**
 * FuelEU Maritime Annex II, fossil rows: LCV (MJ/g), WtT (gCO2eq/MJ), Cf CO2, Cf CH4, Cf N2O (g/g fuel) and, for LNG,
 * Cslip (% of the fuel mass) per fuel consumer unit class. Cells the annex marks "TBM" (to be measured) are absent:
 * a calculation that needs one stops and says which, rather than guessing.
 */
const fuelEu = (fuel: FactorFuel, key: string, values: { lcv: string; wtt: string; cf?: string; ch4?: string; n2o?: string }): Row[] => {
  const rows: Row[] = [
    { id: `fueleu.lcv.${key}`, kind: 'lcv', regime: 'fueleu', fuel, value: values.lcv, unit: 'MJ/g', source: FUELEU_ANNEX_II },
    { id: `fueleu.wtt.${key}`, kind: 'wtt', regime: 'fueleu', fuel, value: values.wtt, unit: 'gCO2e/MJ', source: FUELEU_ANNEX_II },
  ];
  if (values.cf !== undefined) {
    rows.push({
      id: `fueleu.cf.${key}`,
      kind: 'cf',
      regime: 'fueleu',
      fuel,
      value: values.cf,
      unit: 't CO2/t fuel',
      source: FUELEU_ANNEX_II,
    });
  }
  if (values.ch4 !== undefined) {
    rows.push({
      id: `fueleu.ch4.${key}`,
      kind: 'ch4_ttw',
      regime: 'fueleu',
      fuel,
      value: values.ch4,
      unit: 'g/g fuel',
      source: FUELEU_ANNEX_II,
    });
  }
  if (values.n2o !== undefined) {
    rows.push({
      id: `fueleu.n2o.${key}`,
      kind: 'n2o_ttw',
      regime: 'fueleu',
      fuel,
      value: values.n2o,
      unit: 'g/g fuel',
      source: FUELEU_ANNEX_II,
    });
  }
  return rows;
};

const slip = (consumer: ConsumerClass, key: string, value: string): Row => ({
  id: `fueleu.slip.lng.${key}`,
  kind: 'slip',
  regime: 'fueleu',
  fuel: 'LNG',
  consumer,
  value,
  unit: '% of fuel mass',
  source: FUELEU_ANNEX_II,
});

/** IMO CF (t CO2 / t fuel) and LCV (printed in kJ/kg) per fuel type. */
const imo = (fuel: FactorFuel, key: string, lcvKjPerKg: string, cf: string): Row[] => [
  { id: `imo.cf.${key}`, kind: 'cf', regime: 'imo', fuel, value: cf, unit: 't CO2/t fuel', source: IMO_CF_TABLE },
  { id: `imo.lcv.${key}`, kind: 'lcv', regime: 'imo', fuel, value: lcvKjPerKg, unit: 'kJ/kg', source: IMO_CF_TABLE },
];

const ROWS: Row[] = [
  // Regulation (EU) 2023/1805, Annex II: "HFO ISO 8217 Grades RME to RMK", "LFO ISO 8217 Grades RMA to RMD",
  // "MDO MGO ISO 8217 Grades DMX to DMB", all ICEs.
  ...fuelEu('HFO', 'hfo', { lcv: '0.0405', wtt: '13.5', cf: '3.114', ch4: '0.00005', n2o: '0.00018' }),
  ...fuelEu('LFO', 'lfo', { lcv: '0.041', wtt: '13.2', cf: '3.151', ch4: '0.00005', n2o: '0.00018' }),
  ...fuelEu('MDO_MGO', 'mdo_mgo', { lcv: '0.0427', wtt: '14.4', cf: '3.206', ch4: '0.00005', n2o: '0.00018' }),
  // LNG: one LCV, WtT and Cf for every consumer; the slip per fuel consumer unit class.
  ...fuelEu('LNG', 'lng', { lcv: '0.0491', wtt: '18.5', cf: '2.750', ch4: '0', n2o: '0.00011' }),
  slip('LNG_OTTO_MS', 'otto_ms', '3.1'),
  slip('LNG_OTTO_SS', 'otto_ss', '1.7'),
  slip('LNG_DIESEL', 'diesel_ss', '0.2'),
  slip('LNG_LBSI', 'lbsi', '2.6'),
  // LPG: one LCV and WtT; Cf per gas; CH4 and N2O are "TBM" in the annex.
  ...fuelEu('LPG_PROPANE', 'lpg_propane', { lcv: '0.046', wtt: '7.8', cf: '3.000' }),
  ...fuelEu('LPG_BUTANE', 'lpg_butane', { lcv: '0.046', wtt: '7.8', cf: '3.030' }),

  // MEPC.364(79), the CF table: fuel type, reference, lower calorific value (kJ/kg), carbon content, CF.
  ...imo('MDO_MGO', 'mdo_mgo', '42700', '3.206'),
  ...imo('LFO', 'lfo', '41200', '3.151'),
  ...imo('HFO', 'hfo', '40200', '3.114'),
  ...imo('LPG_PROPANE', 'lpg_propane', '46300', '3.000'),
  ...imo('LPG_BUTANE', 'lpg_butane', '45700', '3.030'),
  ...imo('LNG', 'lng', '48000', '2.750'),
  ...imo('METHANOL', 'methanol', '19900', '1.375'),
  ...imo('ETHANOL', 'ethanol', '26800', '1.913'),
];

export const EMISSION_FACTORS: readonly EmissionFactor[] = ROWS.map(transcribed);

/**
 * The library's version as results record it: changes whenever a factor version is added, so a run can say which
 * library it used.
 */
export const LIBRARY_VERSION = `2026-11-24.${EMISSION_FACTORS.length}`;
