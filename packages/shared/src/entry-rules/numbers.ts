import { trimText } from './cells.ts';

/** A number read from text; `unit` is the text after it ("12,5 kg" -> "kg"), for the caller to resolve. */
export type ParsedNumber = { value: number; ambiguous: boolean; unit: string | null };

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const POINT = 46;
const COMMA = 44;
const isApostrophe = (code: number): boolean => code === 39 || code === 0x2019;
const isGroupSpace = (code: number): boolean => code === 32 || code === 160 || code === 0x202f || code === 0x2009 || code === 0x2007;
const EXPONENT = /^[eE][-+]?\d{1,3}$/;

/** Checks digit groups of an integer part split by separators: 1-3 digits first, then exactly 3 each. */
const integerDigits = (part: string, isSeparator: (code: number) => boolean): string | null => {
  let digits = '';
  let groupLength = 0;
  let groups = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (isDigit(code)) {
      digits += part[i];
      groupLength++;
      continue;
    }
    if (!isSeparator(code) || groupLength === 0) return null;
    if (groups === 0 ? groupLength > 3 : groupLength !== 3) return null;
    groups++;
    groupLength = 0;
  }
  if (groupLength === 0 || (groups > 0 && groupLength !== 3)) return null;
  return digits;
};

/**
 * Reads a number written as text, as people and spreadsheets in Europe and elsewhere write it: `1234.5`,
 * `1234,5`, `1 234,5`, `1.234,5`, `1,234.5`, `1'234.5`, `-12`, `+12`, `(12)` as -12, `1.5E3`, with a unit
 * after it (`12,5 kg`). A single separator followed by exactly three digits (`1.234`, `1,234`) is read as a
 * decimal separator and flagged `ambiguous`: it may have been meant as thousands. Returns null when the text
 * does not start with a number.
 */
export const parseNumberText = (raw: string): ParsedNumber | null => {
  let text = trimText(raw);
  let negative = false;
  if (text.length > 2 && text.charCodeAt(0) === 40 && text.charCodeAt(text.length - 1) === 41) {
    negative = true;
    text = trimText(text.slice(1, -1));
  }
  const length = text.length;
  let i = 0;
  const first = text.charCodeAt(0);
  if (first === 45 || first === 0x2212) {
    if (negative) return null;
    negative = true;
    i = 1;
  } else if (first === 43) i = 1;
  const bodyStart = i;
  let lastDigit = -1;
  let points = 0;
  let commas = 0;
  let others = 0;
  let lastPoint = -1;
  let lastComma = -1;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isDigit(code)) {
      lastDigit = i++;
      continue;
    }
    const separator = code === POINT || code === COMMA || isApostrophe(code) || isGroupSpace(code);
    // A separator counts only between digits.
    if (!separator || lastDigit !== i - 1 || !isDigit(text.charCodeAt(i + 1))) break;
    if (code === POINT) {
      points++;
      lastPoint = i;
    } else if (code === COMMA) {
      commas++;
      lastComma = i;
    } else others++;
    i++;
  }
  if (lastDigit < bodyStart) return null;
  const body = text.slice(bodyStart, lastDigit + 1);
  let rest = trimText(text.slice(lastDigit + 1));
  let exponent = 0;
  if (rest.length > 1 && EXPONENT.test(rest) && others === 0 && points + commas <= 1) {
    exponent = Number(rest.slice(1));
    rest = '';
  }

  let decimal = -1; // index in text of the decimal separator
  let ambiguous = false;
  if (points > 0 && commas > 0) {
    decimal = lastPoint > lastComma ? lastPoint : lastComma;
    if ((decimal === lastPoint ? points : commas) !== 1) return null;
  } else if (points === 1 && commas === 0) decimal = lastPoint;
  else if (commas === 1 && points === 0) decimal = lastComma;
  if (decimal !== -1 && others === 0 && points + commas === 1 && exponent === 0) {
    const integerLength = decimal - bodyStart;
    ambiguous = lastDigit - decimal === 3 && integerLength <= 3 && text.charCodeAt(bodyStart) !== 48;
  }
  const decimalCode = decimal === -1 ? -1 : text.charCodeAt(decimal);
  const integerPart = decimal === -1 ? body : text.slice(bodyStart, decimal);
  const fraction = decimal === -1 ? '' : text.slice(decimal + 1, lastDigit + 1);
  for (let f = 0; f < fraction.length; f++) if (!isDigit(fraction.charCodeAt(f))) return null;
  const digits = integerDigits(
    integerPart,
    (code) => code !== decimalCode && (code === POINT || code === COMMA || isApostrophe(code) || isGroupSpace(code)),
  );
  if (digits === null) return null;
  let value = Number(`${fraction ? `${digits}.${fraction}` : digits}${exponent !== 0 ? `e${exponent}` : ''}`);
  if (negative) value = -value;
  if (!Number.isFinite(value)) return null;
  return { value, ambiguous, unit: rest === '' ? null : rest };
};
