import { gwp } from '../factors/gwp.ts';
import { factorFuelFor } from '../factors/normalize-fuel.ts';
import {
  CONSUMER_CLASSES,
  type ConsumerClass,
  type EmissionFactor,
  type FactorFuel,
  type Gas,
  type GwpEntry,
  type GwpSet,
} from '../factors/types.ts';
import type { FuelEuFuelFactors } from '../vessel-indicators/fueleu.ts';
import type { FactorResolver } from './factor-resolver.ts';

/**
 * Per tonne of one fuel on one day for one supplier: what the fuel-based method multiplies the fuel mass by, or why
 * it cannot. Made once per (fuel, day, supplier) and shared by every entry that burns that fuel that day.
 */
export type FuelTerms = {
  /** The catalogue fuel value, shown in the activity ("412.5 t HFO"). */
  fuel: string;
  /** kg per tonne of fuel; null with `reason` when the fuel-based method cannot be used. */
  co2KgPerT: number | null;
  co2eTtwKgPerT: number;
  co2eWtwKgPerT: number;
  factorSet: number;
  /** What was assumed (the LNG engine). */
  note: string | null;
  /** Why the fuel-based method could not be used. */
  reason: string | null;
  /** The IMO Cf for the CII; null when neither the organisation nor the library has one. */
  ciiCf: { value: number; factorId: string } | null;
  /** FuelEU Annex II factors for the vessel indicators, independent of the organisation's GWP set. */
  fuelEu: FuelEuFuelFactors | null;
  /** Why `ciiCf` or `fuelEu` is null. */
  vesselMissing: string | null;
};

const CONSUMER_NAMES: Record<ConsumerClass, string> = {
  LNG_OTTO_MS: 'the Otto medium-speed',
  LNG_OTTO_SS: 'the Otto slow-speed',
  LNG_DIESEL: 'the Diesel (high-pressure)',
  LNG_LBSI: 'the lean-burn spark-ignited',
};

/** Biofuel's methane counts as non-fossil in AR6; every other catalogue fuel is taken as fossil (no pathway is reported). */
const NON_FOSSIL_FUELS: ReadonlySet<FactorFuel> = new Set(['BIOFUEL']);

/** The methane entry of a set for a fuel: AR6 has fossil and non-fossil methane, AR4 and AR5 one value. */
export const methaneGasFor = (set: GwpSet, fuel: FactorFuel): Gas => {
  if (set !== 'AR6') return 'CH4';
  return NON_FOSSIL_FUELS.has(fuel) ? 'CH4_non_fossil' : 'CH4_fossil';
};

/** A lower calorific value in MJ per gram, whatever unit the source printed. */
export const lcvMjPerG = (factor: EmissionFactor): number => {
  const value = Number(factor.value);
  if (factor.unit === 'MJ/kg') return value / 1000;
  if (factor.unit === 'kJ/kg') return value / 1_000_000;
  return value;
};

type Slip = { factor: EmissionFactor | null; percent: number; note: string | null } | { reason: string };

/**
 * The consumer's slip. LNG without its engine takes the highest slip among the engine classes, so the figure is
 * never lower than it could be, and says so; a fuel the regulation gives no slip for slips nothing.
 */
const slipFor = (
  resolver: FactorResolver,
  fuel: FactorFuel,
  consumer: ConsumerClass | undefined,
  day: string,
  supplier: string | null,
): Slip => {
  const direct = resolver.fuelFactor('slip', fuel, consumer, day, supplier, ['fueleu']);
  if (direct) return { factor: direct, percent: Number(direct.value), note: null };
  if (fuel !== 'LNG') return { factor: null, percent: 0, note: null };
  if (consumer !== undefined) return { reason: `No methane slip factor for LNG on ${CONSUMER_NAMES[consumer]} engine valid on ${day}` };
  let highest: { factor: EmissionFactor; consumer: ConsumerClass } | null = null;
  for (const candidate of CONSUMER_CLASSES) {
    const factor = resolver.fuelFactor('slip', fuel, candidate, day, supplier, ['fueleu']);
    if (factor && (highest === null || Number(factor.value) > Number(highest.factor.value))) highest = { factor, consumer: candidate };
  }
  if (highest === null) return { reason: `No methane slip factor for LNG valid on ${day}` };
  return {
    factor: highest.factor,
    percent: Number(highest.factor.value),
    note: `LNG engine not given: ${CONSUMER_NAMES[highest.consumer]} slip (the highest) was used`,
  };
};

const notUsable = (fuel: string, reason: string, extra: Partial<FuelTerms> = {}): FuelTerms => ({
  fuel,
  co2KgPerT: null,
  co2eTtwKgPerT: 0,
  co2eWtwKgPerT: 0,
  factorSet: -1,
  note: null,
  reason,
  ciiCf: null,
  fuelEu: null,
  vesselMissing: reason,
  ...extra,
});

