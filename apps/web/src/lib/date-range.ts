/**
 * Calendar days (`yyyy-mm-dd`, what a date input holds) as instants in a given time zone, so a
 * "from/to" filter covers the days the reader sees: the dates on screen are shown in the viewer's
 * zone (`useDateFormat`), not necessarily the browser's.
 */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The year, month (1–12) and day of a `yyyy-mm-dd` that names a real day; null otherwise. */
const parseDay = (value: string) => {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
};

/** Whether a value is a `yyyy-mm-dd` naming a real day ("2026-02-30" is not). */
export const isCalendarDay = (value: string) => parseDay(value) !== null;

const partFormatters = new Map<string, Intl.DateTimeFormat | null>();
const partsFormatter = (timeZone: string) => {
  if (!partFormatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone name: fall back to the browser's zone below.
    }
    partFormatters.set(timeZone, formatter);
  }
  return partFormatters.get(timeZone) ?? null;
};

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds. */
const zoneOffset = (instant: number, timeZone: string | undefined) => {
  const formatter = timeZone ? partsFormatter(timeZone) : null;
  if (!formatter) return -new Date(instant).getTimezoneOffset() * 60_000;
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallClock - Math.floor(instant / 1000) * 1000;
};

/** The instant a wall-clock time (given as if it were UTC) happens in `timeZone`, DST included. */
const fromWallClock = (wallClock: number, timeZone: string | undefined) => {
  const guess = wallClock - zoneOffset(wallClock, timeZone);
  return wallClock - zoneOffset(guess, timeZone);
};

/** The first instant of a day in `timeZone` (the browser's when unset), ISO; null for no or an invalid day. */
export const startOfDayIn = (value: string, timeZone: string | undefined) => {
  const day = parseDay(value);
  if (!day) return null;
  return new Date(fromWallClock(Date.UTC(day.year, day.month - 1, day.day), timeZone)).toISOString();
};

/** The last millisecond of a day in `timeZone`, so a range "to" includes the whole day (23 or 25 hours on DST days). */
export const endOfDayIn = (value: string, timeZone: string | undefined) => {
  const day = parseDay(value);
  if (!day) return null;
  return new Date(fromWallClock(Date.UTC(day.year, day.month - 1, day.day + 1), timeZone) - 1).toISOString();
};

/** The range check the API also makes, said before the request. */
export const rangeError = (from: string, to: string) =>
  from && to && from > to ? 'The start date must be on or before the end date' : null;

/** A hand-edited or outdated link's reversed range loses its end, rather than making the list fail. */
export const dropReversedRange = <F extends { from: string; to: string }>(filters: F): F =>
  rangeError(filters.from, filters.to) ? { ...filters, to: '' } : filters;
