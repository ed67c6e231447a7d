import { normalizeLabel } from '../field-catalogue/index.ts';
import type { AllowedValue, ValidatorName } from '../field-catalogue/types.ts';
import { isCountryCode, isCurrencyCode, isEmail, isImoNumber, normalizeUnLocode } from '../field-catalogue/validators.ts';
import { cellText, issueValue, quote, trimText } from './cells.ts';
import { excelSerialToIso, readDateNumber, readDateText, readMonthFirst } from './dates.ts';
import type { FieldSetup } from './field-setup.ts';
import type { IssueCode } from './issues.ts';
import { numberReader } from './number-reader.ts';
import { type CellReader, MAX_TEXT_LENGTH, mappedText, memoize, spreadsheetError } from './reader-kit.ts';
import { type FieldRef, reportRow } from './row-scratch.ts';

const VALIDATORS: Record<ValidatorName, { normalize: (text: string) => string | null; code: IssueCode; expected: string }> = {
  imoNumber: {
    normalize: (text) => (isImoNumber(text) ? text.replace(/^\s*imo[\s:.-]*/i, '').trim() : null),
    code: 'INVALID_IMO',
    expected: 'is not a valid IMO number (7 digits, the last a check digit, e.g. 9074729).',
  },
  unLocode: {
    normalize: normalizeUnLocode,
    code: 'INVALID_LOCODE',
    expected: 'is not a UN/LOCODE (country code and 3 letters, e.g. NOOSL).',
  },
  currencyCode: {
    normalize: (text) => (isCurrencyCode(text) ? text.trim().toUpperCase() : null),
    code: 'INVALID_CURRENCY',
    expected: 'is not an ISO 4217 currency code (3 letters, e.g. NOK or EUR).',
  },
  countryCode: {
    normalize: (text) => (isCountryCode(text) ? text.trim().toUpperCase() : null),
    code: 'INVALID_COUNTRY',
    expected: 'is not an ISO 3166 two-letter country code (e.g. NO, DK, DE).',
  },
  email: { normalize: (text) => (isEmail(text) ? text.trim() : null), code: 'INVALID_EMAIL', expected: 'is not an email address.' },
};

const stringReader = (setup: FieldSetup, field: FieldRef): CellReader => {
  const mapText = mappedText(setup);
  const patterns = setup.patterns;
  const validator = setup.definition.validator ? VALIDATORS[setup.definition.validator] : null;
  const normalize = validator ? memoize(validator.normalize) : null;
  return (cell, row) => {
    const raw = typeof cell === 'string' ? trimText(cell) : (cellText(cell) as string);
    if (spreadsheetError(raw, field, row)) return null;
    const text = mapText(raw);
    if (text.length > MAX_TEXT_LENGTH) {
      reportRow(
        row,
        field,
        'VALUE_TOO_LONG',
        `the text has ${text.length} characters; at most ${MAX_TEXT_LENGTH} are kept.`,
        issueValue(cell),
      );
      return null;
    }
    for (const pattern of patterns) {
      if (!pattern.regex.test(text)) {
        reportRow(row, field, 'PATTERN_MISMATCH', `${quote(text)} does not have the expected form (${pattern.source}).`, text);
        return null;
      }
    }
    if (validator && normalize) {
      const normalized = normalize(text);
      if (normalized === null) {
        reportRow(row, field, validator.code, `${quote(text)} ${validator.expected}`, text);
        return null;
      }
      return normalized;
    }
    return text;
  };
};

/** Years outside this range are read but flagged: usually a wrong column or an Excel serial misread. */
const PLAUSIBLE_YEAR_MIN = 1950;
const PLAUSIBLE_YEAR_MAX = 2100;

