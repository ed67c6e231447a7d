import { trimText } from './cells.ts';

/**
 * The date formats a mapping's date_format may name. Only the order of day, month and year counts: the
 * separators may be any of `.`, `/`, `-` or a space. `YY` formats take two-digit years (00-69 -> 2000s,
 * 70-99 -> 1900s). `EXCEL` reads plain numbers as Excel serial day numbers (1 = 1900-01-01).
 */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYY.MM.DD',
  'YYYYMMDD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'D.M.YYYY',
  'D/M/YYYY',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'MM-DD-YYYY',
  'MM/DD/YY',
  'EXCEL',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** How a column's dates are read: `auto` takes ISO (year first) and day-first dates with a four-digit year. */
export type DateOrder = 'auto' | 'ymd' | 'dmy' | 'mdy' | 'compact' | 'serial';
export type DateReading = { order: DateOrder; twoDigitYear: boolean };

export const AUTO_DATE_READING: DateReading = { order: 'auto', twoDigitYear: false };

/** The reading a date_format names (case-insensitive), or null for an unknown format. */
export const dateReadingOf = (format: string): DateReading | null => {
  const wanted = format.trim().toUpperCase();
  const known = DATE_FORMATS.find((f) => f === wanted);
  if (!known) return null;
  if (known === 'EXCEL') return { order: 'serial', twoDigitYear: false };
  if (known === 'YYYYMMDD') return { order: 'compact', twoDigitYear: false };
  const twoDigitYear = !known.includes('YYYY');
  if (known.startsWith('Y')) return { order: 'ymd', twoDigitYear };
  if (known.startsWith('D')) return { order: 'dmy', twoDigitYear };
  return { order: 'mdy', twoDigitYear };
};

export const isKnownDateFormat = (format: string): boolean => dateReadingOf(format) !== null;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const isValidDate = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return false;
  if (day <= 28) return true;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
};

/** Reads `count` digits at `at` as a number, or -1 if any is not a digit. */
const digitsAt = (text: string, at: number, count: number): number => {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + code - 48;
  }
  return value;
};

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));
export const isoDate = (year: number, month: number, day: number): string => `${year}-${pad2(month)}-${pad2(day)}`;

/** Days since 1970-01-01 of a civil date (proleptic Gregorian), without allocating a Date. */
export const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

/** The ISO date of a day count since 1970-01-01. */
export const civilFromDays = (days: number): string => {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return isoDate(yoe + era * 400 + (month <= 2 ? 1 : 0), month, day);
};

/** Days since 1970-01-01 of an ISO date text 'YYYY-MM-DD' (checked by the caller). */
export const isoToDays = (iso: string): number => daysFromCivil(digitsAt(iso, 0, 4), digitsAt(iso, 5, 2), digitsAt(iso, 8, 2));

const EXCEL_EPOCH_OFFSET = 25569; // serial of 1970-01-01
const MAX_EXCEL_SERIAL = 2958465; // 9999-12-31
/** Serials read without an EXCEL format: 1950-01-01 .. 2099-12-31, so a year or a count is not taken for a date. */
const PLAUSIBLE_SERIAL_MIN = 18264;
const PLAUSIBLE_SERIAL_MAX = 73050;

/**
 * An Excel serial day number as ISO date (the time of day dropped). Excel counts 1900 as a leap year: serial 60
 * is the 29 February 1900 that never was, so it is refused, and serials up to 59 are one day off from the rest.
 */
export const excelSerialToIso = (serial: number): string | null => {
  if (!Number.isFinite(serial) || serial < 1 || serial >= MAX_EXCEL_SERIAL + 1) return null;
  const whole = Math.floor(serial);
  if (whole === 60) return null;
  return civilFromDays(whole < 60 ? whole - EXCEL_EPOCH_OFFSET + 1 : whole - EXCEL_EPOCH_OFFSET);
};

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** 20240315 (number or text of 8 digits) as a date, or null. */
const compactDate = (value: number): string | null => {
  if (!Number.isInteger(value) || value < 10000101 || value > 99991231) return null;
  const year = Math.floor(value / 10000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  return isValidDate(year, month, day) ? isoDate(year, month, day) : null;
};

/** A date read from a number cell: Excel serial or 20240315, or null. */
export const readDateNumber = (value: number, reading: DateReading): string | null => {
  if (reading.order === 'serial') return excelSerialToIso(value);
  const compact = compactDate(value);
  if (compact !== null || reading.order === 'compact') return compact;
  return value >= PLAUSIBLE_SERIAL_MIN && value < PLAUSIBLE_SERIAL_MAX + 1 ? excelSerialToIso(value) : null;
};

const MONTH_NAMES: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  mär: 3,
  apr: 4,
  may: 5,
  mai: 5,
  maj: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  des: 12,
  dez: 12,
};

