import { SOURCES } from './sources.ts';

/** A voyage's cargo and distance, for the transport work of EU MRV (cargo carried × distance). */
export type MrvVoyage = { cargoT: number; distanceNm: number };

export type MrvIntensities = {
  /** kg CO2 per n mile. */
  co2PerDistanceKgPerNm: number;
  /** g CO2 per tonne·n mile; null when no transport work was reported. */
  co2PerTransportWorkGPerTNm: number | null;
  transportWorkTNm: number;
  method: string;
};

const assertNonNegative = (value: number, name: string) => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be zero or more, got ${value}`);
};

/** Transport work in t·n mile: Σ cargo carried × distance over the voyages. */
export const transportWorkTNm = (voyages: readonly MrvVoyage[]): number =>
  voyages.reduce((sum, voyage, index) => {
    assertNonNegative(voyage.cargoT, `voyages[${index}].cargoT`);
    assertNonNegative(voyage.distanceNm, `voyages[${index}].distanceNm`);
    return sum + voyage.cargoT * voyage.distanceNm;
  }, 0);

/**
 * EU MRV style intensities of a ship's period: CO2 per distance (kg/n mile) and per transport work (g/t·n mile), the
 * figures the EU MRV reports publish per ship and the benchmarks compare.
 */
export const mrvIntensities = (input: { co2T: number; distanceNm: number; voyages: readonly MrvVoyage[] }): MrvIntensities => {
  assertNonNegative(input.co2T, 'co2T');
  if (!(input.distanceNm > 0)) throw new RangeError(`distanceNm must be a positive number, got ${input.distanceNm}`);
  const work = transportWorkTNm(input.voyages);
  return {
    co2PerDistanceKgPerNm: (input.co2T * 1000) / input.distanceNm,
    co2PerTransportWorkGPerTNm: work > 0 ? (input.co2T * 1_000_000) / work : null,
    transportWorkTNm: work,
    method: SOURCES.euMrvIntensities,
  };
};
