import { SOURCES } from './sources.ts';

/** Ship types of MARPOL Annex VI regulation 28 that the CII guidelines give a reference line and a rating vector. */
export const CII_SHIP_TYPES = [
  'bulk_carrier',
  'gas_carrier',
  'tanker',
  'container_ship',
  'general_cargo_ship',
  'refrigerated_cargo_carrier',
  'combination_carrier',
  'lng_carrier',
  'ro_ro_cargo_ship_vehicle_carrier',
  'ro_ro_cargo_ship',
  'ro_ro_passenger_ship',
  'cruise_passenger_ship',
] as const;
export type CiiShipType = (typeof CII_SHIP_TYPES)[number];

export type CiiCapacityMeasure = 'dwt' | 'gt';
export type CiiMetric = 'AER' | 'cgDIST';

/**
 * Which capacity the attained CII divides by (G1): deadweight for the cargo ships, gross tonnage for ro-ro cargo
 * (vehicle carriers included), ro-ro passenger and cruise passenger ships. AER is CO2 per DWT·n mile, cgDIST CO2 per
 * GT·n mile.
 */
export const CII_CAPACITY_MEASURE: Readonly<Record<CiiShipType, CiiCapacityMeasure>> = {
  bulk_carrier: 'dwt',
  gas_carrier: 'dwt',
  tanker: 'dwt',
  container_ship: 'dwt',
  general_cargo_ship: 'dwt',
  refrigerated_cargo_carrier: 'dwt',
  combination_carrier: 'dwt',
  lng_carrier: 'dwt',
  ro_ro_cargo_ship_vehicle_carrier: 'gt',
  ro_ro_cargo_ship: 'gt',
  ro_ro_passenger_ship: 'gt',
  cruise_passenger_ship: 'gt',
};

export const ciiMetricFor = (shipType: CiiShipType): CiiMetric => (CII_CAPACITY_MEASURE[shipType] === 'dwt' ? 'AER' : 'cgDIST');

/** One fuel burnt in the year with its IMO Cf, taken from the factor library (not held here). */
export type CiiFuelUse = { fuelMassT: number; cfTCo2PerTFuel: number; factorId: string };

/**
 * A row of the reference-line table of G2 (MEPC.353(78) Table 1) for the ship's type and size, passed in by the
 * caller with its source. `fixedCapacity` is the capacity the row prescribes instead of the ship's own (a size cap
 * or floor), when the row has one.
 */
export type CiiReferenceLine = { a: number; c: number; fixedCapacity?: number; source: string };

/** The reduction factor Z (per cent, relative to the 2019 reference line) of one year, from G3 or its amendments. */
export type CiiReductionFactor = { year: number; zPercent: number; source: string };

/** The dd vector of G4 after the exponential transformation: exp(d1)..exp(d4) for the ship's type and size. */
export type CiiRatingVector = { expD1: number; expD2: number; expD3: number; expD4: number; source: string };

export type CiiRating = 'A' | 'B' | 'C' | 'D' | 'E';

export type CiiBoundaries = { superior: number; lower: number; upper: number; inferior: number };

const assertPositive = (value: number, name: string) => {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number, got ${value}`);
};

const assertNonNegative = (value: number, name: string) => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be zero or more, got ${value}`);
};

/** Total CO2 in tonnes: Σ FCj × CFj over the fuels burnt (G1). */
export const ciiCo2T = (fuels: readonly CiiFuelUse[]): number =>
  fuels.reduce((sum, fuel, index) => {
    assertNonNegative(fuel.fuelMassT, `fuels[${index}].fuelMassT`);
    assertPositive(fuel.cfTCo2PerTFuel, `fuels[${index}].cfTCo2PerTFuel`);
    return sum + fuel.fuelMassT * fuel.cfTCo2PerTFuel;
  }, 0);

export type AttainedCiiInput = { shipType: CiiShipType; capacity: number; distanceNm: number; fuels: readonly CiiFuelUse[] };

export type AttainedCii = {
  metric: CiiMetric;
  capacityMeasure: CiiCapacityMeasure;
  /** g CO2 per capacity·n mile (DWT·nm for AER, GT·nm for cgDIST). */
  value: number;
  co2T: number;
  method: string;
};

/**
 * Attained annual operational CII of G1: ΣCO2 / (Capacity × Dt), in grams of CO2 per capacity-n mile. The capacity
 * is the ship's deadweight or gross tonnage as CII_CAPACITY_MEASURE says for its type, as the caller read it from the
 * ship's certificates (G1's own capacity rules are applied by the caller before).
 */