const TIME = /^[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const isSeparator = (code: number): boolean => code === 46 || code === 47 || code === 45 || code === 32;

type Parts = { a: string; b: string; c: string; monthName: 0 | 1 | 2; rest: string };

/** Splits `15.03.2024`, `2024/3/15`, `15-Mar-2024`, `15. März 2024 10:30` into three parts and the rest. */
const splitParts = (text: string): Parts | null => {
  const parts: string[] = [];
  let monthName: 0 | 1 | 2 = 0;
  let i = 0;
  const length = text.length;
  while (parts.length < 3 && i < length) {
    const start = i;
    const digit = isDigit(text.charCodeAt(i));
    while (i < length && (digit ? isDigit(text.charCodeAt(i)) : !isSeparator(text.charCodeAt(i)) && !isDigit(text.charCodeAt(i)))) i++;
    if (i === start) return null;
    const part = text.slice(start, i);
    if (!digit) {
      const month = MONTH_NAMES[part.slice(0, 3).toLowerCase()];
      if (month === undefined || monthName !== 0) return null;
      monthName = parts.length === 0 ? 1 : 2;
      parts.push(String(month));
    } else parts.push(part);
    if (parts.length === 3) break;
    // One separator, or ". " as in "15. März 2024" and ", " as in "Mar 15, 2024".
    const code = text.charCodeAt(i);
    if (isSeparator(code) || code === 44) i++;
    else return null;
    if (text.charCodeAt(i) === 32 && (code === 46 || code === 44)) i++;
  }
  if (parts.length !== 3) return null;
  return { a: parts[0] as string, b: parts[1] as string, c: parts[2] as string, monthName, rest: text.slice(i) };
};

const expandYear = (text: string, twoDigitYear: boolean): number => {
  if (text.length === 4) return Number(text);
  if (text.length === 2 && twoDigitYear) {
    const short = Number(text);
    return short < 70 ? 2000 + short : 1900 + short;
  }
  return -1;
};

const fromParts = (year: number, month: string, day: string): string | null => {
  if (year < 0 || month.length > 2 || day.length > 2) return null;
  const m = Number(month);
  const d = Number(day);
  return isValidDate(year, m, d) ? isoDate(year, m, d) : null;
};

/** An ISO date text 'YYYY-MM-DD' (with or without time) as [year, month, day], or null. */
const isoParts = (text: string): [number, number, number] | null => {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  if (text.length > 10) {
    const next = text.charCodeAt(10);
    if (next !== 84 && next !== 32) return null;
    if (!TIME.test(text.slice(10))) return null;
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  return year < 0 || month < 0 || day < 0 || !isValidDate(year, month, day) ? null : [year, month, day];
};

/**
 * Reads a date text in the given order and answers 'YYYY-MM-DD', or null when it is not a valid date.
 * ISO texts ('2024-03-15', '2024-03-15T10:30:00', as the file reader gives dates) are read whatever the format,
 * with one exception: in a month-first column (`mdy`) an ISO date whose day is 12 or less had its day and month
 * swapped by the file reader, which reads `03/04/2024` day first, so they are swapped back.
 */
export const readDateText = (raw: string, reading: DateReading): string | null => {
  const text = trimText(raw);
  const order = reading.order;
  const iso = isoParts(text);
  if (iso) {
    const [year, month, day] = iso;
    if (order === 'mdy' && day <= 12) return isoDate(year, day, month);
    return text.length === 10 ? text : isoDate(year, month, day);
  }
  const first = text.charCodeAt(0);
  if (isDigit(first) && text.length === 8 && digitsAt(text, 0, 8) >= 0) {
    if (order === 'serial') return excelSerialToIso(Number(text));
    return compactDate(Number(text));
  }
  if (order === 'serial' || order === 'compact') {
    if (order === 'serial' && digitsAt(text, 0, text.length) >= 0 && text.length <= 7) return excelSerialToIso(Number(text));
    return null;
  }
  const parts = splitParts(text);
  if (!parts) return null;
  if (parts.rest !== '' && !TIME.test(parts.rest.charCodeAt(0) === 44 ? parts.rest.slice(1) : parts.rest)) return null;
  const { a, b, c, monthName } = parts;
  if (monthName === 1) return fromParts(expandYear(c, reading.twoDigitYear), a, b); // Mar 15, 2024
  if (monthName === 2) return fromParts(expandYear(c, reading.twoDigitYear), b, a); // 15 Mar 2024
  if (order === 'ymd' || (order === 'auto' && a.length === 4)) return a.length === 4 ? fromParts(Number(a), b, c) : null;
  const year = expandYear(c, reading.twoDigitYear);
  if (order === 'mdy') return fromParts(year, a, b);
  return fromParts(year, b, a);
};

/** What a month-first reading would give, for the hint on a date that fails day first. */
export const readMonthFirst = (raw: string): string | null => readDateText(raw, { order: 'mdy', twoDigitYear: false });
