import { describe, expect, it } from 'vitest';
import { breakdownOf, monthlyOf, primaryShareOf, totalsOfMonths } from './aggregate.ts';
import type { ReportCell } from './cells.ts';

const cell = (overrides: Partial<ReportCell>): ReportCell => ({
  month: '2025-01-01',
  scope3: 'category_4',
  fileCategory: 'vessel_fuel_consumption',
  supplierOrganizationId: null,
  vesselImo: null,
  vesselName: null,
  route: null,
  method: 'fuel_based',
  dataQuality: 'primary',
  entries: 1,
  co2TtwKg: 0,
  co2eTtwKg: 0,
  co2eWtwKg: 0,
  activityAmount: 0,
  ...overrides,
});

const CELLS = [
  cell({ supplierOrganizationId: 's1', entries: 2, co2TtwKg: 300, co2eTtwKg: 310, co2eWtwKg: 360 }),
  cell({ supplierOrganizationId: 's1', month: '2025-03-01', dataQuality: 'modelled', method: 'distance_based', co2eWtwKg: 40 }),
  cell({ supplierOrganizationId: 's2', scope3: 'category_1', dataQuality: 'default', method: 'spend_based', co2eWtwKg: 100 }),
  cell({ method: 'not_computed', dataQuality: 'default', entries: 3 }),
];

describe('report sums', () => {
  it('totals the months, computed and not-computed entries apart', () => {
    const months = [
      { ...cell({ entries: 6, co2TtwKg: 300, co2eTtwKg: 310, co2eWtwKg: 460 }), notComputedEntries: 3 },
      { ...cell({ month: '2025-03-01', entries: 1, co2eWtwKg: 40 }), notComputedEntries: 0 },
    ];
    // CO2e WtW 460 + 40 = 500; entries 6 + 1 = 7 of which 3 not computed, so 4 computed.
    expect(totalsOfMonths(months)).toEqual({ co2TtwKg: 300, co2eTtwKg: 310, co2eWtwKg: 500, computedEntries: 4, notComputedEntries: 3 });
  });

  it('slices by a key, largest first, with shares of the whole', () => {
    const slices = breakdownOf(
      CELLS,
      (c) => c.supplierOrganizationId ?? 'own',
      (key) => key.toUpperCase(),
      500,
    );
    // s1: 360 + 40 = 400 (0.8), s2: 100 (0.2), own: 0 with its 3 entries.
    expect(slices.map((s) => [s.key, s.label, s.entries, s.co2eWtwKg, s.share])).toEqual([
      ['s1', 'S1', 3, 400, 0.8],
      ['s2', 'S2', 1, 100, 0.2],
      ['own', 'OWN', 3, 0, 0],
    ]);
    expect(breakdownOf(CELLS, (c) => c.vesselImo, String, 500)).toEqual([]);
  });

  it('lists every month of the period and the primary-data share', () => {
    const months = monthlyOf(CELLS, ['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(months.map((m) => [m.month, m.entries, m.co2eWtwKg])).toEqual([
      ['2025-01-01', 6, 460],
      ['2025-02-01', 0, 0],
      ['2025-03-01', 1, 40],
    ]);
    // 360 of 500 from primary data.
    expect(primaryShareOf(CELLS)).toBe(0.72);
    expect(primaryShareOf([])).toBe(0);
  });
});
