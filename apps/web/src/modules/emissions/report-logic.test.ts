import { describe, expect, it } from 'vitest';
import { percent, percentileText, resultsHref, signedPercent, tonnes, yearFrom } from './emission-format.ts';
import { categoryBars, describeMonths, hotspotBars, monthBars } from './report-logic.ts';

describe('emission figures in words', () => {
  it('writes kilograms as tonnes with the decimals the size needs', () => {
    expect(tonnes(382_250.5)).toBe('382.3'); // 382.2505 t, one decimal from 1 t
    expect(tonnes(1_234_567)).toBe('1,235'); // 1,234.567 t, whole tonnes from 1,000 t
    expect(tonnes(42)).toBe('0.042'); // 0.042 t, three decimals below 1 t
  });

  it('writes shares, changes and percentile ranks', () => {
    expect(percent(0.642)).toBe('64.2%');
    expect(signedPercent(0.0921443)).toBe('+9.2%');
    expect(signedPercent(-0.04)).toBe('−4.0%');
    expect(percentileText(22.5)).toBe('23rd percentile'); // rounded half up
    expect(percentileText(11)).toBe('11th percentile');
    expect(percentileText(42)).toBe('42nd percentile');
  });

  it('reads the year from the address, this year when it names none or one not offered', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(yearFrom('2024', now)).toBe(2024);
    expect(yearFrom('1999', now)).toBe(2026);
    expect(yearFrom('next', now)).toBe(2026);
    expect(yearFrom(null, now)).toBe(2026);
  });

  it('builds drill-down addresses with only the filters given', () => {
    expect(resultsHref(2025)).toBe('/app/emissions/results?year=2025');
    expect(resultsHref(2025, { category: 'category_1', supplier: 'own', vessel: null })).toBe(
      '/app/emissions/results?year=2025&category=category_1&supplier=own',
    );
  });
});

describe('what the report charts draw', () => {
  it('puts the largest category first, in tonnes', () => {
    const bars = categoryBars([
      { key: 'category_4', label: 'Category 4', co2eWtwKg: 152_900.2, entries: 404, share: 0.4 },
      { key: 'category_1', label: 'Category 1', co2eWtwKg: 229_350.3, entries: 800, share: 0.6 },
    ]);
    expect(bars.map((b) => [b.key, b.label])).toEqual([
      ['category_1', 'Cat. 1'],
      ['category_4', 'Cat. 4'],
    ]);
    // 229,350.3 kg = 229.3503 t; 152,900.2 kg = 152.9002 t
    expect(bars[0]?.tonnes).toBeCloseTo(229.3503, 9);
    expect(bars[1]?.tonnes).toBeCloseTo(152.9002, 9);
  });

  it('spreads what the projection adds over the months still to come, and never over a reported month', () => {
    const months = monthBars({
      periodStart: '2025-01-01',
      byMonth: [
        { month: '2025-01-01', co2eWtwKg: 30_000 },
        { month: '2025-03-01', co2eWtwKg: 50_000 },
      ],
      // Reported 80,000 kg in three months (February had none); projected 320,000 kg for the year.
      projection: { projectedCo2eWtwKg: 320_000, monthsReported: 3, method: 'Scaled to twelve months' },
    });
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ month: '2025-01-01', label: 'Jan', reported: 30, projected: null });
    expect(months[1]).toMatchObject({ month: '2025-02-01', reported: null, projected: null });
    expect(months[2]).toMatchObject({ reported: 50, projected: null });
    // (320,000 − 80,000) kg over the 9 months April to December = 26,666.67 kg = 26.667 t each.
    expect(months[3]?.projected).toBeCloseTo(26.666_667, 6);
    expect(months[11]?.projected).toBeCloseTo(26.666_667, 6);
    expect(describeMonths(months)).toContain('Jan 30 t; Feb nothing reported; Mar 50 t; Apr projection 26.7 t');
  });

  it('draws no projection when the API gives none (a period that is over)', () => {
    const months = monthBars({ periodStart: '2024-01-01', byMonth: [{ month: '2024-12-01', co2eWtwKg: 1_000 }], projection: null });
    expect(months.every((m) => m.projected === null)).toBe(true);
    expect(months[11]?.reported).toBe(1);
  });

  it('keeps one dimension of the hotspots, in the order the API ranks them', () => {
    const hotspots = [
      { dimension: 'supplier', key: 'a', label: 'Nordic Bunkers AS', co2eWtwKg: 200_000, share: 0.523, cumulativeShare: 0.523 },
      { dimension: 'vessel', key: '9321483', label: 'Aurora', co2eWtwKg: 150_000, share: 0.392, cumulativeShare: 0.392 },
      { dimension: 'supplier', key: 'b', label: 'Baltic Ship Supply Oy', co2eWtwKg: 120_000, share: 0.314, cumulativeShare: 0.837 },
    ];
    expect(hotspotBars(hotspots, 'supplier')).toEqual([
      { key: 'a', label: 'Nordic Bunkers AS', tonnes: 200, cumulative: 0.523 },
      { key: 'b', label: 'Baltic Ship Supply Oy', tonnes: 120, cumulative: 0.837 },
    ]);
  });
});
