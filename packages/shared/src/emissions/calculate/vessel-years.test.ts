import { describe, expect, it } from 'vitest';
import type { ReferenceRow } from '../benchmarks/reference-set.ts';
import { createCalculator } from './calculator.ts';
import { ciiShipTypeOf } from './cii-ship-type.ts';
import type { StoredEntryValue } from './types.ts';
import { createVesselYearAccumulator, type VesselYear, vesselIndicators } from './vessel-years.ts';

const FIELDS = [
  'imo_number',
  'vessel_name',
  'ship_type',
  'period_start',
  'period_end',
  'fuel_type',
  'fuel_mass',
  'distance',
  'cargo_mass',
  'load_condition',
  'deadweight',
  'hours_at_sea',
];

/**
 * A bulk carrier of 60,000 DWT in 2025, two voyages reported one row per fuel (the voyage's distance, cargo and hours
 * repeated on each row): voyage 1 HFO 100 t + MDO 10 t, 1,000 nm, 50,000 t cargo, 80 h; voyage 2 in ballast, HFO 150 t,
 * 1,500 nm, 120 h.
 */
const ROWS: StoredEntryValue[][] = [
  ['9074729', 'Nordic Tern', 'Bulk carrier', '2025-03-01', '2025-03-05', 'HFO', 100, 1_000, 50_000, 'laden', 60_000, 80],
  ['9074729', 'Nordic Tern', 'Bulk carrier', '2025-03-01', '2025-03-05', 'MDO_MGO', 10, 1_000, 50_000, 'laden', 60_000, 80],
  ['9074729', 'Nordic Tern', 'Bulk carrier', '2025-03-06', '2025-03-12', 'HFO', 150, 1_500, 0, 'ballast', 60_000, 120],
];

const accumulate = (rows: StoredEntryValue[][]): VesselYear[] => {
  const compute = createCalculator({ gwpSet: 'AR6', consolidationApproach: 'operational_control', organizationFactors: [] }).forFile(
    'vessel_fuel_consumption',
    FIELDS,
  );
  const accumulator = createVesselYearAccumulator();
  for (const row of rows) accumulator.add(compute(row, row[3] as string, 'supplier-a'), 'supplier-a');
  return accumulator.years();
};

describe('the vessel-year accumulator', () => {
  it('adds the fuels and counts each voyage’s distance, cargo and hours once', () => {
    const [year] = accumulate(ROWS);
    // fuels: HFO 100 + 150 = 250 t, MDO 10 t; distance 1,000 + 1,500 = 2,500 nm; work 50,000 × 1,000 + 0 = 5e7 t·nm; hours 200
    // FuelEU (AR4: CH4 25, N2O 298): energy 250e6 g × 0.0405 + 10e6 g × 0.0427 = 10,125,000 + 427,000 = 10,552,000 MJ
    // WtT 10,125,000 × 13.5 + 427,000 × 14.4 = 136,687,500 + 6,148,800 = 142,836,300 g
    // TtW 250e6 × (3.114 + 0.00005 × 25 + 0.00018 × 298) + 10e6 × (3.206 + 0.00125 + 0.05364) = 792,222,500 + 32,608,900
    //   = 824,831,400 g; WtW = 967,667,700 g
    expect(year).toMatchObject({
      imo: '9074729',
      year: 2025,
      name: 'Nordic Tern',
      shipType: 'Bulk carrier',
      supplierOrganizationId: 'supplier-a',
      data: {
        fuels: { HFO: 250, MDO_MGO: 10 },
        distanceNm: 2_500,
        transportWorkTnm: 50_000_000,
        hoursAtSea: 200,
        deadweight: 60_000,
        grossTonnage: null,
      },
    });
    expect(year?.data.energyMj).toBeCloseTo(10_552_000, 3);
    expect(year?.data.wtwGco2e).toBeCloseTo(967_667_700, 0);
    // the organisation's own CO2 (AR6 run, FuelEU Cf): 250 × 3,114 + 10 × 3,206 = 778,500 + 32,060 = 810,560 kg
    expect(year?.co2Kg).toBeCloseTo(810_560, 6);
  });
});

/** Twelve bulk carriers of 2025: CO2 per distance 100 … 1,200 kg/nm, per transport work 5 … 60 g/t·nm, and the ship itself. */
const REFERENCE: ReferenceRow[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    imo: String(9_100_000 + i),
    shipType: 'Bulk carrier',
    year: 2025,
    co2PerDistance: 100 * (i + 1),
    co2PerTransportWork: 5 * (i + 1),
  })),
  { imo: '9074729', shipType: 'Bulk carrier', year: 2025, co2PerDistance: 1, co2PerTransportWork: 1 },
];

