import type { CiiRatingVector, CiiReductionFactor, CiiReferenceLine, CiiShipType } from './cii.ts';

/**
 * The three IMO CII tables: the 2019 reference lines (G2, MEPC.353(78) Table 1), the reduction factors (G3,
 * MEPC.338(76) Table 1) and the rating vectors (G4, MEPC.354(78) Table 1). Like the fuel factors, they are
 * transcribed from the named tables and cross-checked, not read in the resolutions themselves where they were entered
 * (docs/vessel-indicators.md); every figure they produce names its row.
 *
 * A row applies to capacities from `from` (inclusive) up to `below` (exclusive), in the ship type's capacity measure
 * (DWT or GT, see CII_CAPACITY_MEASURE).
 */

type Band<Value> = { from?: number; below?: number; value: Value };

const G2 = 'MEPC.353(78), Table 1';
const G4 = 'MEPC.354(78), Table 1';

const line = (a: number, c: number, row: string, fixedCapacity?: number): CiiReferenceLine => ({
  a,
  c,
  ...(fixedCapacity === undefined ? {} : { fixedCapacity }),
  source: `${G2}, ${row}`,
});

const REFERENCE_LINES: Readonly<Record<CiiShipType, readonly Band<CiiReferenceLine>[]>> = {
  bulk_carrier: [
    { from: 279_000, value: line(4745, 0.622, 'bulk carrier of 279,000 DWT and above (capacity 279,000)', 279_000) },
    { below: 279_000, value: line(4745, 0.622, 'bulk carrier of less than 279,000 DWT') },
  ],
  gas_carrier: [
    { from: 65_000, value: line(14405e7, 2.071, 'gas carrier of 65,000 DWT and above') },
    { below: 65_000, value: line(8104, 0.639, 'gas carrier of less than 65,000 DWT') },
  ],
  tanker: [{ value: line(5247, 0.61, 'tanker') }],
  container_ship: [{ value: line(1984, 0.489, 'container ship') }],
  general_cargo_ship: [
    { from: 20_000, value: line(31948, 0.792, 'general cargo ship of 20,000 DWT and above') },
    { below: 20_000, value: line(588, 0.3885, 'general cargo ship of less than 20,000 DWT') },
  ],
  refrigerated_cargo_carrier: [{ value: line(4600, 0.557, 'refrigerated cargo carrier') }],
  combination_carrier: [{ value: line(5119, 0.622, 'combination carrier') }],
  lng_carrier: [
    { from: 100_000, value: line(9.827, 0, 'LNG carrier of 100,000 DWT and above') },
    { from: 65_000, below: 100_000, value: line(14479e10, 2.673, 'LNG carrier of 65,000 DWT and above, less than 100,000 DWT') },
    { below: 65_000, value: line(14479e10, 2.673, 'LNG carrier of less than 65,000 DWT (capacity 65,000)', 65_000) },
  ],
  ro_ro_cargo_ship_vehicle_carrier: [
    { from: 57_700, value: line(3627, 0.59, 'ro-ro cargo ship (vehicle carrier) of 57,700 GT and above (capacity 57,700)', 57_700) },
    {
      from: 30_000,
      below: 57_700,
      value: line(3627, 0.59, 'ro-ro cargo ship (vehicle carrier) of 30,000 GT and above, less than 57,700 GT'),
    },
    { below: 30_000, value: line(330, 0.329, 'ro-ro cargo ship (vehicle carrier) of less than 30,000 GT') },
  ],
  ro_ro_cargo_ship: [{ value: line(1967, 0.485, 'ro-ro cargo ship') }],
  ro_ro_passenger_ship: [{ value: line(2023, 0.46, 'ro-ro passenger ship') }],
  cruise_passenger_ship: [{ value: line(930, 0.383, 'cruise passenger ship') }],
};

const vector = (expD1: number, expD2: number, expD3: number, expD4: number, row: string): CiiRatingVector => ({
  expD1,
  expD2,
  expD3,
  expD4,
  source: `${G4}, ${row}`,
});

