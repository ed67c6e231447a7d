import type { FactorSource, Gas, GwpEntry, GwpSet, Regime } from './types.ts';

/**
 * CO2 is the reference gas of every GWP set: its GWP is 1 by definition, whatever the assessment report. That is
 * the only GWP in the library until the other values are read in the IPCC reports themselves (see
 * docs/emission-factors.md, "Not verified").
 */
const GWP_DEFINITION: FactorSource = {
  document: 'IPCC definition of the global warming potential (GWP)',
  section: 'definition: radiative forcing of a unit mass relative to that of the reference substance, CO2',
  edition: 'as used in AR4, AR5 and AR6',
};

export const GWP_VALUES: readonly GwpEntry[] = [
  { set: 'AR4', gas: 'CO2', value: '1', source: GWP_DEFINITION },
  { set: 'AR5', gas: 'CO2', value: '1', source: GWP_DEFINITION },
  { set: 'AR6', gas: 'CO2', value: '1', source: GWP_DEFINITION },
];

/** The entry behind `gwp`, with its source; undefined where the set's value has not been verified. */
export const gwpEntry = (set: GwpSet, gas: Gas, values: readonly GwpEntry[] = GWP_VALUES): GwpEntry | undefined =>
  values.find((entry) => entry.set === set && entry.gas === gas);

/**
 * GWP100 of a gas in a set, as a number; undefined where the library holds no verified value, so a calculation
 * must stop rather than guess.
 */
export const gwp = (set: GwpSet, gas: Gas, values: readonly GwpEntry[] = GWP_VALUES): number | undefined => {
  const entry = gwpEntry(set, gas, values);
  return entry === undefined ? undefined : Number(entry.value);
};

/**
 * The GWP set each regime uses. Only the organisation's own Scope 3 report is settled (AR6 by default, issue 13);
 * the sets FuelEU and IMO name are to be taken from their texts and are absent until read there.
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
};

/** The set a regime's calculations use; undefined while the regime's own text has not been read for it. */
export const gwpSetFor = (regime: Regime): GwpSet | undefined => GWP_SET_BY_REGIME[regime]?.set;
