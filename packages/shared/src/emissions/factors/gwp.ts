import type { FactorSource, Gas, GwpEntry, GwpSet, Regime } from './types.ts';

/**
 * GWP100 values of the three IPCC assessment reports. CO2 is 1 by the definition of the GWP. The other values are
 * `transcribed`: entered from the named tables and cross-checked, but the reports could not be opened where they
 * were entered (docs/emission-factors.md). AR4 and AR5 give methane one value; AR6 gives fossil and non-fossil
 * methane apart (fossil methane's value includes the CO2 it oxidises to), so AR6 has no plain `CH4`.
 */
const GWP_DEFINITION: FactorSource = {
  document: 'IPCC definition of the global warming potential (GWP)',
  section: 'definition: radiative forcing of a unit mass relative to that of the reference substance, CO2',
  edition: 'as used in AR4, AR5 and AR6',
};
const AR4: FactorSource = {
  document: 'IPCC Fourth Assessment Report (AR4), Working Group I',
  section: 'Chapter 2, Table 2.14, GWP for 100-year time horizon',
  edition: '2007',
};
const AR5: FactorSource = {
  document: 'IPCC Fifth Assessment Report (AR5), Working Group I',
  section: 'Chapter 8, Table 8.7, GWP100 (without climate-carbon feedbacks)',
  edition: '2013',
};
const AR6: FactorSource = {
  document: 'IPCC Sixth Assessment Report (AR6), Working Group I',
  section: 'Chapter 7, Table 7.15, GWP-100',
  edition: '2021',
};

export const GWP_VALUES: readonly GwpEntry[] = [
  { set: 'AR4', gas: 'CO2', value: '1', source: GWP_DEFINITION, verification: 'read_at_source' },
  { set: 'AR5', gas: 'CO2', value: '1', source: GWP_DEFINITION, verification: 'read_at_source' },
  { set: 'AR6', gas: 'CO2', value: '1', source: GWP_DEFINITION, verification: 'read_at_source' },
  { set: 'AR4', gas: 'CH4', value: '25', source: AR4, verification: 'transcribed' },
  { set: 'AR4', gas: 'N2O', value: '298', source: AR4, verification: 'transcribed' },
  { set: 'AR5', gas: 'CH4', value: '28', source: AR5, verification: 'transcribed' },
  { set: 'AR5', gas: 'N2O', value: '265', source: AR5, verification: 'transcribed' },
  { set: 'AR6', gas: 'CH4_fossil', value: '29.8', source: AR6, verification: 'transcribed' },
  { set: 'AR6', gas: 'CH4_non_fossil', value: '27.0', source: AR6, verification: 'transcribed' },
  { set: 'AR6', gas: 'N2O', value: '273', source: AR6, verification: 'transcribed' },
];

/** The entry behind `gwp`, with its source; undefined where the library holds no value for the gas in the set. */
export const gwpEntry = (set: GwpSet, gas: Gas, values: readonly GwpEntry[] = GWP_VALUES): GwpEntry | undefined =>
  values.find((entry) => entry.set === set && entry.gas === gas);

/**
 * GWP100 of a gas in a set, as a number; undefined where the library holds no value (AR6's plain CH4), so a calculation
 * must stop rather than guess.
 */
export const gwp = (set: GwpSet, gas: Gas, values: readonly GwpEntry[] = GWP_VALUES): number | undefined => {
  const entry = gwpEntry(set, gas, values);
  return entry === undefined ? undefined : Number(entry.value);
};

/**
 * The GWP set each regime uses: the organisation's own Scope 3 report AR6 by default (issue 13); FuelEU Maritime the
 * AR4 values its Annex I prints (CH4 25, N2O 298, as in the renewable energy directive's methodology). IMO's CII and
 * EEDI are CO2 only and use no GWP, so `imo` has none.
 */
export const GWP_SET_BY_REGIME: Readonly<Partial<Record<Regime, { set: GwpSet; source: FactorSource }>>> = {
  organization: {
    set: 'AR6',
    source: {
      document: 'Product decision for the Scope 3 report',
      section: 'issue 13, "GWP sets": the organisation picks one, default AR6',
      edition: '2026',
    },
  },
  fueleu: {
    set: 'AR4',
    source: {
      document: 'Regulation (EU) 2023/1805 (FuelEU Maritime)',
      section: 'Annex I, GWP of CO2, CH4 and N2O',
      edition: 'OJ L 234, 22.9.2023, p. 48',
    },
  },
};

/** The set a regime's calculations use; undefined while the regime's own text has not been read for it. */
export const gwpSetFor = (regime: Regime): GwpSet | undefined => GWP_SET_BY_REGIME[regime]?.set;
