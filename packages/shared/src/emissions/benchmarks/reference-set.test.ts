import { describe, expect, it } from 'vitest';
import { buildReferenceSets, findDistribution, type ReferenceRow } from './reference-set.ts';

const row = (imo: string, shipType: string, co2PerDistance: number | null, co2PerTransportWork?: number | null): ReferenceRow => ({
  imo,
  shipType,
  co2PerDistance,
  co2PerTransportWork,
  year: 2021,
});

describe('reference-set builder', () => {
  it('sorts each (year, ship type, metric) group and keeps the IMO beside each value', () => {
    const sets = buildReferenceSets([
      row('3', 'Bulk carrier', 30, 3),
      row('1', 'bulk carrier', 10, 5),
      row('2', 'Bulk carrier', 20, 4),
      { ...row('4', 'Bulk carrier', 5, 1), year: 2020 },
      row('5', 'Oil tanker', 50, 6),
    ]);
    const bulk2021 = findDistribution(sets, { year: 2021, shipType: 'Bulk carrier', metric: 'co2PerDistance' });
    expect(bulk2021).toEqual({
      year: 2021,
      shipType: 'Bulk carrier',
      metric: 'co2PerDistance',
      values: [10, 20, 30],
      imos: ['1', '2', '3'],
    });
    expect(findDistribution(sets, { year: 2021, shipType: 'Bulk carrier', metric: 'co2PerTransportWork' })?.imos).toEqual(['3', '2', '1']);
    expect(findDistribution(sets, { year: 2020, shipType: 'Bulk carrier', metric: 'co2PerDistance' })?.values).toEqual([5]);
    expect(sets.distributions).toHaveLength(6);
    expect(sets.dropped).toEqual([]);
  });

  it('drops missing, zero, negative and non-finite values and unknown ship types, counting each reason', () => {
    const sets = buildReferenceSets([
      row('1', 'Container ship', 100, null),
      row('2', 'Container ship', 0, undefined),
      row('3', 'Container ship', -4, 0),
      row('4', 'Container ship', Number.NaN, Number.POSITIVE_INFINITY),
      row('5', 'Container ship', 120, -1),
      row('6', 'Tug', 80, 9),
    ]);
    expect(findDistribution(sets, { year: 2021, shipType: 'Container ship', metric: 'co2PerDistance' })?.values).toEqual([100, 120]);
    expect(findDistribution(sets, { year: 2021, shipType: 'Container ship', metric: 'co2PerTransportWork' })).toBeUndefined();
    expect(sets.dropped).toEqual([
      { year: 2021, metric: 'co2PerDistance', reason: 'negative', count: 1 },
      { year: 2021, metric: 'co2PerDistance', reason: 'not_finite', count: 1 },
      { year: 2021, metric: 'co2PerDistance', reason: 'unknown_ship_type', count: 1 },
      { year: 2021, metric: 'co2PerDistance', reason: 'zero', count: 1 },
      { year: 2021, metric: 'co2PerTransportWork', reason: 'missing', count: 2 },
      { year: 2021, metric: 'co2PerTransportWork', reason: 'negative', count: 1 },
      { year: 2021, metric: 'co2PerTransportWork', reason: 'not_finite', count: 1 },
      { year: 2021, metric: 'co2PerTransportWork', reason: 'unknown_ship_type', count: 1 },
      { year: 2021, metric: 'co2PerTransportWork', reason: 'zero', count: 1 },
    ]);
    expect([...sets.unknownShipTypes]).toEqual([['Tug', 1]]);
  });
});
