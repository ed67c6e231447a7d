import { describe, expect, it } from 'vitest';
import { compareSupplier } from './supplier-comparison.ts';

const peers = (values: readonly number[]) => values.map((intensity, i) => ({ supplierId: `s${i}`, intensity }));

describe('supplier comparison within a category', () => {
  it('ranks a supplier among the others of the category, leaving itself and unusable values out', () => {
    const others = peers([10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 0, Number.NaN, -3]);
    const result = compareSupplier({
      supplier: { supplierId: 'me', intensity: 14 },
      peers: [...others, { supplierId: 'me', intensity: 14 }],
      category: 'Category 4 upstream transport',
      unit: 'g CO2e / t·km',
    });
    // ten usable peers; below 14: two, equal one → 25 %, better than 75 %
    expect(result).toMatchObject({
      status: 'placed',
      supplierId: 'me',
      peers: 10,
      percentileRank: 25,
      betterThanPercent: 75,
      summary: 'Lower is better: better than 75% of 10 other suppliers of Category 4 upstream transport (g CO2e / t·km)',
    });
  });

  it('says "too few peers" with fewer than ten other suppliers', () => {
    const result = compareSupplier({
      supplier: { supplierId: 'me', intensity: 14 },
      peers: peers([10, 12, 14, 16, 18, 20, 22, 24, 26]),
      category: 'Category 4 upstream transport',
      unit: 'g CO2e / t·km',
    });
    expect(result).toMatchObject({ status: 'too_few_peers', peers: 9, minPeers: 10 });
    expect(
      compareSupplier({ supplier: { supplierId: 'me', intensity: 14 }, peers: peers([10, 20]), category: 'c', unit: 'u', minPeers: 2 })
        .status,
    ).toBe('placed');
  });
});
