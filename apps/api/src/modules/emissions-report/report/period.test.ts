import { describe, expect, it } from 'vitest';
import { monthOf, parsePeriod, shiftPeriod } from './period.ts';

describe('parsePeriod', () => {
  it('lists every month from the first day of one month to the last day of another', () => {
    expect(parsePeriod('2024-11-01', '2025-02-28').months).toEqual(['2024-11-01', '2024-12-01', '2025-01-01', '2025-02-01']);
    expect(parsePeriod('2024-02-01', '2024-02-29').months).toEqual(['2024-02-01']);
  });

  it('refuses other days, impossible dates, a reversed or too long period, naming the field', () => {
    const fieldOf = (start: string, end: string) => {
      try {
        parsePeriod(start, end);
        return null;
      } catch (error) {
        return (error as { extensions: { field: string } }).extensions.field;
      }
    };
    expect(fieldOf('2025-01-15', '2025-12-31')).toBe('periodStart');
    expect(fieldOf('2025-01-01', '2025-02-28T00:00')).toBe('periodEnd');
    expect(fieldOf('2025-01-01', '2025-02-27')).toBe('periodEnd');
    expect(fieldOf('2023-02-01', '2023-02-29')).toBe('periodEnd');
    expect(fieldOf('2025-04-01', '2025-03-31')).toBe('periodEnd');
    // 2015-01 to 2024-12 is 120 months, the most; one more is refused.
    expect(fieldOf('2015-01-01', '2024-12-31')).toBeNull();
    expect(fieldOf('2015-01-01', '2025-01-31')).toBe('periodEnd');
  });
});

describe('shiftPeriod', () => {
  it('gives the same months a year earlier, February ending on its own last day', () => {
    expect(shiftPeriod(parsePeriod('2025-01-01', '2025-12-31'), -1)).toEqual({
      start: '2024-01-01',
      end: '2024-12-31',
      months: Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}-01`),
    });
    expect(shiftPeriod(parsePeriod('2025-02-01', '2025-02-28'), -1).end).toBe('2024-02-29');
  });
});

describe('monthOf', () => {
  it('names the month of a date, or nothing for what is not one', () => {
    expect(monthOf('2025-03-17')).toBe('2025-03-01');
    expect(monthOf('2025-13-01')).toBeNull();
  });
});
