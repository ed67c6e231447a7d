import type { EmissionFactor, GwpEntry } from '../factors/types.ts';
import type { OrganizationFactor } from './types.ts';

/**
 * ILLUSTRATIVE factors and GWP values for the calculator's tests, chosen so the arithmetic can be done by hand. They
 * are not the values of FuelEU Annex II, MEPC.364(79) or the IPCC reports, and nothing outside tests imports them.
 */
const source = { document: 'Test values', section: 'calculator tests', edition: 'illustrative' };

const factor = (
  id: string,
  kind: EmissionFactor['kind'],
  value: string,
  unit: EmissionFactor['unit'],
  extra: Partial<EmissionFactor> = {},
): EmissionFactor => ({
  id,
  version: 1,
  kind,
  regime: 'fueleu',
  value,
  unit,
  source,
  verification: 'transcribed',
  validFrom: '2020-01-01',
  validTo: null,
  ...extra,
});

export const TEST_LIBRARY: readonly EmissionFactor[] = [
  factor('t.cf.hfo', 'cf', '3.114', 't CO2/t fuel', { fuel: 'HFO' }),
  factor('t.ch4.hfo', 'ch4_ttw', '0.00005', 'g/g fuel', { fuel: 'HFO' }),
  factor('t.n2o.hfo', 'n2o_ttw', '0.00018', 'g/g fuel', { fuel: 'HFO' }),
  factor('t.lcv.hfo', 'lcv', '0.0405', 'MJ/g', { fuel: 'HFO' }),
  factor('t.wtt.hfo', 'wtt', '13.5', 'gCO2e/MJ', { fuel: 'HFO' }),
  factor('t.imo.cf.hfo', 'cf', '3.114', 't CO2/t fuel', { fuel: 'HFO', regime: 'imo' }),
  factor('t.cf.lng', 'cf', '2.75', 't CO2/t fuel', { fuel: 'LNG' }),
  factor('t.ch4.lng', 'ch4_ttw', '0', 'g/g fuel', { fuel: 'LNG' }),
  factor('t.n2o.lng', 'n2o_ttw', '0.00011', 'g/g fuel', { fuel: 'LNG' }),
  // 49.1 MJ/kg = 0.0491 MJ/g: a unit the calculator must convert
  factor('t.lcv.lng', 'lcv', '49.1', 'MJ/kg', { fuel: 'LNG' }),
  factor('t.wtt.lng', 'wtt', '18.5', 'gCO2e/MJ', { fuel: 'LNG' }),
  factor('t.slip.lng.otto_ms', 'slip', '3.1', '% of fuel mass', { fuel: 'LNG', consumer: 'LNG_OTTO_MS' }),
  factor('t.slip.lng.otto_ss', 'slip', '1.7', '% of fuel mass', { fuel: 'LNG', consumer: 'LNG_OTTO_SS' }),
  factor('t.slip.lng.diesel', 'slip', '0.2', '% of fuel mass', { fuel: 'LNG', consumer: 'LNG_DIESEL' }),
  factor('t.slip.lng.lbsi', 'slip', '2.6', '% of fuel mass', { fuel: 'LNG', consumer: 'LNG_LBSI' }),
  // MDO has a CO2 factor only: the fuel-based method must refuse it
  factor('t.cf.mdo', 'cf', '3.206', 't CO2/t fuel', { fuel: 'MDO_MGO' }),
];

/** GWP100 for the tests: CO2 1, methane 30, N2O 300 (round, illustrative). AR5 is left without N2O on purpose. */
export const TEST_GWP: readonly GwpEntry[] = [
  { set: 'AR6', gas: 'CO2', value: '1', source, verification: 'transcribed' },
  { set: 'AR6', gas: 'CH4_fossil', value: '30', source, verification: 'transcribed' },
  { set: 'AR6', gas: 'CH4_non_fossil', value: '27', source, verification: 'transcribed' },
  { set: 'AR6', gas: 'N2O', value: '300', source, verification: 'transcribed' },
  { set: 'AR5', gas: 'CO2', value: '1', source, verification: 'transcribed' },
  { set: 'AR5', gas: 'CH4', value: '28', source, verification: 'transcribed' },
];

export const orgFactor = (
  id: string,
  kind: EmissionFactor['kind'],
  value: string,
  unit: EmissionFactor['unit'],
  extra: Partial<OrganizationFactor> = {},
): OrganizationFactor => factor(id, kind, value, unit, { regime: 'organization', ...extra });