/**
 * The fuel-based terms of a catalogue fuel (FuelEU Annex I structure), per gram of fuel:
 * TtW CO2 = Cf_CO2; TtW CO2e = (1 − Cslip/100)·(Cf_CO2·GWP_CO2 + Cf_CH4·GWP_CH4 + Cf_N2O·GWP_N2O) + (Cslip/100)·GWP_CH4;
 * WtT = LCV·WtT; WtW = TtW CO2e + WtT. A gram per gram is a kilogram per kilogram, so × 1000 gives kg per tonne.
 */
export const fuelTerms = (
  resolver: FactorResolver,
  catalogueFuel: string,
  day: string,
  supplier: string | null,
  gwpSet: GwpSet,
  gwpValues: readonly GwpEntry[],
): FuelTerms => {
  const match = factorFuelFor(catalogueFuel);
  if (!match) return notUsable(catalogueFuel, `Fuel "${catalogueFuel}" is not a fuel the factor library knows`);
  const { fuel, consumer } = match;
  const find = (kind: 'cf' | 'ch4_ttw' | 'n2o_ttw' | 'lcv' | 'wtt') =>
    resolver.fuelFactor(kind, fuel, consumer, day, supplier, kind === 'cf' ? ['fueleu', 'imo'] : ['fueleu']);
  const cf = find('cf');
  const imoCf = resolver.fuelFactor('cf', fuel, consumer, day, supplier, ['imo']) ?? cf;
  const ciiCf = imoCf ? { value: Number(imoCf.value), factorId: `${imoCf.id}@${imoCf.version}` } : null;
  const ch4 = find('ch4_ttw');
  const n2o = find('n2o_ttw');
  const lcv = find('lcv');
  const wtt = find('wtt');
  const slip = slipFor(resolver, fuel, consumer, day, supplier);
  const missing = (
    [
      ['CO2 (Cf)', cf],
      ['CH4', ch4],
      ['N2O', n2o],
      ['lower calorific value', lcv],
      ['well-to-tank', wtt],
    ] as const
  )
    .filter(([, factor]) => factor === undefined)
    .map(([name]) => name);
  if (missing.length > 0 || 'reason' in slip || !cf || !ch4 || !n2o || !lcv || !wtt) {
    const reason =
      missing.length > 0
        ? `No ${missing.join(', ')} factor for ${fuel} valid on ${day}`
        : 'reason' in slip
          ? slip.reason
          : 'Factor missing';
    return notUsable(catalogueFuel, reason, { ciiCf, vesselMissing: reason });
  }
  const used = [cf, ch4, n2o, lcv, wtt, ...(slip.factor ? [slip.factor] : [])];
  const fuelEu: FuelEuFuelFactors = {
    factorId: used.map((factor) => `${factor.id}@${factor.version}`).join(','),
    lcvMjPerG: lcvMjPerG(lcv),
    wttGco2eqPerMj: Number(wtt.value),
    cfCo2GPerG: Number(cf.value),
    cfCh4GPerG: Number(ch4.value),
    cfN2oGPerG: Number(n2o.value),
    cSlipPercent: slip.percent,
    // The slipped fuel is counted as methane, one gram per gram, as the brief's Annex I structure writes it.
    slipCh4GPerG: slip.percent > 0 ? 1 : 0,
    isRfnbo: false,
  };
  const methane = methaneGasFor(gwpSet, fuel);
  const gwpCo2 = gwp(gwpSet, 'CO2', gwpValues);
  const gwpCh4 = gwp(gwpSet, methane, gwpValues);
  const gwpN2o = gwp(gwpSet, 'N2O', gwpValues);
  const noGwp = [
    ['CO2', gwpCo2],
    [methane, gwpCh4],
    ['N2O', gwpN2o],
  ]
    .filter(([, value]) => value === undefined)
    .map(([gas]) => gas);
  if (gwpCo2 === undefined || gwpCh4 === undefined || gwpN2o === undefined) {
    return notUsable(catalogueFuel, `No GWP of ${noGwp.join(', ')} in ${gwpSet} in the library`, { ciiCf, fuelEu, vesselMissing: null });
  }
  const share = slip.percent / 100;
  const ttwCo2ePerG = (1 - share) * (fuelEu.cfCo2GPerG * gwpCo2 + fuelEu.cfCh4GPerG * gwpCh4 + fuelEu.cfN2oGPerG * gwpN2o) + share * gwpCh4;
  const wttPerG = fuelEu.lcvMjPerG * fuelEu.wttGco2eqPerMj;
  return {
    fuel: catalogueFuel,
    co2KgPerT: fuelEu.cfCo2GPerG * 1000,
    co2eTtwKgPerT: ttwCo2ePerG * 1000,
    co2eWtwKgPerT: (ttwCo2ePerG + wttPerG) * 1000,
    factorSet: resolver.setIndex(used),
    note: slip.note,
    reason: null,
    ciiCf,
    fuelEu,
    vesselMissing: null,
  };
};
