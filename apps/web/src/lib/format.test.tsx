import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, useDateFormat } from './format.ts';
import { TimeZoneProvider } from './time-zone.tsx';

const instant = '2026-11-20T23:30:00Z';

describe('date formatting', () => {
  it('shows an instant in the zone it is given', () => {
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('20 Nov 2026, 23:30');
    expect(formatDateTime(instant, { timeZone: 'Europe/Copenhagen' })).toBe('21 Nov 2026, 00:30');
    expect(formatDate(instant, { timeZone: 'America/New_York' })).toBe('20 Nov 2026');
    expect(formatDateTime(instant, { timeZone: 'Europe/Copenhagen', style: 'long' })).toBe('21 November 2026 at 00:30 CET');
  });
  it('keeps a calendar date on its day in every zone, and shows a dash when absent', () => {
    expect(formatDate('2026-03-12', { timeZone: 'Pacific/Honolulu', style: 'long' })).toBe('12 March 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
  it('takes the zone from the screen', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <TimeZoneProvider timeZone="Asia/Singapore">{children}</TimeZoneProvider>;
    const { result } = renderHook(() => useDateFormat(), { wrapper });
    expect(result.current.timeZone).toBe('Asia/Singapore');
    expect(result.current.formatDateTime(instant)).toBe('21 Nov 2026, 07:30');
  });
});
