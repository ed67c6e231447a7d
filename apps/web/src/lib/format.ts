import { useMemo } from 'react';
import { useTimeZone } from './time-zone.tsx';

type DateValue = string | Date | null | undefined;

/** `medium`: "21 Nov 2026, 07:18" (application screens); `long`: "21 November 2026 at 07:18 CET" (public site). */
export type DateStyle = 'medium' | 'long';
export type DateFormatOptions = { timeZone?: string | undefined; style?: DateStyle };

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const OPTIONS: Record<DateStyle, { date: Intl.DateTimeFormatOptions; dateTime: Intl.DateTimeFormatOptions }> = {
  medium: { date: { dateStyle: 'medium' }, dateTime: { dateStyle: 'medium', timeStyle: 'short' } },
  long: {
    date: { day: 'numeric', month: 'long', year: 'numeric' },
    dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (kind: 'date' | 'dateTime', style: DateStyle, timeZone: string | undefined) => {
  const key = `${kind}|${style}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-GB', { ...OPTIONS[style][kind], timeZone });
    formatters.set(key, cached);
  }
  return cached;
};

const toDate = (value: DateValue) => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date and time in `timeZone` (the browser's when unset); an em dash when absent. */
export const formatDateTime = (value: DateValue, { timeZone, style = 'medium' }: DateFormatOptions = {}) => {
  const date = toDate(value);
  return date ? formatter('dateTime', style, timeZone).format(date) : '—';
};

/**
 * The day of an instant in `timeZone`. A calendar date without a time ("2026-03-12") has no zone and
 * shows as written, wherever the reader is.
 */
export const formatDate = (value: DateValue, { timeZone, style = 'medium' }: DateFormatOptions = {}) => {
  const date = toDate(value);
  if (!date) return '—';
  const zone = typeof value === 'string' && CALENDAR_DATE.test(value) ? 'UTC' : timeZone;
  return formatter('date', style, zone).format(date);
};

/**
 * The formatters bound to the zone of the screen (`TimeZoneProvider`): the viewer's zone in the
 * application, the reader's own elsewhere. Use this in components rather than the bare functions.
 */
export const useDateFormat = (style: DateStyle = 'medium') => {
  const timeZone = useTimeZone();
  return useMemo(
    () => ({
      timeZone,
      formatDate: (value: DateValue) => formatDate(value, { timeZone, style }),
      formatDateTime: (value: DateValue) => formatDateTime(value, { timeZone, style }),
    }),
    [timeZone, style],
  );
};

const NUMBER = new Intl.NumberFormat('en-GB');
export const formatNumber = (value: number) => NUMBER.format(value);

/** "Astrid Nordahl", or the email when the name is not known yet (an invited user). */
export const personName = (person: { firstName?: string | null; lastName?: string | null; email?: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email || 'Unknown user';

/** `organization-setting` or `organizationUser` → "Organization setting" / "Organization user". */
export const humanize = (value: string) => {
  const words = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_:.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