const RATING_VECTORS: Readonly<Record<CiiShipType, readonly Band<CiiRatingVector>[]>> = {
  bulk_carrier: [{ value: vector(0.86, 0.94, 1.06, 1.18, 'bulk carrier') }],
  gas_carrier: [
    { from: 65_000, value: vector(0.81, 0.91, 1.12, 1.44, 'gas carrier of 65,000 DWT and above') },
    { below: 65_000, value: vector(0.85, 0.95, 1.06, 1.25, 'gas carrier of less than 65,000 DWT') },
  ],
  tanker: [{ value: vector(0.82, 0.93, 1.08, 1.28, 'tanker') }],
  container_ship: [{ value: vector(0.83, 0.94, 1.07, 1.19, 'container ship') }],
  general_cargo_ship: [{ value: vector(0.83, 0.94, 1.06, 1.19, 'general cargo ship') }],
  refrigerated_cargo_carrier: [{ value: vector(0.78, 0.91, 1.07, 1.2, 'refrigerated cargo carrier') }],
  combination_carrier: [{ value: vector(0.87, 0.96, 1.06, 1.14, 'combination carrier') }],
  lng_carrier: [
    { from: 100_000, value: vector(0.89, 0.98, 1.06, 1.13, 'LNG carrier of 100,000 DWT and above') },
    { below: 100_000, value: vector(0.78, 0.92, 1.1, 1.37, 'LNG carrier of less than 100,000 DWT') },
  ],
  ro_ro_cargo_ship_vehicle_carrier: [{ value: vector(0.86, 0.94, 1.06, 1.16, 'ro-ro cargo ship (vehicle carrier)') }],
  ro_ro_cargo_ship: [{ value: vector(0.76, 0.89, 1.08, 1.27, 'ro-ro cargo ship') }],
  ro_ro_passenger_ship: [{ value: vector(0.76, 0.92, 1.14, 1.3, 'ro-ro passenger ship') }],
  cruise_passenger_ship: [{ value: vector(0.87, 0.95, 1.06, 1.16, 'cruise passenger ship') }],
};

/** Z per year relative to the 2019 reference line. Years after 2026 are not held: a later year is not rated. */
const REDUCTION_FACTORS: readonly CiiReductionFactor[] = [
  { year: 2020, zPercent: 1, source: 'MEPC.338(76), Table 1, 2020' },
  { year: 2021, zPercent: 2, source: 'MEPC.338(76), Table 1, 2021' },
  { year: 2022, zPercent: 3, source: 'MEPC.338(76), Table 1, 2022' },
  { year: 2023, zPercent: 5, source: 'MEPC.338(76), Table 1, 2023' },
  { year: 2024, zPercent: 7, source: 'MEPC.338(76), Table 1, 2024' },
  { year: 2025, zPercent: 9, source: 'MEPC.338(76), Table 1, 2025' },
  { year: 2026, zPercent: 11, source: 'MEPC.338(76), Table 1, 2026' },
];

const inBand = <Value>(bands: readonly Band<Value>[], capacity: number): Value | null => {
  if (!Number.isFinite(capacity) || capacity <= 0) return null;
  const band = bands.find((b) => (b.from === undefined || capacity >= b.from) && (b.below === undefined || capacity < b.below));
  return band?.value ?? null;
};

/** The G2 reference-line row for the ship type and its capacity (DWT or GT), or null for a capacity that is not positive. */
export const ciiReferenceLineFor = (shipType: CiiShipType, capacity: number): CiiReferenceLine | null =>
  inBand(REFERENCE_LINES[shipType], capacity);

/** The G4 rating vector for the ship type and its capacity, or null for a capacity that is not positive. */
export const ciiRatingVectorFor = (shipType: CiiShipType, capacity: number): CiiRatingVector | null =>
  inBand(RATING_VECTORS[shipType], capacity);

/** The G3 reduction factor of a year, or null for a year the table does not hold (before 2020, after 2026). */
export const ciiReductionFactorFor = (year: number): CiiReductionFactor | null =>
  REDUCTION_FACTORS.find((factor) => factor.year === year) ?? null;

/** The years the reduction-factor table holds, for screens that say which years can be rated. */
export const CII_RATED_YEARS = REDUCTION_FACTORS.map((factor) => factor.year);
