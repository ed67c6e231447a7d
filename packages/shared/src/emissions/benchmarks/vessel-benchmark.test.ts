import { describe, expect, it } from 'vitest';
import { buildReferenceSets, type ReferenceRow } from './reference-set.ts';
import { benchmarkVessel } from './vessel-benchmark.ts';

// EU MRV publication 2021 (file version 214 of 30 April 2025): the first 14 "Refrigerated cargo carrier" rows in
// file order, IMO 8311118 to 8804579, with "Annual average CO₂ emissions per distance [kg CO₂ / n mile]" and
// "Annual average CO₂ emissions per transport work (mass) [g CO₂ / m tonnes · n miles]" as printed.
const REEFERS_2021: readonly [imo: string, perDistance: number, perWork: number][] = [
  ['8311118', 244.26, 93.03],
  ['8311120', 235.85, 67.37],
  ['8500630', 395.32, 165.31],
  ['8509533', 323.05, 266.13],
  ['8509557', 236.32, 144.77],
  ['8706777', 259.88, 35.31],
  ['8706789', 245.09, 30.87],
  ['8802090', 264.41, 39.06],
  ['8804529', 122.47, 62.11],
  ['8804531', 159.01, 58.4],
  ['8804543', 115.25, 60.43],
  ['8804555', 132.87, 67.38],
  ['8804567', 127.46, 55.23],
  ['8804579', 131.18, 49.79],
];

const rows: ReferenceRow[] = REEFERS_2021.map(([imo, co2PerDistance, co2PerTransportWork]) => ({
  imo,
  shipType: 'Refrigerated cargo carrier',
  co2PerDistance,
  co2PerTransportWork,
  year: 2021,
}));
const sets = buildReferenceSets(rows);

describe('vessel benchmark over a real EU MRV 2021 sample', () => {
  it('places a ship of the sample among the 13 others, never against itself', () => {
    // Sorted per distance: 115.25 122.47 127.46 131.18 132.87 159.01 235.85 236.32 244.26 245.09 | 259.88 | 264.41
    // 323.05 395.32. Without 8706777 itself: 10 of 13 lower → rank 76.92 %, better than 23.08 %.
    const result = benchmarkVessel({ imo: '8706777', shipType: 'Reefer', year: 2021, metric: 'co2PerDistance', value: 259.88 }, sets);
    expect(result.status).toBe('placed');
    if (result.status !== 'placed') return;
    expect(result.peers).toBe(13);
    expect(result.percentileRank).toBeCloseTo((100 * 10) / 13, 10);
    expect(result.betterThanPercent).toBeCloseTo((100 * 3) / 13, 10);
    expect(result.summary).toBe(
      'Lower is better: better than 23% of 13 Refrigerated cargo carrier ships in EU MRV 2021 (CO2 per distance, kg CO2 / n mile)',
    );
    expect(result.peerGroup).toEqual({
      source: 'EU MRV',
      year: 2021,
      shipType: 'Refrigerated cargo carrier',
      metric: 'CO2 per distance, kg CO2 / n mile',
    });
  });

  it('gives the quantiles of all 14 by hand (h = 13p)', () => {
    const result = benchmarkVessel(
      { imo: 'customer ship', shipType: 'Refrigerated cargo carrier', year: 2021, metric: 'co2PerDistance', value: 200 },
      sets,
    );
    if (result.status !== 'placed') throw new Error(result.summary);
    // 6 of 14 lower than 200 → 42.86 %
    expect(result.percentileRank).toBeCloseTo((100 * 6) / 14, 10);
    // p10 h 1.3: 122.47 + 0.3 × 4.99; p25 h 3.25: 131.18 + 0.25 × 1.69; p50 h 6.5: (235.85 + 236.32) / 2;
    // p75 h 9.75: 245.09 + 0.75 × 14.79; p90 h 11.7: 264.41 + 0.7 × 58.64
    expect(result.quantiles.p10).toBeCloseTo(123.967, 9);
    expect(result.quantiles.p25).toBeCloseTo(131.6025, 9);
    expect(result.quantiles.p50).toBeCloseTo(236.085, 9);
    expect(result.quantiles.p75).toBeCloseTo(256.1825, 9);
    expect(result.quantiles.p90).toBeCloseTo(305.458, 9);
  });

  it('places per transport work too: the best ship of the sample beats all 13 others', () => {
    const result = benchmarkVessel(
      { imo: '8706789', shipType: 'Refrigerated cargo carrier', year: 2021, metric: 'co2PerTransportWork', value: 30.87 },
      sets,
    );
    expect(result).toMatchObject({ status: 'placed', peers: 13, percentileRank: 0, betterThanPercent: 100 });
  });

  it('answers "too few peers" for a small group and "no peer group" for an unknown type or year', () => {
    expect(
      benchmarkVessel({ imo: '8311118', shipType: 'Reefer', year: 2021, metric: 'co2PerDistance', value: 200 }, sets, 14),
    ).toMatchObject({ status: 'too_few_peers', peers: 13, minPeers: 14 });
    const otherYear = benchmarkVessel({ imo: '1', shipType: 'Reefer', year: 2020, metric: 'co2PerDistance', value: 200 }, sets);
    expect(otherYear).toMatchObject({ status: 'too_few_peers', peers: 0 });
    expect(benchmarkVessel({ imo: '1', shipType: 'Tug', year: 2021, metric: 'co2PerDistance', value: 1 }, sets)).toEqual({
      status: 'no_peer_group',
      value: 1,
      summary: 'No EU MRV peer group for ship type "Tug"',
    });
  });
});
