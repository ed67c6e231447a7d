import type { CellValue, NumberStyle } from './types.ts';

/**
 * Texts that mean "no value" in supplier files and spreadsheet exports (compared trimmed, case-insensitive).
 * `NA` is left out on purpose: it is Namibia's country code.
 */
export const NULL_TOKENS: readonly string[] = [
  '-',
  '--',
  '–',
  '—',
  'n/a',
  'n.a.',
  '#n/a',
  'null',
  'nan',
  '#div/0!',
  'division by zero!',
  '#value!',
  '#ref!',
  '#name?',
  '#num!',
  '#null!',
];

export type NullTokenSet = {
  has: (lowerCaseText: string) => boolean;
  maxLength: number;
  /** Whether some token starts with this character code (either case): most cells skip the lookup. */
  startsToken: (code: number) => boolean;
};

/** Prepares tokens for the per-cell lookup (lower-cased; only texts up to the longest token are checked). */
export const createNullTokenSet = (tokens: readonly string[] = NULL_TOKENS): NullTokenSet => {
  const set = new Set(tokens.map((token) => token.trim().toLowerCase()).filter((token) => token !== ''));
  let maxLength = 0;
  const firstCodes = new Set<number>();
  for (const token of set) {
    maxLength = Math.max(maxLength, token.length);
    firstCodes.add(token.charCodeAt(0));
    firstCodes.add(token.toUpperCase().charCodeAt(0));
  }
  return { has: (text) => set.has(text), maxLength, startsToken: (code) => firstCodes.has(code) };
};

const isSpace = (code: number): boolean => code <= 32 || code === 160 || code === 0x202f || code === 0xfeff;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** Integers longer than this stay text: a double cannot hold them exactly (IBANs, long references). */
const MAX_INTEGER_DIGITS = 15;

