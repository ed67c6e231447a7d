import { describe, expect, it } from 'vitest';
import { createNullTokenSet, dateToIso, isIsoDateText, numberStyleEvidence, parseDateText, parseNumber, readTextCell } from './values.ts';

const point = { nullTokens: createNullTokenSet(), numberStyle: 'point' as const };
const comma = { nullTokens: createNullTokenSet(), numberStyle: 'comma' as const };

describe('readTextCell', () => {
  it('reads empty cells and null tokens as null, whatever their case and padding', () => {
    for (const text of [
      '',
      '   ',
      'N/A',
      'n/a',
      ' N/A ',
      '-',
      '—',
      '#DIV/0!',
      'Division by zero!',
      'division by zero!',
      '#N/A',
      'NULL',
      '#VALUE!',
    ]) {
      expect(readTextCell(text, point), text).toBeNull();
    }
  });

  it('keeps NA as text (Namibia) and other words as trimmed text', () => {
    expect(readTextCell('NA', point)).toBe('NA');
    expect(readTextCell('  Nordwind Star \u00a0', point)).toBe('Nordwind Star');
  });

  it('accepts a custom token list', () => {
    const custom = { nullTokens: createNullTokenSet(['unknown']), numberStyle: 'point' as const };
    expect(readTextCell('Unknown', custom)).toBeNull();
    expect(readTextCell('N/A', custom)).toBe('N/A');
  });

  it('reads numbers, dates and booleans', () => {
    expect(readTextCell('1.234,5', comma)).toBe(1234.5);
    expect(readTextCell('1,234.5', point)).toBe(1234.5);
    expect(readTextCell('29/04/2022', point)).toBe('2022-04-29');
    expect(readTextCell('TRUE', point)).toBe(true);
    expect(readTextCell('false', point)).toBe(false);
  });
});

describe('parseNumber', () => {
  it('reads unambiguous forms whatever the style', () => {
    for (const style of ['point', 'comma'] as const) {
      expect(parseNumber('12,5', style)).toBe(12.5);
      expect(parseNumber('12.5', style)).toBe(12.5);
      expect(parseNumber('-0,75', style)).toBe(-0.75);
      expect(parseNumber('1.234.567', style)).toBe(1234567);
      expect(parseNumber('1.234.567,89', style)).toBe(1234567.89);
      expect(parseNumber('1,234,567.89', style)).toBe(1234567.89);
      expect(parseNumber('1 234 567,5', style)).toBe(1234567.5);
      expect(parseNumber('1\u00a0234,5', style)).toBe(1234.5);
      expect(parseNumber('0,123', style)).toBe(0.123);
      expect(parseNumber('1.5E+03', style)).toBe(1500);
    }
  });

  it('lets the file style decide a single separator followed by three digits', () => {
    expect(parseNumber('1.234', 'point')).toBe(1.234);
    expect(parseNumber('1.234', 'comma')).toBe(1234);
    expect(parseNumber('1,234', 'point')).toBe(1234);
    expect(parseNumber('1,234', 'comma')).toBe(1.234);
  });

  it('leaves codes as text: leading zeros, plus signs, percents, over 15 digits, phone-like groups', () => {
    for (const text of ['007', '+4712345678', '12%', '1234567890123456', '+47 123 45 678', '12 34', '1.2.3', 'abc', '-']) {
      expect(parseNumber(text, 'point'), text).toBeNull();
    }
    expect(parseNumber('9074729', 'point')).toBe(9074729);
    expect(parseNumber('0', 'point')).toBe(0);
  });
});

describe('numberStyleEvidence', () => {
  it('votes only on texts that tell the styles apart', () => {
    expect(numberStyleEvidence('12,5')).toBe('comma');
    expect(numberStyleEvidence('1.234,5')).toBe('comma');
    expect(numberStyleEvidence('12.5')).toBe('point');
    expect(numberStyleEvidence('1,234.5')).toBe('point');
    expect(numberStyleEvidence('1.234')).toBeNull();
    expect(numberStyleEvidence('1234')).toBeNull();
  });
});

describe('parseDateText', () => {
  it('reads ISO and day-first dates to ISO text', () => {
    expect(parseDateText('2022-04-29')).toBe('2022-04-29');
    expect(parseDateText('2022-04-29 10:30')).toBe('2022-04-29T10:30:00');
    expect(parseDateText('2022-04-29T10:30:15Z')).toBe('2022-04-29T10:30:15Z');
    expect(parseDateText('29/04/2022')).toBe('2022-04-29');
    expect(parseDateText('29.04.2022')).toBe('2022-04-29');
    expect(parseDateText('1.2.2022')).toBe('2022-02-01');
    expect(parseDateText('29-04-2022 08:05:09')).toBe('2022-04-29T08:05:09');
  });

  it('refuses impossible dates, month-first dates past the 12th, and mixed separators', () => {
    for (const text of ['31/02/2022', '04/29/2022', '2022-13-01', '29/04.2022', '29/04/22', '2022-04-29T25:00']) {
      expect(parseDateText(text), text).toBeNull();
    }
  });

  it('agrees with isIsoDateText and dateToIso', () => {
    expect(isIsoDateText('2022-04-29')).toBe(true);
    expect(isIsoDateText('2022-04-29T10:30:00')).toBe(true);
    expect(isIsoDateText('2022')).toBe(false);
    expect(dateToIso(new Date(Date.UTC(2021, 0, 31)))).toBe('2021-01-31');
    expect(dateToIso(new Date(Date.UTC(2021, 0, 31, 10, 29, 59, 999)))).toBe('2021-01-31T10:30:00');
  });
});
