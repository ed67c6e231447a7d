import { SOURCES } from './sources.ts';

/** Reference value of Article 4(2) of Regulation (EU) 2023/1805, in g CO2 equivalent per MJ. */
export const FUELEU_REFERENCE_GCO2EQ_PER_MJ = 91.16;

/**
 * Reductions of the reference value of Article 4(2), each applying from 1 January of its year until the next one.
 * Article 4(2) (German text: "2 % ab dem 1. Januar 2025, 6 % ab dem 1. Januar 2030, 14,5 % ab dem 1. Januar 2035,
 * 31 % ab dem 1. Januar 2040, 62 % ab dem 1. Januar 2045, 80 % ab dem 1. Januar 2050").
 */
export const FUELEU_REDUCTIONS: readonly { fromYear: number; percent: number }[] = [
  { fromYear: 2025, percent: 2 },
  { fromYear: 2030, percent: 6 },
  { fromYear: 2035, percent: 14.5 },
  { fromYear: 2040, percent: 31 },
  { fromYear: 2045, percent: 62 },
  { fromYear: 2050, percent: 80 },
];

/** Article 5(1): RFNBO energy may count twice from 1 January 2025 to 31 December 2033. */
export const FUELEU_RFNBO_MULTIPLIER = { value: 2, fromYear: 2025, toYear: 2033 } as const;

export type FuelEuTarget = { year: number; reductionPercent: number; targetGco2eqPerMj: number; source: string };

/**
 * The GHG intensity limit of a reporting year (Article 4(2)), or null before 2025, when the regulation sets none.
 * Computed as 91.16 × (100 − reduction) / 100 so each target is the exact product the article describes.
 */
export const fuelEuTarget = (year: number): FuelEuTarget | null => {
  if (!Number.isInteger(year)) throw new RangeError(`year must be a whole year, got ${year}`);
  const step = FUELEU_REDUCTIONS.filter((reduction) => reduction.fromYear <= year).at(-1);
  if (!step) return null;
  return {
    year,
    reductionPercent: step.percent,
    targetGco2eqPerMj: (FUELEU_REFERENCE_GCO2EQ_PER_MJ * (100 - step.percent)) / 100,
    source: SOURCES.fuelEuLimit,
  };
};

/** The reward factor RWD of an energy source in a year: 2 for RFNBO while Article 5(1) allows it, 1 otherwise. */
export const fuelEuRewardFactor = (year: number, isRfnbo: boolean): number =>
  isRfnbo && year >= FUELEU_RFNBO_MULTIPLIER.fromYear && year <= FUELEU_RFNBO_MULTIPLIER.toYear ? FUELEU_RFNBO_MULTIPLIER.value : 1;