const PLAIN_INTEGER = /^-?\d+$/;
const PLAIN_DECIMAL_POINT = /^-?\d+\.\d+$/;
const PLAIN_DECIMAL_COMMA = /^-?\d+,\d+$/;
const EXPONENT = /^-?\d+(\.\d+)?[eE][-+]?\d+$/;
const GROUPED_COMMA_POINT = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/; // 1,234,567.89
const GROUPED_POINT_COMMA = /^-?\d{1,3}(\.\d{3})+(,\d+)?$/; // 1.234.567,89
const GROUPED_SPACE = /^-?\d{1,3}([ \u00a0\u202f']\d{3})+([.,]\d+)?$/; // 1 234 567,89 / 1'234.5

const hasLeadingZero = (text: string): boolean => {
  const start = text.charCodeAt(0) === 45 ? 1 : 0;
  return text.charCodeAt(start) === 48 && isDigit(text.charCodeAt(start + 1));
};

const NUMBER_CHARACTERS = /^[-\d.,eE+ \u00a0\u202f']+$/;

/**
 * The common shapes in one pass without regular expressions: `123`, `-12.5`, `12,5`, `1.234` (style decides).
 * Returns undefined when the text has another shape, for parseNumber's full rules.
 */
const scanSimpleNumber = (text: string, style: NumberStyle): number | null | undefined => {
  const length = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const integerStart = i;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  const integerDigits = i - integerStart;
  if (integerDigits === 0) return undefined;
  const leadingZero = integerDigits > 1 && text.charCodeAt(integerStart) === 48;
  if (i === length) {
    if (leadingZero || integerDigits > MAX_INTEGER_DIGITS) return null;
    return Number(text);
  }
  const separator = text.charCodeAt(i);
  if (separator !== 46 && separator !== 44) return NUMBER_CHARACTERS.test(text) ? undefined : null;
  const separatorIndex = i;
  i++;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  const fractionDigits = i - separatorIndex - 1;
  if (i !== length || fractionDigits === 0) return undefined;
  if (leadingZero) return null;
  const isPoint = separator === 46;
  const grouping =
    fractionDigits === 3 && integerDigits <= 3 && text.charCodeAt(integerStart) !== 48 && (isPoint ? style === 'comma' : style === 'point');
  if (grouping) return Number(text.slice(0, separatorIndex) + text.slice(separatorIndex + 1));
  return Number(isPoint ? text : text.replace(',', '.'));
};

/**
 * Reads a trimmed text as a number, or returns null when it is not one. Unambiguous forms are read whatever the
 * style (`12,5`, `12.5`, `1.234.567`, `1,234.5`, `1 234,5`); only a single separator followed by exactly three
 * digits (`1.234`, `1,234`) depends on the file's number style. Leading zeros (`007`), a leading `+`, percent signs
 * and integers over 15 digits stay text, since they are codes rather than quantities.
 */
export const parseNumber = (text: string, style: NumberStyle): number | null => {
  const first = text.charCodeAt(0);
  if (!isDigit(first) && first !== 45) return null;
  const simple = scanSimpleNumber(text, style);
  if (simple !== undefined) return simple;
  if (hasLeadingZero(text) || !NUMBER_CHARACTERS.test(text)) return null;
  if (PLAIN_INTEGER.test(text)) {
    const digits = first === 45 ? text.length - 1 : text.length;
    return digits > MAX_INTEGER_DIGITS ? null : Number(text);
  }
  const point = text.indexOf('.');
  const comma = text.indexOf(',');
  if (comma === -1 && PLAIN_DECIMAL_POINT.test(text)) {
    if (style === 'comma' && isThousandsGroup(text, point)) return Number(text.replace('.', ''));
    return Number(text);
  }
  if (point === -1 && PLAIN_DECIMAL_COMMA.test(text)) {
    if (style === 'point' && isThousandsGroup(text, comma)) return Number(text.replace(',', ''));
    return Number(text.replace(',', '.'));
  }
  if (GROUPED_COMMA_POINT.test(text)) return Number(text.replace(/,/g, ''));
  if (GROUPED_POINT_COMMA.test(text)) return Number(text.replace(/\./g, '').replace(',', '.'));
  if (GROUPED_SPACE.test(text)) return Number(text.replace(/[ \u00a0\u202f']/g, '').replace(',', '.'));
  if (EXPONENT.test(text)) return Number(text);
  return null;
};

/** `1.234` / `1,234`: one separator, exactly three digits after it, and a first group that does not start with 0. */
const isThousandsGroup = (text: string, separatorIndex: number): boolean => {
  const integerStart = text.charCodeAt(0) === 45 ? 1 : 0;
  const integerDigits = separatorIndex - integerStart;
  return text.length - separatorIndex - 1 === 3 && integerDigits >= 1 && integerDigits <= 3 && text.charCodeAt(integerStart) !== 48;
};

/** Which way a text number leans: evidence for the file's number style (null when it says nothing). */
export const numberStyleEvidence = (text: string): NumberStyle | null => {
  const point = text.indexOf('.');
  const comma = text.indexOf(',');
  if (point === -1 && comma === -1) return null;
  if (comma === -1) {
    if (PLAIN_DECIMAL_POINT.test(text)) return isThousandsGroup(text, point) ? null : 'point';
    return GROUPED_POINT_COMMA.test(text) ? 'comma' : null;
  }
  if (point === -1) {
    if (PLAIN_DECIMAL_COMMA.test(text)) return isThousandsGroup(text, comma) ? null : 'comma';
    return GROUPED_COMMA_POINT.test(text) ? 'point' : null;
  }
  if (GROUPED_COMMA_POINT.test(text)) return 'point';
  if (GROUPED_POINT_COMMA.test(text)) return 'comma';
  return null;
};

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isValidDate = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return false;
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

/** `dd/mm/yyyy`, `d.m.yyyy` and the like without time, the common case, read without a regular expression. */
const scanDayFirstDate = (text: string): string | null | undefined => {
  const length = text.length;
  if (length < 8 || length > 10) return undefined;
  const dayDigits = isDigit(text.charCodeAt(1)) ? 2 : 1;
  const separator = text.charCodeAt(dayDigits);
  if (separator !== 47 && separator !== 46 && separator !== 45) return undefined;
  const monthDigits = length - dayDigits - 6;
  if (monthDigits < 1 || monthDigits > 2 || text.charCodeAt(dayDigits + 1 + monthDigits) !== separator) return undefined;
  const day = digitsAt(text, 0, dayDigits);
  const month = digitsAt(text, dayDigits + 1, monthDigits);
  const year = digitsAt(text, length - 4, 4);
  if (day < 0 || month < 0 || year < 0) return undefined;
  return isValidDate(year, month, day) ? formatDate(year, month, day) : null;
};

const isValidTime = (hours: number, minutes: number, seconds: number): boolean => hours <= 23 && minutes <= 59 && seconds <= 59;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_FIRST_DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const formatDate = (year: number, month: number, day: number, time?: [number, number, number], zone?: string): string => {
  const date = `${year}-${pad2(month)}-${pad2(day)}`;
  if (!time) return date;
  return `${date}T${pad2(time[0])}:${pad2(time[1])}:${pad2(time[2])}${zone ?? ''}`;
};

/**
 * Reads a trimmed text as a date and returns it as ISO 8601 (`2022-04-29`, `2022-04-29T10:30:00`), or null.
 * Accepted: ISO dates with optional time and zone, and day-first `dd/mm/yyyy`, `dd.mm.yyyy`, `dd-mm-yyyy` with
 * optional `hh:mm[:ss]` (European suppliers; a month-first date with a day over 12 is not a valid date and stays text).
 */
export const parseDateText = (text: string): string | null => {
  const length = text.length;
  if (length < 8 || length > 35 || !isDigit(text.charCodeAt(0))) return null;
  const isoShaped = text.charCodeAt(4) === 45;
  const dayFirstShaped = !isDigit(text.charCodeAt(1)) || !isDigit(text.charCodeAt(2));
  if (!isoShaped && !dayFirstShaped) return null;
  if (dayFirstShaped) {
    const simple = scanDayFirstDate(text);
    if (simple !== undefined) return simple;
  }
  const iso = isoShaped ? ISO_DATE.exec(text) : null;
  if (iso) {
    const [, y, m, d, hh, mm, ss, zone] = iso;
    const year = Number(y);
    const month = Number(m);
    const day = Number(d);
    if (!isValidDate(year, month, day)) return null;
    if (hh === undefined) return formatDate(year, month, day);
    const time: [number, number, number] = [Number(hh), Number(mm), Number(ss ?? 0)];
    return isValidTime(...time) ? formatDate(year, month, day, time, zone) : null;
  }
  const dayFirst = DAY_FIRST_DATE.exec(text);
  if (dayFirst) {
    const [, d, , m, y, hh, mm, ss] = dayFirst;
    const year = Number(y);
    const month = Number(m);
    const day = Number(d);
    if (!isValidDate(year, month, day)) return null;
    if (hh === undefined) return formatDate(year, month, day);
    const time: [number, number, number] = [Number(hh), Number(mm), Number(ss ?? 0)];
    return isValidTime(...time) ? formatDate(year, month, day, time) : null;
  }
  return null;
};

/** True for the canonical ISO text parseDateText and dateToIso produce (what the column profile counts as a date). */
export const isIsoDateText = (value: string): boolean => {
  const length = value.length;
  if ((length !== 10 && length < 19) || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  if (length === 10) return isValidDate(digitsAt(value, 0, 4), digitsAt(value, 5, 2), digitsAt(value, 8, 2));
  return value.charCodeAt(10) === 84 && ISO_DATE.test(value);
};

/**
 * Turns a date read from a spreadsheet (exceljs gives serials in date formats as Date values whose UTC fields are
 * the wall-clock time) into ISO text, rounded to the second: date only when the time is midnight.
 */
export const dateToIso = (date: Date): string | null => {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const rounded = new Date(Math.round(time / 1000) * 1000);
  const year = rounded.getUTCFullYear();
  const month = rounded.getUTCMonth() + 1;
  const day = rounded.getUTCDate();
  const hours = rounded.getUTCHours();
  const minutes = rounded.getUTCMinutes();
  const seconds = rounded.getUTCSeconds();
  if (hours === 0 && minutes === 0 && seconds === 0) return formatDate(year, month, day);
  return formatDate(year, month, day, [hours, minutes, seconds]);
};

export type TextReadContext = { nullTokens: NullTokenSet; numberStyle: NumberStyle };

/** Removes surrounding white space, including no-break spaces; returns the same string when there is none. */
export const trimCell = (text: string): string => {
  const length = text.length;
  if (length === 0) return text;
  if (!isSpace(text.charCodeAt(0)) && !isSpace(text.charCodeAt(length - 1))) return text;
  return text.replace(/^[\s\u00a0\u202f\ufeff]+|[\s\u00a0\u202f\ufeff]+$/g, '');
};

/**
 * Interprets one text cell: empty and null tokens become null, numbers (see parseNumber) become numbers, dates
 * (see parseDateText) become ISO text, `true`/`false` become booleans, anything else is the trimmed text.
 */
export const readTextCell = (raw: string, context: TextReadContext): CellValue => {
  const text = trimCell(raw);
  const length = text.length;
  if (length === 0) return null;
  const first = text.charCodeAt(0);
  const tokens = context.nullTokens;
  if (length <= tokens.maxLength && tokens.startsToken(first) && tokens.has(text.toLowerCase())) return null;
  if (isDigit(first) || first === 45) {
    const number = parseNumber(text, context.numberStyle);
    if (number !== null) return number;
    const date = parseDateText(text);
    if (date !== null) return date;
    return text;
  }
  if ((length === 4 && (first === 116 || first === 84)) || (length === 5 && (first === 102 || first === 70))) {
    const lower = text.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return text;
};
