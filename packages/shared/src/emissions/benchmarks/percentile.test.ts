import { describe, expect, it } from 'vitest';
import { percentileRank, placeValue, QUANTILE_METHOD, quantile, quantiles } from './percentile.ts';

describe('percentile rank (share of peers lower, ties half)', () => {
  const sorted = [1, 2, 2, 3, 5];

  it('counts ties half', () => {
    // below 2: one (1); equal: two → (1 + 2/2) / 5 = 40 %
    expect(percentileRank(2, sorted)).toBe(40);
    // below 5: four, equal one → 4.5 / 5 = 90 %
    expect(percentileRank(5, sorted)).toBe(90);
    expect(percentileRank(3, [3, 3, 3])).toBe(50);
  });

  it('gives 0 below the lowest, 100 above the highest, and a plain share between values', () => {
    expect(percentileRank(0.5, sorted)).toBe(0);
    expect(percentileRank(6, sorted)).toBe(100);
    expect(percentileRank(2.5, sorted)).toBe(60);
    expect(percentileRank(7, [7])).toBe(50);
  });

  it('refuses an empty, unsorted or non-finite reference and a non-finite value', () => {
    expect(() => percentileRank(1, [])).toThrow(/at least one/);
    expect(() => percentileRank(1, [2, 1])).toThrow(/sorted/);
    expect(() => percentileRank(1, [1, Number.NaN])).toThrow(/finite/);
    expect(() => percentileRank(Number.POSITIVE_INFINITY, [1])).toThrow(/value/);
  });
});

describe('quantiles (type 7, linear between closest ranks)', () => {
  it('matches hand-computed values', () => {
    // n = 4, h = 3p: p10 h 0.3 → 1 + 0.3 × 1; p25 h 0.75 → 1 + 0.75; p50 h 1.5 → 2 + 0.5 × 2;
    // p75 h 2.25 → 4 + 0.25 × 4; p90 h 2.7 → 4 + 0.7 × 4
    const q = quantiles([1, 2, 4, 8]);
    expect(q.p10).toBeCloseTo(1.3, 12);
    expect(q.p25).toBeCloseTo(1.75, 12);
    expect(q.p50).toBeCloseTo(3, 12);
    expect(q.p75).toBeCloseTo(5, 12);
    expect(q.p90).toBeCloseTo(6.8, 12);
    expect(q.method).toBe(QUANTILE_METHOD);
    expect(q.method).toMatch(/type 7/);
  });

  it('lands on the data points when h is whole, and gives the ends at 0 and 1', () => {
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110];
    expect(quantiles(sorted)).toMatchObject({ p10: 20, p25: 35, p50: 60, p75: 85, p90: 100 });
    expect(quantile(sorted, 0)).toBe(10);
    expect(quantile(sorted, 1)).toBe(110);
    expect(quantile([42], 0.9)).toBe(42);
    expect(() => quantile(sorted, 1.1)).toThrow(/between 0 and 1/);
  });
});

describe('placing a value among peers', () => {
  const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it('says lower is better and how many peers the ship beats', () => {
    const placed = placeValue(3, ten, { peerLabel: 'bulk carriers' });
    // below 3: two, equal one → 25 %; better than 75 %
    expect(placed).toMatchObject({ status: 'placed', peers: 10, percentileRank: 25, betterThanPercent: 75 });
    expect(placed.summary).toBe('Lower is better: better than 75% of 10 bulk carriers');
  });

  it('gives "too few peers" below the minimum, which is a parameter', () => {
    const nine = ten.slice(0, 9);
    const tooFew = placeValue(3, nine, { peerLabel: 'bulk carriers' });
    expect(tooFew).toEqual({
      status: 'too_few_peers',
      value: 3,
      peers: 9,
      minPeers: 10,
      summary: 'Too few peers: 9 bulk carriers, at least 10 needed for a percentile',
    });
    expect(placeValue(3, nine, { peerLabel: 'x', minPeers: 9 }).status).toBe('placed');
    expect(placeValue(3, [], { peerLabel: 'x' }).status).toBe('too_few_peers');
  });
});
