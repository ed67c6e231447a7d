import { describe, expect, it } from 'vitest';
import {
  dqrOf,
  hotspots,
  monthsInPeriod,
  previousPeriod,
  projectYearEnd,
  supplierBenchmarks,
  supplierDataQuality,
  yearOnYearChange,
} from './report-math.ts';

describe('hotspots', () => {
  it('keeps the largest items until they make 80 % of the total', () => {
    // total 1,000: A 500 (50 %), B 250 (75 %), C 100 (85 % ≥ 80 %: stop), D and E left out
    const result = hotspots('supplier', [
      { key: 'D', label: 'Delta', co2eWtwKg: 80 },
      { key: 'A', label: 'Alpha', co2eWtwKg: 500 },
      { key: 'C', label: 'Charlie', co2eWtwKg: 100 },
      { key: 'B', label: 'Bravo', co2eWtwKg: 250 },
      { key: 'E', label: 'Echo', co2eWtwKg: 70 },
    ]);
    expect(result.map((h) => [h.key, h.share, h.cumulativeShare])).toEqual([
      ['A', 0.5, 0.5],
      ['B', 0.25, 0.75],
      ['C', 0.1, 0.85],
    ]);
    expect(result[0]).toMatchObject({ dimension: 'supplier', label: 'Alpha', co2eWtwKg: 500 });
  });

  it('stops at five, keeps one even when it alone passes 80 %, and ignores zero and negative items', () => {
    const even = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((key) => ({ key, label: key, co2eWtwKg: 10 }));
    // ten equal items of 10 %: five reach only 50 %, but five is the most
    expect(hotspots('vessel', even).map((h) => h.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(
      hotspots('route', [
        { key: 'x', label: 'x', co2eWtwKg: 900 },
        { key: 'y', label: 'y', co2eWtwKg: 100 },
      ]).map((h) => h.key),
    ).toEqual(['x']);
    expect(hotspots('supplier', [{ key: 'z', label: 'z', co2eWtwKg: -5 }])).toEqual([]);
  });

  it('takes shares of a given total when the items do not cover it', () => {
    // routes of 300 and 100 out of a period total of 1,000: 30 %, then 40 % cumulative, and no more items
    const result = hotspots(
      'route',
      [
        { key: 'r1', label: 'NOOSL→DEHAM', co2eWtwKg: 300 },
        { key: 'r2', label: 'DEHAM→NLRTM', co2eWtwKg: 100 },
      ],
      1_000,
    );
    expect(result.map((h) => [h.share, h.cumulativeShare])).toEqual([
      [0.3, 0.3],
      [0.1, 0.4],
    ]);
  });
});

describe('projection and year-on-year change', () => {
  const months = [
    { month: '2025-01-01', entries: 4, co2eWtwKg: 1_000 },
    { month: '2025-02-01', entries: 2, co2eWtwKg: 1_400 },
    { month: '2025-03-01', entries: 1, co2eWtwKg: 600 },
    { month: '2025-04-01', entries: 0, co2eWtwKg: 0 },
  ];

  it('averages the months reported and multiplies by the months of the period', () => {
    // (1,000 + 1,400 + 600) / 3 months × 12 = 12,000
    expect(projectYearEnd({ months, periodStart: '2025-01-01', periodEnd: '2025-12-31', today: '2025-04-15' })).toEqual({
      projectedCo2eWtwKg: 12_000,
      monthsReported: 3,
      method: expect.stringMatching(/^Projection, not a reported figure: .* 3 month\(s\) .* 12 months of the period$/),
    });
  });

  it('projects nothing when the period is over or nothing is reported', () => {
    expect(projectYearEnd({ months, periodStart: '2025-01-01', periodEnd: '2025-12-31', today: '2026-01-01' })).toBeNull();
    expect(projectYearEnd({ months: [], periodStart: '2025-01-01', periodEnd: '2025-12-31', today: '2025-04-15' })).toBeNull();
  });

  it('counts the calendar months a period touches', () => {
    expect(monthsInPeriod('2025-01-01', '2025-12-31')).toBe(12);
    expect(monthsInPeriod('2024-07-01', '2025-06-30')).toBe(12);
    expect(monthsInPeriod('2025-03-15', '2025-03-20')).toBe(1);
  });

  it('gives the change against the previous period, and the previous period itself', () => {
    // (1,100 − 1,000) / 1,000 = 0.1; (900 − 1,000) / 1,000 = −0.1
    expect(yearOnYearChange(1_100, 1_000)).toBeCloseTo(0.1, 12);
    expect(yearOnYearChange(900, 1_000)).toBeCloseTo(-0.1, 12);
    expect(yearOnYearChange(900, null)).toBeNull();
    expect(yearOnYearChange(900, 0)).toBeNull();
    expect(previousPeriod('2025-01-01', '2025-12-31')).toEqual({ periodStart: '2024-01-01', periodEnd: '2024-12-31' });
    expect(previousPeriod('2024-02-01', '2024-02-29')).toEqual({ periodStart: '2023-02-01', periodEnd: '2023-02-28' });
  });
});

describe('supplier data quality (PACT DQR)', () => {
  it('weights each dimension by CO2e and gives the primary-data share', () => {
    // supplier s1: fuel-based primary 600 kg (1, 1, 1), distance-based modelled 300 kg (2, 2, 2), spend 100 kg (3, 3, 3)
    // technological = (600 × 1 + 300 × 2 + 100 × 3) / 1,000 = 1.5; temporal and geographical the same; rating 1.5
    // primary share = 600 / 1,000 = 0.6
    // supplier s2: supplier-reported 200 kg (1, 2, 1): 1, 2, 1, rating 4 / 3, primary share 1
    const result = supplierDataQuality([
      { supplierOrganizationId: 's1', method: 'fuel_based', dataQuality: 'primary', co2eWtwKg: 600 },
      { supplierOrganizationId: 's1', method: 'distance_based', dataQuality: 'modelled', co2eWtwKg: 300 },
      { supplierOrganizationId: 's1', method: 'spend_based', dataQuality: 'default', co2eWtwKg: 100 },
      { supplierOrganizationId: 's1', method: 'not_computed', dataQuality: 'default', co2eWtwKg: 0 },
      { supplierOrganizationId: 's2', method: 'supplier_reported', dataQuality: 'primary', co2eWtwKg: 200 },
      { supplierOrganizationId: null, method: 'fuel_based', dataQuality: 'primary', co2eWtwKg: 5_000 },
      { supplierOrganizationId: 's3', method: 'spend_based', dataQuality: 'default', co2eWtwKg: -50 },
    ]);
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ supplierOrganizationId: 's1', primaryDataShare: 0.6 });
    expect(result[0]?.technologicalDqr).toBeCloseTo(1.5, 12);
    expect(result[0]?.temporalDqr).toBeCloseTo(1.5, 12);
    expect(result[0]?.dataQualityRating).toBeCloseTo(1.5, 12);
    expect(result[1]).toMatchObject({
      supplierOrganizationId: 's2',
      technologicalDqr: 1,
      temporalDqr: 2,
      geographicalDqr: 1,
      primaryDataShare: 1,
    });
    expect(result[1]?.dataQualityRating).toBeCloseTo(4 / 3, 12);
  });

  it('rates fuel the supplier modelled lower in time than measured fuel', () => {
    expect(dqrOf('fuel_based', 'modelled')).toEqual({ technological: 1, temporal: 2, geographical: 1 });
    expect(dqrOf('not_computed', 'default')).toBeNull();
  });
});

