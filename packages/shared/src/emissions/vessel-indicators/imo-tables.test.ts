import { describe, expect, it } from 'vitest';
import { EMISSION_FACTORS } from '../factors/library.ts';
import { assessCii } from './cii.ts';
import { CII_RATED_YEARS, ciiRatingVectorFor, ciiReductionFactorFor, ciiReferenceLineFor } from './imo-tables.ts';

const cfOf = (id: string) => Number(EMISSION_FACTORS.find((factor) => factor.id === id)?.value);

describe('the CII reference lines (MEPC.353(78), Table 1)', () => {
  // | Ship type                          | size                                   | Capacity | a        | c      |
  // | Bulk carrier                       | 279,000 DWT and above                  | 279,000  | 4745     | 0.622  |
  // |                                    | less than 279,000 DWT                  | DWT      | 4745     | 0.622  |
  // | Gas carrier                        | 65,000 DWT and above                   | DWT      | 14405E7  | 2.071  |
  // |                                    | less than 65,000 DWT                   | DWT      | 8104     | 0.639  |
  // | Tanker                             |                                        | DWT      | 5247     | 0.610  |
  // | Container ship                     |                                        | DWT      | 1984     | 0.489  |
  // | General cargo ship                 | 20,000 DWT and above                   | DWT      | 31948    | 0.792  |
  // |                                    | less than 20,000 DWT                   | DWT      | 588      | 0.3885 |
  // | Refrigerated cargo carrier         |                                        | DWT      | 4600     | 0.557  |
  // | Combination carrier                |                                        | DWT      | 5119     | 0.622  |
  // | LNG carrier                        | 100,000 DWT and above                  | DWT      | 9.827    | 0.000  |
  // |                                    | 65,000 and above, less than 100,000    | DWT      | 14479E10 | 2.673  |
  // |                                    | less than 65,000 DWT                   | 65,000   | 14479E10 | 2.673  |
  // | Ro-ro cargo ship (vehicle carrier) | 57,700 GT and above                    | 57,700   | 3627     | 0.590  |
  // |                                    | 30,000 GT and above, less than 57,700  | GT       | 3627     | 0.590  |
  // |                                    | less than 30,000 GT                    | GT       | 330      | 0.329  |
  // | Ro-ro cargo ship                   |                                        | GT       | 1967     | 0.485  |
  // | Ro-ro passenger ship               |                                        | GT       | 2023     | 0.460  |
  // | Cruise passenger ship              |                                        | GT       | 930      | 0.383  |
  it('reproduces every row, with the size bands and the fixed capacities', () => {
    const row = (type: Parameters<typeof ciiReferenceLineFor>[0], capacity: number) => {
      const found = ciiReferenceLineFor(type, capacity);
      return found && [found.a, found.c, found.fixedCapacity ?? 'own'];
    };
    expect(row('bulk_carrier', 300_000)).toEqual([4745, 0.622, 279_000]);
    expect(row('bulk_carrier', 279_000)).toEqual([4745, 0.622, 279_000]);
    expect(row('bulk_carrier', 278_999)).toEqual([4745, 0.622, 'own']);
    expect(row('gas_carrier', 65_000)).toEqual([144_050_000_000, 2.071, 'own']);
    expect(row('gas_carrier', 64_999)).toEqual([8104, 0.639, 'own']);
    expect(row('tanker', 50_000)).toEqual([5247, 0.61, 'own']);
    expect(row('container_ship', 50_000)).toEqual([1984, 0.489, 'own']);
    expect(row('general_cargo_ship', 20_000)).toEqual([31948, 0.792, 'own']);
    expect(row('general_cargo_ship', 19_999)).toEqual([588, 0.3885, 'own']);
    expect(row('refrigerated_cargo_carrier', 10_000)).toEqual([4600, 0.557, 'own']);
    expect(row('combination_carrier', 10_000)).toEqual([5119, 0.622, 'own']);
    expect(row('lng_carrier', 100_000)).toEqual([9.827, 0, 'own']);
    expect(row('lng_carrier', 99_999)).toEqual([144_790_000_000_000, 2.673, 'own']);
    expect(row('lng_carrier', 64_999)).toEqual([144_790_000_000_000, 2.673, 65_000]);
    expect(row('ro_ro_cargo_ship_vehicle_carrier', 57_700)).toEqual([3627, 0.59, 57_700]);
    expect(row('ro_ro_cargo_ship_vehicle_carrier', 30_000)).toEqual([3627, 0.59, 'own']);
    expect(row('ro_ro_cargo_ship_vehicle_carrier', 29_999)).toEqual([330, 0.329, 'own']);
    expect(row('ro_ro_cargo_ship', 20_000)).toEqual([1967, 0.485, 'own']);
    expect(row('ro_ro_passenger_ship', 20_000)).toEqual([2023, 0.46, 'own']);
    expect(row('cruise_passenger_ship', 20_000)).toEqual([930, 0.383, 'own']);
    expect(ciiReferenceLineFor('tanker', 0)).toBeNull();
    expect(ciiReferenceLineFor('bulk_carrier', 300_000)?.source).toBe(
      'MEPC.353(78), Table 1, bulk carrier of 279,000 DWT and above (capacity 279,000)',
    );
  });
});

