import { normalizeLabel } from '../field-catalogue/index.ts';
import { isCountryCode, isCurrencyCode, isEmail, isImoNumber, isUnLocode } from '../field-catalogue/validators.ts';
import type { SampleCell } from './types.ts';

/** What the sample values of a column look like, counted once per column and read for every field. */
export type ValueProfile = {
  /** Values that are not empty (blank, "N/A", "-" and the like count as empty). */
  total: number;
  numbers: number;
  integers: number;
  /** ISO dates ("2024-03-01", with or without time) and day-month-year dates ("01.03.2024", "1/3/2024"). */
  dates: number;
  booleans: number;
  imoNumbers: number;
  unLocodes: number;
  /** UN/LOCODE shape written in capitals, as codes are; lower-case five-letter words are not counted. */
  upperUnLocodes: number;
  currencyCodes: number;
  countryCodes: number;
  emails: number;
  /** Numeric values, for the range checks, and their smallest and largest. */
  numericValues: number[];
  smallest: number;
  largest: number;
  /** normalizeLabel(text) → how often, for the allowed-value checks; at most MAX_DISTINCT entries. */
  distinct: Map<string, { count: number; raw: string }>;
};

const MAX_DISTINCT = 200;
const EMPTY_MARKERS = new Set(['', 'n/a', 'na', '#n/a', 'n.a.', '-', '–', '—', 'null', 'none', 'nil', '.', '?']);
const NUMBER_TEXT = /^[-+−]?(\d{1,3}([ \u00a0\u202f.,']\d{3})+|\d+)([.,]\d+)?([eE][-+]?\d+)?$/;
const DECIMAL_TEXT = /^[-+−]?\d*[.,]\d+$/;
const INTEGER_TEXT = /^[-+]?\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DMY_DATE = /^\d{1,2}[./-]\d{1,2}[./-](\d{4}|\d{2})( \d{1,2}:\d{2}(:\d{2})?)?$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;
const BOOLEAN_TEXT = new Set([
  'yes',
  'no',
  'y',
  'n',
  'true',
  'false',
  'ja',
  'nei',
  'nej',
  'nein',
  'j',
  'x',
  'sant',
  'usant',
  'wahr',
  'falsch',
]);
const UPPER_LOCODE = /^[A-Z]{2} ?[A-Z2-9]{3}$/;
const UPPER_LETTERS = /^[A-Z]+$/;

/** Plain numbers as most files write them ("12", "-3.75"): the common case, read without the separators' work. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const parseNumberText = (text: string): number | null => {
  if (PLAIN_NUMBER.test(text)) return Number(text);
  if (!NUMBER_TEXT.test(text) && !DECIMAL_TEXT.test(text)) return null;
  const cleaned = text.replace(/[\s\u00a0\u202f']/g, '').replace('−', '-');
  // "1.234,5" and "1,234.5": the last separator is the decimal one when it is followed by other than three digits.
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  const decimal = lastComma > lastDot ? ',' : '.';
  const thousands = decimal === ',' ? '.' : ',';
  const value = Number(cleaned.split(thousands).join('').replace(decimal, '.'));
  return Number.isFinite(value) ? value : null;
};

export const emptyProfile = (): ValueProfile => ({
  total: 0,
  numbers: 0,
  integers: 0,
  dates: 0,
  booleans: 0,
  imoNumbers: 0,
  unLocodes: 0,
  upperUnLocodes: 0,
  currencyCodes: 0,
  countryCodes: 0,
  emails: 0,
  numericValues: [],
  smallest: Number.POSITIVE_INFINITY,
  largest: Number.NEGATIVE_INFINITY,
  distinct: new Map(),
});

/** Reads the samples once; each distinct text is classified once however often it repeats. */
export const profileValues = (values: readonly SampleCell[]): ValueProfile => {
  const profile = emptyProfile();
  const textCounts = new Map<string, number>();
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) continue;
      profile.total++;
      profile.numbers++;
      profile.numericValues.push(value);
      if (Number.isInteger(value)) {
        profile.integers++;
        if (value === 0 || value === 1) profile.booleans++;
        if (value >= 1_000_000 && value <= 9_999_999 && isImoNumber(String(value))) profile.imoNumbers++;
      }
      continue;
    }
    if (typeof value === 'boolean') {
      profile.total++;
      profile.booleans++;
      continue;
    }
    const text = String(value).trim();
    if (text.length <= 4 && EMPTY_MARKERS.has(text.toLowerCase())) continue;
    // Plain decimal numbers in text (CSV cells) are counted straight away; only integers may still be IMO numbers.
    if (PLAIN_NUMBER.test(text) && text.includes('.')) {
      const number = Number(text);
      profile.total++;
      profile.numbers++;
      profile.numericValues.push(number);
      continue;
    }
    textCounts.set(text, (textCounts.get(text) ?? 0) + 1);
  }
  for (const [text, count] of textCounts) classifyText(profile, text, count);
  for (const value of profile.numericValues) {
    if (value < profile.smallest) profile.smallest = value;
    if (value > profile.largest) profile.largest = value;
  }
  return profile;
};

const classifyText = (profile: ValueProfile, text: string, count: number) => {
  profile.total += count;
  const lower = text.toLowerCase();
  const number = parseNumberText(text);
  if (number !== null) {
    profile.numbers += count;
    for (let i = 0; i < count; i++) profile.numericValues.push(number);
    if (INTEGER_TEXT.test(text)) profile.integers += count;
    if (text === '0' || text === '1') profile.booleans += count;
  } else if (ISO_DATE.test(text) || DMY_DATE.test(text) || YEAR_MONTH.test(text)) {
    profile.dates += count;
  } else if (BOOLEAN_TEXT.has(lower)) {
    profile.booleans += count;
  }
  if (/^(imo)?[\s:.-]*\d{7}$/i.test(text) && isImoNumber(text)) profile.imoNumbers += count;
  if (text.length <= 6 && text.length >= 5 && isUnLocode(text)) {
    profile.unLocodes += count;
    if (UPPER_LOCODE.test(text)) profile.upperUnLocodes += count;
  }
  if (text.length === 3 && UPPER_LETTERS.test(text) && isCurrencyCode(text)) profile.currencyCodes += count;
  if (text.length === 2 && UPPER_LETTERS.test(text) && isCountryCode(text)) profile.countryCodes += count;
  if (text.includes('@') && isEmail(text)) profile.emails += count;
  if (number === null && (profile.distinct.size < MAX_DISTINCT || profile.distinct.has(normalizeLabel(text)))) {
    const key = normalizeLabel(text);
    const entry = profile.distinct.get(key);
    if (entry) entry.count += count;
    else profile.distinct.set(key, { count, raw: text });
  }
};
