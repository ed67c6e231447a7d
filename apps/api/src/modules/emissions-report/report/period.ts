import { AppError } from '../../../lib/errors.ts';

/**
 * A reporting period. The report's figures are summed per month (emission_report_cells), so a period runs from the
 * first day of a month to the last day of a month: a month belongs to it whole or not at all.
 */
export type Period = {
  start: string;
  end: string;
  /** First day of each month of the period, in order (YYYY-MM-01). */
  months: string[];
};

/** Ten years of months at most: a report's monthly series stays a screenful. */
export const MAX_PERIOD_MONTHS = 120;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const parseDay = (value: string): { year: number; month: number; day: number } | null => {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const monthStart = (year: number, month: number) => `${year}-${pad(month)}-01`;
export const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(lastDayOf(year, month))}`;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field });

/**
 * Checks a period given as two ISO dates; VALIDATION_FAILED names the field at fault. `fields` says where the dates
 * stand in the input (`input.periodStart`, `filter.periodStart`).
 */
export const parsePeriod = (
  periodStart: string,
  periodEnd: string,
  fields: { start: string; end: string } = { start: 'periodStart', end: 'periodEnd' },
): Period => {
  const start = parseDay(periodStart);
  if (!start) throw invalid(fields.start, 'periodStart must be a date written YYYY-MM-DD.');
  const end = parseDay(periodEnd);
  if (!end) throw invalid(fields.end, 'periodEnd must be a date written YYYY-MM-DD.');
  if (start.day !== 1) throw invalid(fields.start, 'periodStart must be the first day of a month: figures are kept per month.');
  if (end.day !== lastDayOf(end.year, end.month)) {
    throw invalid(fields.end, 'periodEnd must be the last day of a month: figures are kept per month.');
  }
  const count = (end.year - start.year) * 12 + (end.month - start.month) + 1;
  if (count < 1) throw invalid(fields.end, 'periodEnd must not be before periodStart.');
  if (count > MAX_PERIOD_MONTHS) throw invalid(fields.end, `A period may span at most ${MAX_PERIOD_MONTHS} months.`);
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const index = start.month - 1 + i;
    months.push(monthStart(start.year + Math.floor(index / 12), (index % 12) + 1));
  }
  return { start: periodStart, end: periodEnd, months };
};

/** The same months `years` years earlier (or later): the previous period of a year-on-year comparison. */
export const shiftPeriod = (period: Period, years: number): Period => {
  const shift = (iso: string) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
  const first = period.months[0] ?? period.start;
  const last = period.months[period.months.length - 1] ?? period.end;
  const endYear = Number(last.slice(0, 4)) + years;
  const endMonth = Number(last.slice(5, 7));
  return {
    start: shift(first),
    end: monthEnd(endYear, endMonth),
    months: period.months.map(shift),
  };
};

/** First day of the month of an ISO date or month (YYYY-MM-01), or null when it is not one. */
export const monthOf = (value: string): string | null => {
  const day = parseDay(value);
  return day ? monthStart(day.year, day.month) : null;
};
