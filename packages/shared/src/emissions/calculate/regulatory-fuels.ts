import { GWP_VALUES, gwp, gwpSetFor } from '../factors/gwp.ts';
import { EMISSION_FACTORS } from '../factors/library.ts';
import type { EmissionFactor, GwpEntry } from '../factors/types.ts';
import type { CiiFuelUse } from '../vessel-indicators/cii.ts';
import { type FuelEuGwp, type FuelEuIntensity, fuelEuGhgIntensity } from '../vessel-indicators/fueleu.ts';
import { createFactorResolver } from './factor-resolver.ts';
import { type FuelTerms, fuelTerms } from './fuel-factors.ts';

/**
 * The ship indicators (CII, FuelEU, EU MRV) are regulatory figures: they use the built-in factors of the regime, IMO
 * Cf for CO2 and FuelEU Annex II for the GHG intensity, never an organisation's own factors, and FuelEU's own GWP set.
 * Factors are taken as valid on 1 January of the ship's year (a year's figures use one edition).
 */
export type RegulatoryFuels = {
  /** The fuels' IMO CO2, t, with the Cf of each; or why it cannot be computed. */
  ciiFuels(fuels: Readonly<Record<string, number>>, year: number): { fuels: CiiFuelUse[]; co2T: number } | { missing: string };
  /** The FuelEU GHG intensity of the fuels (Annex I), or why it cannot be computed. */
  fuelEuIntensity(fuels: Readonly<Record<string, number>>, year: number): FuelEuIntensity | { missing: string };
};

const cache = new WeakMap<readonly EmissionFactor[], WeakMap<readonly GwpEntry[], RegulatoryFuels>>();

export const regulatoryFuels = (
  library: readonly EmissionFactor[] = EMISSION_FACTORS,
  gwpValues: readonly GwpEntry[] = GWP_VALUES,
): RegulatoryFuels => {
  let byGwp = cache.get(library);
  if (!byGwp) {
    byGwp = new WeakMap();
    cache.set(library, byGwp);
  }
  const known = byGwp.get(gwpValues);
  if (known) return known;
  const resolver = createFactorResolver(library, []);
  const fuelEuSet = gwpSetFor('fueleu');
  const terms = new Map<string, FuelTerms>();
  const termsFor = (fuel: string, year: number): FuelTerms => {
    const id = `${fuel}|${year}`;
    let found = terms.get(id);
    if (!found) {
      found = fuelTerms(resolver, fuel, `${year}-01-01`, null, fuelEuSet ?? 'AR6', gwpValues);
      terms.set(id, found);
    }
    return found;
  };
  const used = (fuels: Readonly<Record<string, number>>) => Object.entries(fuels).filter(([, tonnes]) => tonnes > 0);

  const made: RegulatoryFuels = {
    ciiFuels: (fuels, year) => {
      const uses: CiiFuelUse[] = [];
      for (const [fuel, tonnes] of used(fuels)) {
        const cf = termsFor(fuel, year).ciiCf;
        if (!cf) return { missing: `No IMO Cf for ${fuel} in the factor library` };
        uses.push({ fuelMassT: tonnes, cfTCo2PerTFuel: cf.value, factorId: cf.factorId });
      }
      if (uses.length === 0) return { missing: 'No fuel consumption reported for this ship and year' };
      return { fuels: uses, co2T: uses.reduce((sum, use) => sum + use.fuelMassT * use.cfTCo2PerTFuel, 0) };
    },
    fuelEuIntensity: (fuels, year) => {
      if (fuelEuSet === undefined) return { missing: "FuelEU's GWP set is not in the factor library" };
      const co2 = gwp(fuelEuSet, 'CO2', gwpValues);
      const ch4 = gwp(fuelEuSet, fuelEuSet === 'AR6' ? 'CH4_fossil' : 'CH4', gwpValues);
      const n2o = gwp(fuelEuSet, 'N2O', gwpValues);
      if (co2 === undefined || ch4 === undefined || n2o === undefined)
        return { missing: `No GWP values of ${fuelEuSet} in the factor library` };
      const fuelEuGwp: FuelEuGwp = { co2, ch4, n2o, set: fuelEuSet };
      const uses = [];
      for (const [fuel, tonnes] of used(fuels)) {
        const found = termsFor(fuel, year);
        if (!found.fuelEu) return { missing: `${found.vesselMissing ?? `No FuelEU factors for ${fuel}`}` };
        uses.push({ fuelMassT: tonnes, factors: found.fuelEu });
      }
      if (uses.length === 0) return { missing: 'No fuel consumption reported for this ship and year' };
      // Article 5(1) says the RFNBO multiplier "may" be used; no catalogue fuel is an RFNBO, so it changes nothing here.
      return fuelEuGhgIntensity({ year, fuels: uses, gwp: fuelEuGwp, applyRfnboReward: false });
    },
  };
  byGwp.set(gwpValues, made);
  return made;
};
