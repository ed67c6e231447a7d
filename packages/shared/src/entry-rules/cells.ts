import type { CellValue } from './types.ts';

/**
 * Texts that mean "no value" (compared trimmed and case-insensitively), the same as the file reader's null
 * tokens. "Division by zero!" and "#DIV/0!" are here on purpose: the EU MRV publication prints them in the
 * per-distance and per-transport-work columns of ships that report no distance or cargo, where there is simply
 * no value. `NA` is not: it is Namibia's country code.
 */
export const EMPTY_TEXTS: readonly string[] = ['-', '--', '–', '—', 'n/a', 'n.a.', '#n/a', 'null', 'nan', '#div/0!', 'division by zero!'];

/** Spreadsheet error values that mean the sheet's formula is broken: an error, not an empty cell. */
export const SPREADSHEET_ERRORS: readonly string[] = ['#value!', '#ref!', '#name?', '#num!', '#null!', '#error!', '#spill!', '#calc!'];

const emptyTexts = new Set(EMPTY_TEXTS);
const spreadsheetErrors = new Set(SPREADSHEET_ERRORS);
const LONGEST_TOKEN = Math.max(...EMPTY_TEXTS.map((t) => t.length), ...SPREADSHEET_ERRORS.map((t) => t.length));
/** First characters of the empty texts, either case: most cells need no lower-casing and lookup. */
const tokenStarts = new Set(EMPTY_TEXTS.flatMap((t) => [t.charCodeAt(0), t.toUpperCase().charCodeAt(0)]));

const isSpace = (code: number): boolean => code <= 32 || code === 160 || code === 0x202f || code === 0xfeff || code === 0x2007;

/** Trims white space including no-break spaces; returns the same string when there is none. */
export const trimText = (text: string): string => {
  const length = text.length;
  if (length === 0) return text;
  if (!isSpace(text.charCodeAt(0)) && !isSpace(text.charCodeAt(length - 1))) return text;
  let start = 0;
  let end = length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
};

/** True for null, an empty or blank text, or a text that means "no value" (EMPTY_TEXTS). */
export const isEmptyCell = (cell: CellValue | undefined): boolean => {
  if (cell === null || cell === undefined) return true;
  if (typeof cell !== 'string') return false;
  const length = cell.length;
  if (length === 0) return true;
  // Most texts are longer than any token and start with a letter or digit: no trimming, no lookup.
  if (length > LONGEST_TOKEN + 4 && !isSpace(cell.charCodeAt(0)) && !isSpace(cell.charCodeAt(length - 1))) return false;
  const text = trimText(cell);
  if (text.length === 0) return true;
  return text.length <= LONGEST_TOKEN && tokenStarts.has(text.charCodeAt(0)) && emptyTexts.has(text.toLowerCase());
};

/** True for a spreadsheet error value such as #REF! (trimmed text expected). */
export const isSpreadsheetError = (text: string): boolean =>
  text.length > 0 && text.length <= LONGEST_TOKEN && text.charCodeAt(0) === 35 && spreadsheetErrors.has(text.toLowerCase());

/** The cell as text, for issues and text fields: numbers without exponent where possible, booleans as true/false. */
export const cellText = (cell: CellValue | undefined): string | null => {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return numberText(cell);
  return cell ? 'true' : 'false';
};

/** A number as plain text: no exponent for everyday magnitudes, at most 15 significant digits. */
export const numberText = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const exponent = Number(text.slice(e + 1));
  if (exponent >= 0) return text;
  // 1.5e-7 -> 0.00000015: spreadsheets and people do not read exponents.
  const negative = text.charCodeAt(0) === 45;
  const digits = text.slice(negative ? 1 : 0, e).replace('.', '');
  return `${negative ? '-' : ''}0.${'0'.repeat(-exponent - 1)}${digits}`;
};

const MAX_QUOTED = 80;

/** A value inside curly quotes for messages, shortened when long. */
export const quote = (text: string): string => `“${text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text}”`;

/** The raw value kept on an issue: at most 500 characters. */
export const issueValue = (cell: CellValue | undefined): string | null => {
  const text = cellText(cell);
  return text !== null && text.length > 500 ? text.slice(0, 500) : text;
};
