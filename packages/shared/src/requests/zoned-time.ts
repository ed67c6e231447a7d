/**
 * Calendar days and wall-clock times in an IANA time zone, with Intl only. Reminders fall on days as a person
 * in that zone counts them, so "7 days before" keeps its local hour across a daylight-saving change.
 */

export type LocalDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall-clock reading in the zone at `at`, as numbers. */
const wallClock = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
};

/** Milliseconds the zone is ahead of UTC at `at`. */
export const zoneOffsetMs = (at: Date, timeZone: string): number => {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
};

/** The calendar date in the zone at `at`. */
export const localDateOf = (at: Date, timeZone: string): LocalDate => {
  const { year, month, day } = wallClock(at, timeZone);
  return { year, month, day };
};

/** `YYYY-MM-DD`. */
export const formatLocalDate = ({ year, month, day }: LocalDate): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The date `days` later (earlier when negative), across month and year ends. */
export const addDays = (date: LocalDate, days: number): LocalDate => {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/**
 * The moment the zone's clocks read `hour:minute` on `date`. A time skipped by a clock change (02:30 on the
 * spring-forward night) is read with the offset before the change, which lands after the gap; a time that
 * happens twice (the autumn night) is the first of the two.
 */
export const zonedTime = (date: LocalDate, hour: number, minute: number, timeZone: string): Date => {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = zoneOffsetMs(new Date(wall - 36 * 3_600_000), timeZone);
  const after = zoneOffsetMs(new Date(wall + 36 * 3_600_000), timeZone);
  // Try both offsets around the day; keep the earliest whose wall clock reads what was asked.
  const candidates = [...new Set([before, after])].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((c) => zoneOffsetMs(new Date(c), timeZone) === wall - c);
  return new Date(exact ?? wall - before);
};