describe('the CII rating vectors (MEPC.354(78), Table 1, exp(d1)..exp(d4))', () => {
  // Bulk 0.86 0.94 1.06 1.18; gas ≥65,000 0.81 0.91 1.12 1.44, <65,000 0.85 0.95 1.06 1.25; tanker 0.82 0.93 1.08 1.28;
  // container 0.83 0.94 1.07 1.19; general cargo 0.83 0.94 1.06 1.19; refrigerated 0.78 0.91 1.07 1.20; combination
  // 0.87 0.96 1.06 1.14; LNG ≥100,000 0.89 0.98 1.06 1.13, <100,000 0.78 0.92 1.10 1.37; vehicle carrier 0.86 0.94
  // 1.06 1.16; ro-ro cargo 0.76 0.89 1.08 1.27; ro-ro passenger 0.76 0.92 1.14 1.30; cruise 0.87 0.95 1.06 1.16.
  it('reproduces every row', () => {
    const row = (type: Parameters<typeof ciiRatingVectorFor>[0], capacity: number) => {
      const v = ciiRatingVectorFor(type, capacity);
      return v && [v.expD1, v.expD2, v.expD3, v.expD4];
    };
    expect(row('bulk_carrier', 80_000)).toEqual([0.86, 0.94, 1.06, 1.18]);
    expect(row('gas_carrier', 65_000)).toEqual([0.81, 0.91, 1.12, 1.44]);
    expect(row('gas_carrier', 64_999)).toEqual([0.85, 0.95, 1.06, 1.25]);
    expect(row('tanker', 1)).toEqual([0.82, 0.93, 1.08, 1.28]);
    expect(row('container_ship', 1)).toEqual([0.83, 0.94, 1.07, 1.19]);
    expect(row('general_cargo_ship', 1)).toEqual([0.83, 0.94, 1.06, 1.19]);
    expect(row('refrigerated_cargo_carrier', 1)).toEqual([0.78, 0.91, 1.07, 1.2]);
    expect(row('combination_carrier', 1)).toEqual([0.87, 0.96, 1.06, 1.14]);
    expect(row('lng_carrier', 100_000)).toEqual([0.89, 0.98, 1.06, 1.13]);
    expect(row('lng_carrier', 99_999)).toEqual([0.78, 0.92, 1.1, 1.37]);
    expect(row('ro_ro_cargo_ship_vehicle_carrier', 1)).toEqual([0.86, 0.94, 1.06, 1.16]);
    expect(row('ro_ro_cargo_ship', 1)).toEqual([0.76, 0.89, 1.08, 1.27]);
    expect(row('ro_ro_passenger_ship', 1)).toEqual([0.76, 0.92, 1.14, 1.3]);
    expect(row('cruise_passenger_ship', 1)).toEqual([0.87, 0.95, 1.06, 1.16]);
  });
});

describe('the CII reduction factors (MEPC.338(76), Table 1)', () => {
  // 2020 1 %, 2021 2 %, 2022 3 %, 2023 5 %, 2024 7 %, 2025 9 %, 2026 11 %.
  it('reproduces the table and holds no later year', () => {
    expect(CII_RATED_YEARS.map((year) => [year, ciiReductionFactorFor(year)?.zPercent])).toEqual([
      [2020, 1],
      [2021, 2],
      [2022, 3],
      [2023, 5],
      [2024, 7],
      [2025, 9],
      [2026, 11],
    ]);
    expect(ciiReductionFactorFor(2019)).toBeNull();
    expect(ciiReductionFactorFor(2027)).toBeNull();
  });
});

describe('a CII worked through by hand with the tables', () => {
  it('rates an 81,000 DWT bulk carrier of 2023 B', () => {
    // Fuel: 5,000 t HFO (CF 3.114) + 400 t MGO (CF 3.206) → CO2 = 15,570 + 1,282.4 = 16,852.4 t.
    // Attained AER = 16,852.4 × 10^6 g / (81,000 DWT × 60,000 nm) = 3.467572 g/(DWT·nm).
    // Reference = 4745 × 81,000^-0.622 = 4.199122; required 2023 = (1 − 0.05) × 4.199122 = 3.989166.
    // Boundaries = 3.989166 × (0.86, 0.94, 1.06, 1.18) = 3.430683, 3.749816, 4.228516, 4.707216.
    // 3.430683 ≤ 3.467572 < 3.749816 → B.
    const capacity = 81_000;
    const result = assessCii({
      shipType: 'bulk_carrier',
      capacity,
      distanceNm: 60_000,
      fuels: [
        { fuelMassT: 5_000, cfTCo2PerTFuel: cfOf('imo.cf.hfo'), factorId: 'imo.cf.hfo' },
        { fuelMassT: 400, cfTCo2PerTFuel: cfOf('imo.cf.mdo_mgo'), factorId: 'imo.cf.mdo_mgo' },
      ],
      referenceLine: ciiReferenceLineFor('bulk_carrier', capacity) ?? expect.unreachable(),
      reductionFactor: ciiReductionFactorFor(2023) ?? expect.unreachable(),
      ratingVector: ciiRatingVectorFor('bulk_carrier', capacity) ?? expect.unreachable(),
    });
    expect(result.attained.co2T).toBeCloseTo(16_852.4, 6);
    expect(result.attained.value).toBeCloseTo(3.467572, 6);
    expect(result.reference).toBeCloseTo(4.199122, 6);
    expect(result.required).toBeCloseTo(3.989166, 6);
    expect(result.boundaries.superior).toBeCloseTo(3.430683, 6);
    expect(result.boundaries.lower).toBeCloseTo(3.749816, 6);
    expect(result.rating).toBe('B');
  });
});