export const attainedCii = (input: AttainedCiiInput): AttainedCii => {
  assertPositive(input.capacity, 'capacity');
  assertPositive(input.distanceNm, 'distanceNm');
  const co2T = ciiCo2T(input.fuels);
  return {
    metric: ciiMetricFor(input.shipType),
    capacityMeasure: CII_CAPACITY_MEASURE[input.shipType],
    value: (co2T * 1_000_000) / (input.capacity * input.distanceNm),
    co2T,
    method: SOURCES.ciiCalculationGuidelines,
  };
};

/** The 2019 reference line of G2: CII_ref = a × Capacity^-c, with the row's fixed capacity where it prescribes one. */
export const referenceCii = (line: CiiReferenceLine, capacity: number): number => {
  assertPositive(line.a, 'a');
  assertNonNegative(line.c, 'c');
  const used = line.fixedCapacity ?? capacity;
  assertPositive(used, 'capacity');
  return line.a * used ** -line.c;
};

/** Required annual operational CII of regulation 28.4: (1 − Z/100) × CII_ref. */
export const requiredCii = (reference: number, factor: CiiReductionFactor): number => {
  assertPositive(reference, 'reference');
  if (!Number.isFinite(factor.zPercent) || factor.zPercent < 0 || factor.zPercent >= 100) {
    throw new RangeError(`zPercent must be at least 0 and under 100, got ${factor.zPercent}`);
  }
  return ((100 - factor.zPercent) * reference) / 100;
};

/** The four boundaries of G4: required CII × exp(di), superior (A/B), lower (B/C), upper (C/D), inferior (D/E). */
export const ciiBoundaries = (required: number, vector: CiiRatingVector): CiiBoundaries => {
  assertPositive(required, 'required');
  const { expD1, expD2, expD3, expD4 } = vector;
  if (!(expD1 > 0 && expD1 < expD2 && expD2 < expD3 && expD3 < expD4)) {
    throw new RangeError('The rating vector must rise: 0 < exp(d1) < exp(d2) < exp(d3) < exp(d4)');
  }
  return { superior: required * expD1, lower: required * expD2, upper: required * expD3, inferior: required * expD4 };
};

/**
 * The A-E rating of an attained CII. A value exactly on a boundary takes the worse rating: A below the superior
 * boundary, B from it up to below the lower boundary, C up to below the upper, D up to below the inferior, E from the
 * inferior boundary on (see docs/vessel-indicators.md on this convention).
 */
export const ciiRating = (attained: number, boundaries: CiiBoundaries): CiiRating => {
  assertNonNegative(attained, 'attained');
  if (attained < boundaries.superior) return 'A';
  if (attained < boundaries.lower) return 'B';
  if (attained < boundaries.upper) return 'C';
  if (attained < boundaries.inferior) return 'D';
  return 'E';
};

export type CiiAssessmentInput = AttainedCiiInput & {
  referenceLine: CiiReferenceLine;
  reductionFactor: CiiReductionFactor;
  ratingVector: CiiRatingVector;
};

export type CiiAssessment = {
  year: number;
  attained: AttainedCii;
  reference: number;
  required: number;
  boundaries: CiiBoundaries;
  rating: CiiRating;
  /** attained / required, the ratio the rating compares with exp(d1)..exp(d4). */
  ratio: number;
  /** Every text and table the figures depend on, in the order they were used. */
  methods: string[];
};

/** A ship's CII for one year: attained, reference, required, boundaries and rating, naming every source used. */
export const assessCii = (input: CiiAssessmentInput): CiiAssessment => {
  const attained = attainedCii(input);
  const reference = referenceCii(input.referenceLine, input.capacity);
  const required = requiredCii(reference, input.reductionFactor);
  const boundaries = ciiBoundaries(required, input.ratingVector);
  return {
    year: input.reductionFactor.year,
    attained,
    reference,
    required,
    boundaries,
    rating: ciiRating(attained.value, boundaries),
    ratio: attained.value / required,
    methods: [
      attained.method,
      `${SOURCES.ciiReferenceLineGuidelines}: ${input.referenceLine.source}`,
      `${SOURCES.ciiRegulation}; Z from ${input.reductionFactor.source}`,
      `${SOURCES.ciiRatingGuidelines}: ${input.ratingVector.source}`,
    ],
  };
};