describe('supplier benchmarks', () => {
  it('places each supplier’s intensity among the other suppliers of the category', () => {
    // transport legs: s1 100 kg / 1,000 t·km = 0.1; s2 (30 + 30) / 1,000 = 0.06; s3 200 / 1,000 = 0.2
    // s1 among {0.06, 0.2}: one lower → 100 × 1 / 2 = 50; s2: none lower → 0; s3: both lower → 100
    // purchases: s1 alone → no peers, no percentile
    const result = supplierBenchmarks([
      { supplierOrganizationId: 's1', fileCategory: 'transport_legs', co2eWtwKg: 100, activityAmount: 1_000 },
      { supplierOrganizationId: 's2', fileCategory: 'transport_legs', co2eWtwKg: 30, activityAmount: 500 },
      { supplierOrganizationId: 's2', fileCategory: 'transport_legs', co2eWtwKg: 30, activityAmount: 500 },
      { supplierOrganizationId: 's3', fileCategory: 'transport_legs', co2eWtwKg: 200, activityAmount: 1_000 },
      { supplierOrganizationId: 's1', fileCategory: 'purchased_goods_services', co2eWtwKg: 45, activityAmount: 100 },
      { supplierOrganizationId: null, fileCategory: 'transport_legs', co2eWtwKg: 1, activityAmount: 1_000 },
      { supplierOrganizationId: 's4', fileCategory: 'transport_legs', co2eWtwKg: 10, activityAmount: 0 },
    ]);
    expect(result.map((b) => [b.category, b.supplierOrganizationId, b.peers, b.percentile])).toEqual([
      ['purchased_goods_services', 's1', 0, null],
      ['transport_legs', 's1', 2, 50],
      ['transport_legs', 's2', 2, 0],
      ['transport_legs', 's3', 2, 100],
    ]);
    expect(result[0]).toMatchObject({ intensity: 0.45, intensityUnit: 'kg CO2e/EUR' });
    expect(result[2]?.intensity).toBeCloseTo(0.06, 12);
    expect(result[2]?.intensityUnit).toBe('kg CO2e/t·km');
  });
});
