import { describe, expect, it } from 'vitest';
import { assessCii, attainedCii, CII_CAPACITY_MEASURE, ciiBoundaries, ciiMetricFor, ciiRating, referenceCii, requiredCii } from './cii.ts';

// The reference-line parameters, reduction factor, rating vector and Cf below are ILLUSTRATIVE round numbers chosen so
// the arithmetic can be checked by hand; they are not values of MEPC.353(78), MEPC.338(76), MEPC.354(78) or
// MEPC.364(79), which this module takes as inputs (see docs/vessel-indicators.md).
const line = { a: 1000, c: 0.5, source: 'illustrative row' };
const z10 = { year: 2025, zPercent: 10, source: 'illustrative Z' };
const vector = { expD1: 0.8, expD2: 0.9, expD3: 1.1, expD4: 1.2, source: 'illustrative vector' };

describe('attained CII (G1)', () => {
  it('divides the CO2 of all fuels by capacity times distance, in g CO2 per DWT n mile for a cargo ship', () => {
    // 4,000 t × Cf 3 + 1,000 t × Cf 3 = 15,000 t CO2 = 1.5e10 g; 40,000 DWT × 75,000 nm = 3e9; AER = 5.0
    const result = attainedCii({
      shipType: 'bulk_carrier',
      capacity: 40_000,
      distanceNm: 75_000,
      fuels: [
        { fuelMassT: 4_000, cfTCo2PerTFuel: 3, factorId: 'f1' },
        { fuelMassT: 1_000, cfTCo2PerTFuel: 3, factorId: 'f2' },
      ],
    });
    expect(result).toEqual({
      metric: 'AER',
      capacityMeasure: 'dwt',
      value: 5,
      co2T: 15_000,
      method: expect.stringContaining('MEPC.352(78)'),
    });
  });

  it('uses gross tonnage (cgDIST) for ro-ro cargo, vehicle carriers, ro-pax and cruise ships, deadweight (AER) for the others', () => {
    // 2,000 t × Cf 3 = 6e9 g CO2; 30,000 GT × 100,000 nm = 3e9; cgDIST = 2.0
    const ropax = attainedCii({
      shipType: 'ro_ro_passenger_ship',
      capacity: 30_000,
      distanceNm: 100_000,
      fuels: [{ fuelMassT: 2_000, cfTCo2PerTFuel: 3, factorId: 'f' }],
    });
    expect(ropax).toMatchObject({ metric: 'cgDIST', capacityMeasure: 'gt', value: 2 });
    const gt = Object.entries(CII_CAPACITY_MEASURE)
      .filter(([, measure]) => measure === 'gt')
      .map(([type]) => type);
    expect(gt).toEqual(['ro_ro_cargo_ship_vehicle_carrier', 'ro_ro_cargo_ship', 'ro_ro_passenger_ship', 'cruise_passenger_ship']);
    expect(ciiMetricFor('tanker')).toBe('AER');
    expect(ciiMetricFor('cruise_passenger_ship')).toBe('cgDIST');
  });

  it('refuses a zero distance or capacity and a negative fuel mass', () => {
    const fuels = [{ fuelMassT: 1, cfTCo2PerTFuel: 3, factorId: 'f' }];
    expect(() => attainedCii({ shipType: 'tanker', capacity: 1, distanceNm: 0, fuels })).toThrow(/distanceNm/);
    expect(() => attainedCii({ shipType: 'tanker', capacity: 0, distanceNm: 1, fuels })).toThrow(/capacity/);
    expect(() =>
      attainedCii({ shipType: 'tanker', capacity: 1, distanceNm: 1, fuels: [{ fuelMassT: -1, cfTCo2PerTFuel: 3, factorId: 'f' }] }),
    ).toThrow(/fuels\[0\]\.fuelMassT/);
  });
});

describe('reference and required CII (G2, regulation 28.4)', () => {
  it('computes a × Capacity^-c, using the row’s fixed capacity when it prescribes one', () => {
    expect(referenceCii(line, 40_000)).toBe(5); // 1000 × 40000^-0.5 = 1000 / 200
    expect(referenceCii({ ...line, fixedCapacity: 250_000 }, 400_000)).toBe(2); // 1000 / 500, the ship's own 400,000 ignored
    expect(referenceCii({ a: 9.8, c: 0, source: 'flat row' }, 150_000)).toBe(9.8); // c = 0: a flat line
  });

  it('reduces the reference line by Z per cent', () => {
    expect(requiredCii(5, z10)).toBe(4.5); // (100 − 10) × 5 / 100
    expect(requiredCii(5, { ...z10, zPercent: 0 })).toBe(5);
    expect(() => requiredCii(5, { ...z10, zPercent: 100 })).toThrow(/zPercent/);
    expect(() => requiredCii(5, { ...z10, zPercent: -1 })).toThrow(/zPercent/);
  });
});

describe('rating boundaries and the A-E rating (G4)', () => {
  it('multiplies the required CII by exp(d1)..exp(d4)', () => {
    const b = ciiBoundaries(4.5, vector);
    expect(b.superior).toBeCloseTo(3.6, 12);
    expect(b.lower).toBeCloseTo(4.05, 12);
    expect(b.upper).toBeCloseTo(4.95, 12);
    expect(b.inferior).toBeCloseTo(5.4, 12);
    expect(() => ciiBoundaries(4.5, { ...vector, expD3: 0.85 })).toThrow(/must rise/);
  });

  it('gives the worse rating to a value exactly on a boundary', () => {
    const b = { superior: 8, lower: 9, upper: 11, inferior: 12 };
    expect(ciiRating(7.999, b)).toBe('A');
    expect(ciiRating(8, b)).toBe('B');
    expect(ciiRating(8.999, b)).toBe('B');
    expect(ciiRating(9, b)).toBe('C');
    expect(ciiRating(10.999, b)).toBe('C');
    expect(ciiRating(11, b)).toBe('D');
    expect(ciiRating(11.999, b)).toBe('D');
    expect(ciiRating(12, b)).toBe('E');
    expect(ciiRating(0, b)).toBe('A');
  });

  it('rates on the computed boundaries themselves, each one landing in the worse band', () => {
    const b = ciiBoundaries(4.5, vector);
    expect([b.superior, b.lower, b.upper, b.inferior].map((value) => ciiRating(value, b))).toEqual(['B', 'C', 'D', 'E']);
  });
});

describe('assessCii', () => {
  it('puts attained, reference, required, boundaries and rating together and names every source', () => {
    // attained 5.0 (first case above); reference 5.0; required 4.5; boundaries 3.6 / 4.05 / 4.95 / 5.4: 4.95 ≤ 5.0 < 5.4 → D
    const result = assessCii({
      shipType: 'bulk_carrier',
      capacity: 40_000,
      distanceNm: 75_000,
      fuels: [{ fuelMassT: 5_000, cfTCo2PerTFuel: 3, factorId: 'f' }],
      referenceLine: line,
      reductionFactor: z10,
      ratingVector: vector,
    });
    expect(result).toMatchObject({ year: 2025, reference: 5, required: 4.5, rating: 'D' });
    expect(result.attained.value).toBe(5);
    expect(result.ratio).toBeCloseTo(5 / 4.5, 12);
    expect(result.methods).toEqual([
      expect.stringContaining('MEPC.352(78)'),
      expect.stringMatching(/MEPC\.353\(78\).*illustrative row/),
      expect.stringMatching(/regulation 28.*illustrative Z/),
      expect.stringMatching(/MEPC\.354\(78\).*illustrative vector/),
    ]);
  });
});