describe('vesselIndicators', () => {
  it('rates the CII with the IMO tables, gives the FuelEU balance and the EU MRV intensities, and places the ship', () => {
    const [year] = accumulate(ROWS);
    if (!year) throw new Error('no vessel year');
    const indicators = vesselIndicators(year, { referenceRows: REFERENCE });
    // IMO CO2 = 250 × 3.114 + 10 × 3.206 = 810.56 t
    // AER = 810.56e6 g / (60,000 DWT × 2,500 nm) = 5.4037333
    // reference (bulk carrier < 279,000 DWT) = 4745 × 60,000^−0.622 = 5.0608812; Z 2025 = 9 % → required 4.6054019
    // boundaries × 0.86 / 0.94 / 1.06 / 1.18 = 3.9606456 / 4.3290777 / 4.8817260 / 5.4343742: 4.88 ≤ 5.40 < 5.43 → D
    expect(indicators.cii).toMatchObject({
      metric: 'AER',
      capacity: 60_000,
      capacityUnit: 'dwt',
      reductionFactor: 9,
      rating: 'D',
      missing: null,
    });
    expect(indicators.cii.attained).toBeCloseTo(5.4037333, 6);
    expect(indicators.cii.referenceLine).toBeCloseTo(5.0608812, 6);
    expect(indicators.cii.required).toBeCloseTo(4.6054019, 6);
    expect(indicators.cii.boundaries?.map((b) => Number(b.toFixed(6)))).toEqual([3.960646, 4.329078, 4.881726, 5.434374]);
    // FuelEU: 967,667,700 g / 10,552,000 MJ = 91.704672 g/MJ; 2025 target 91.16 × 0.98 = 89.3368
    // balance (89.3368 − 91.704672) × 10,552,000 = −24,985,786.4 g
    expect(indicators.fuelEu.ghgIntensity).toBeCloseTo(91.704672, 5);
    expect(indicators.fuelEu.target).toBeCloseTo(89.3368, 9);
    expect(indicators.fuelEu.complianceBalanceGco2e).toBeCloseTo(-24_985_786.4, 0);
    expect(indicators.fuelEu.missing).toBeNull();
    // MRV: 810,560 kg / 2,500 nm = 324.224 kg/nm; 810.56e6 g / 5e7 t·nm = 16.2112 g/t·nm
    expect(indicators.mrv.co2PerDistanceKgPerNm).toBeCloseTo(324.224, 9);
    expect(indicators.mrv.co2PerTransportWorkGPerTNm).toBeCloseTo(16.2112, 9);
    // Benchmark, the ship's own row left out: 3 of 12 peers lower on both → 25th percentile
    // quantiles (type 7) of 100…1,200: p10 h = 1.1 → 210; p25 h = 2.75 → 375; p50 h = 5.5 → 650; p75 h = 8.25 → 925; p90 h = 9.9 → 1,090
    expect(indicators.benchmark).toMatchObject({
      co2PerDistancePercentile: 25,
      co2PerTransportWorkPercentile: 25,
      peers: 12,
      referenceShipType: 'Bulk carrier',
      referenceYear: 2025,
      missing: null,
    });
    expect(indicators.benchmark.peerDistanceQuantiles.map((q) => Number(q.toFixed(6)))).toEqual([210, 375, 650, 925, 1090]);
  });

  it('says what is missing: the capacity, a rated year, a FuelEU limit, a peer group', () => {
    const [year] = accumulate(ROWS.map((row) => row.map((value, i) => (FIELDS[i] === 'deadweight' ? null : value))));
    if (!year) throw new Error('no vessel year');
    expect(vesselIndicators(year).cii).toMatchObject({ rating: null, missing: 'No deadweight reported for this ship' });
    const early = { ...year, year: 2019, data: { ...year.data, deadweight: 60_000 } };
    const indicators = vesselIndicators(early);
    expect(indicators.cii.missing).toBe('No CII reduction factor for 2019 in the IMO tables (they hold 2020 to 2026)');
    expect(indicators.fuelEu).toMatchObject({ target: null, complianceBalanceGco2e: null });
    expect(indicators.fuelEu.missing).toBe('Regulation (EU) 2023/1805 sets no GHG intensity limit for 2019');
    expect(indicators.benchmark.missing).toBe('The EU MRV reference holds no Bulk carrier ships');
    const ropax = vesselIndicators({ ...year, shipType: 'Ro-pax ship' });
    expect(ropax.cii).toMatchObject({ metric: 'cgDIST', capacityUnit: 'gt', missing: 'No gross tonnage reported for this ship' });
  });
});

describe('ciiShipTypeOf', () => {
  it('maps the CII names, cruise ships and the EU MRV types, and nothing else', () => {
    expect(ciiShipTypeOf('Bulk carrier')).toBe('bulk_carrier');
    expect(ciiShipTypeOf('Oil tanker')).toBe('tanker');
    expect(ciiShipTypeOf('cruise ship')).toBe('cruise_passenger_ship');
    expect(ciiShipTypeOf('Ro-pax ship')).toBe('ro_ro_passenger_ship');
    expect(ciiShipTypeOf('PCTC')).toBe('ro_ro_cargo_ship_vehicle_carrier');
    expect(ciiShipTypeOf('Passenger ship')).toBeNull();
    expect(ciiShipTypeOf('Tug')).toBeNull();
    expect(ciiShipTypeOf(null)).toBeNull();
  });
});
