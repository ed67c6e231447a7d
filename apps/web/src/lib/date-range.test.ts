import { describe, expect, it } from 'vitest';
import { dropReversedRange, endOfDayIn, isCalendarDay, rangeError, startOfDayIn } from './date-range.ts';

describe('days of a date filter in the zone the dates are shown in', () => {
  it('starts and ends a day in that zone, not the browser’s', () => {
    expect(startOfDayIn('2026-01-01', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    expect(endOfDayIn('2026-01-01', 'Asia/Kolkata')).toBe('2026-01-01T18:29:59.999Z');
    expect(startOfDayIn('2026-07-01', 'UTC')).toBe('2026-07-01T00:00:00.000Z');
  });

  it('covers the whole of a 23- or 25-hour day when the clocks change', () => {
    expect(startOfDayIn('2026-03-29', 'Europe/Oslo')).toBe('2026-03-28T23:00:00.000Z');
    expect(endOfDayIn('2026-03-29', 'Europe/Oslo')).toBe('2026-03-29T21:59:59.999Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(endOfDayIn('2026-11-01', 'America/New_York')).toBe('2026-11-02T04:59:59.999Z');
  });

  it('uses the browser’s zone when none or an unknown one is given, and refuses days that do not exist', () => {
    expect(new Date(startOfDayIn('2026-03-01', undefined) ?? '').getHours()).toBe(0);
    expect(new Date(endOfDayIn('2026-03-01', undefined) ?? '').getMilliseconds()).toBe(999);
    expect(startOfDayIn('2026-03-01', 'Not/AZone')).toBe(startOfDayIn('2026-03-01', undefined));
    expect(startOfDayIn('', 'UTC')).toBeNull();
    expect(startOfDayIn('2026-02-30', 'UTC')).toBeNull();
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });

  it('refuses a reversed range in the form, and drops the end of one in a link', () => {
    expect(rangeError('2026-03-02', '2026-03-01')).toMatch(/on or before/);
    expect(rangeError('2026-03-01', '2026-03-01')).toBeNull();
    expect(dropReversedRange({ user: '', from: '2026-03-02', to: '2026-03-01' })).toEqual({ user: '', from: '2026-03-02', to: '' });
    expect(dropReversedRange({ from: '', to: '2026-03-01' })).toEqual({ from: '', to: '2026-03-01' });
  });
});