const dateReader = (setup: FieldSetup, field: FieldRef): CellReader => {
  const mapText = mappedText(setup);
  const reading = setup.dateReading;
  const format = setup.dateFormat;
  return (cell, row) => {
    let date: string | null = null;
    let hint = '';
    if (typeof cell === 'number') {
      date = readDateNumber(cell, reading);
      if (date === null) {
        const serial = excelSerialToIso(cell);
        hint = serial
          ? `; as an Excel serial day number it would be ${serial}: set the column’s date format to EXCEL if that is meant`
          : '';
      }
    } else if (typeof cell === 'string') {
      const raw = trimText(cell);
      if (spreadsheetError(raw, field, row)) return null;
      date = readDateText(mapText(raw), reading);
      if (date === null) {
        if (format) hint = ` in the format ${format}`;
        else if (readMonthFirst(raw)) hint = ' (read day first); if months come first, set the column’s date format to MM/DD/YYYY';
      }
    }
    if (date === null) {
      const text = cellText(cell) as string;
      reportRow(row, field, 'INVALID_DATE', `${quote(text)} is not a date${hint}.`, text);
      return null;
    }
    const year =
      (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + date.charCodeAt(3) - 48;
    if (year < PLAUSIBLE_YEAR_MIN || year > PLAUSIBLE_YEAR_MAX) {
      reportRow(
        row,
        field,
        'DATE_IMPLAUSIBLE',
        `${date} is before ${PLAUSIBLE_YEAR_MIN} or after ${PLAUSIBLE_YEAR_MAX}; check the column.`,
        cellText(cell),
      );
    }
    return date;
  };
};

const TRUE_TEXTS = new Set(['true', 'yes', 'y', 'ja', 'j', '1', 'x', 'wahr', 'sand']);
const FALSE_TEXTS = new Set(['false', 'no', 'n', 'nei', 'nej', 'nein', '0', 'falsch', 'falsk']);

const booleanReader = (setup: FieldSetup, field: FieldRef): CellReader => {
  const mapText = mappedText(setup);
  return (cell, row) => {
    if (typeof cell === 'boolean') return cell;
    if (cell === 1 || cell === 0) return cell === 1;
    const text = cellText(cell) as string;
    if (typeof cell === 'string' && spreadsheetError(trimText(cell), field, row)) return null;
    const lower = mapText(trimText(text)).toLowerCase();
    if (TRUE_TEXTS.has(lower)) return true;
    if (FALSE_TEXTS.has(lower)) return false;
    reportRow(row, field, 'NOT_A_BOOLEAN', `${quote(text)} is not yes or no (yes/no, true/false, 1/0, ja/nei).`, text);
    return null;
  };
};

/** The allowed values by every normalized spelling (value, label, synonyms), as resolveAllowedValue compares them. */
const spellingsOf = (allowedValues: readonly AllowedValue[]): Map<string, string> => {
  const spellings = new Map<string, string>();
  for (const allowed of allowedValues) {
    for (const spelling of [allowed.value, allowed.label, ...allowed.synonyms]) {
      const key = normalizeLabel(spelling);
      if (!spellings.has(key)) spellings.set(key, allowed.value);
    }
  }
  return spellings;
};

const MAX_LISTED_VALUES = 8;

const enumReader = (setup: FieldSetup, field: FieldRef): CellReader => {
  const allowedValues = setup.definition.allowedValues ?? [];
  const spellings = spellingsOf(allowedValues);
  const valueMap = setup.valueMap;
  const resolve = memoize((text: string): string | null => {
    const key = normalizeLabel(text);
    return valueMap?.get(key) ?? spellings.get(key) ?? null;
  });
  const listed = allowedValues.slice(0, MAX_LISTED_VALUES).map((a) => a.value);
  const allowedText =
    allowedValues.length > MAX_LISTED_VALUES ? `${listed.join(', ')}, … ${allowedValues.length} in all` : listed.join(', ');
  return (cell, row) => {
    const text = typeof cell === 'string' ? trimText(cell) : (cellText(cell) as string);
    if (spreadsheetError(text, field, row)) return null;
    const value = resolve(text);
    if (value === null) {
      reportRow(
        row,
        field,
        'NOT_ALLOWED_VALUE',
        `${quote(text)} is not one of the allowed values (${allowedText}); map it to one in the column’s value mapping.`,
        text,
      );
    }
    return value;
  };
};

export const readerFor = (setup: FieldSetup, field: FieldRef): CellReader => {
  switch (setup.definition.dataType) {
    case 'number':
    case 'integer':
      return numberReader(setup, field);
    case 'date':
      return dateReader(setup, field);
    case 'boolean':
      return booleanReader(setup, field);
    case 'enum':
      return enumReader(setup, field);
    default:
      return stringReader(setup, field);
  }
};
