import { describe, expect, it } from 'vitest';
import {
  AUTO_DATE_READING,
  DATE_FORMATS,
  dateReadingOf,
  excelSerialToIso,
  isKnownDateFormat,
  readDateNumber,
  readDateText,
} from './dates.ts';

const reading = (format: string) => {
  const found = dateReadingOf(format);
  if (!found) throw new Error(`unknown format ${format}`);
  return found;
};

describe('dates', () => {
  it('knows every listed format, in any letter case, and no other', () => {
    for (const format of DATE_FORMATS) expect(isKnownDateFormat(format), format).toBe(true);
    expect(isKnownDateFormat('dd.mm.yyyy')).toBe(true);
    expect(isKnownDateFormat('YYYY-DD-MM')).toBe(false);
    expect(isKnownDateFormat('')).toBe(false);
  });

  it('reads ISO dates as the file reader gives them, with or without time', () => {
    expect(readDateText('2024-03-15', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('2024-03-15T10:30:00', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('2024-03-15 10:30', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('2024-02-30', AUTO_DATE_READING)).toBeNull();
    expect(readDateText('2024-03-15Tnonsense', AUTO_DATE_READING)).toBeNull();
  });

  it('reads day-first dates without a format, and month-first ones only with MM/DD/YYYY', () => {
    expect(readDateText('15.03.2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('5.3.2024', AUTO_DATE_READING)).toBe('2024-03-05');
    expect(readDateText('15/03/2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('03/25/2024', AUTO_DATE_READING)).toBeNull();
    expect(readDateText('03/25/2024', reading('MM/DD/YYYY'))).toBe('2024-03-25');
    expect(readDateText('3/5/2024', reading('M/D/YYYY'))).toBe('2024-03-05');
  });

  it('reads each format by its order of day, month and year', () => {
    expect(readDateText('15.03.2024', reading('DD.MM.YYYY'))).toBe('2024-03-15');
    expect(readDateText('15/03/2024', reading('DD/MM/YYYY'))).toBe('2024-03-15');
    expect(readDateText('15-03-2024', reading('DD-MM-YYYY'))).toBe('2024-03-15');
    expect(readDateText('5.3.2024', reading('D.M.YYYY'))).toBe('2024-03-05');
    expect(readDateText('2024/03/15', reading('YYYY/MM/DD'))).toBe('2024-03-15');
    expect(readDateText('20240315', reading('YYYYMMDD'))).toBe('2024-03-15');
    expect(readDateText('15.03.24', reading('DD.MM.YY'))).toBe('2024-03-15');
    expect(readDateText('15.03.85', reading('DD.MM.YY'))).toBe('1985-03-15');
    expect(readDateText('03/15/24', reading('MM/DD/YY'))).toBe('2024-03-15');
    expect(readDateText('15.03.24', AUTO_DATE_READING)).toBeNull();
    expect(readDateText('31.02.2024', reading('DD.MM.YYYY'))).toBeNull();
  });

  it('swaps back day and month of an ISO date in a month-first column (the reader read it day first)', () => {
    // "03/04/2024" in a US file reaches the rules as 2024-04-03.
    expect(readDateText('2024-04-03', reading('MM/DD/YYYY'))).toBe('2024-03-04');
    // A day over 12 cannot come from a day-first reading of a month-first text: kept.
    expect(readDateText('2024-04-25', reading('MM/DD/YYYY'))).toBe('2024-04-25');
    expect(readDateText('2024-04-03', reading('DD/MM/YYYY'))).toBe('2024-04-03');
  });

  it('reads month names in English, Norwegian, Danish and German', () => {
    expect(readDateText('15-Mar-2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('15 March 2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('15. März 2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('1. okt 2023', AUTO_DATE_READING)).toBe('2023-10-01');
    expect(readDateText('Mar 15, 2024', AUTO_DATE_READING)).toBe('2024-03-15');
    expect(readDateText('15 Foo 2024', AUTO_DATE_READING)).toBeNull();
  });

  it('reads Excel serial day numbers, with the 1900 leap-year quirk', () => {
    expect(excelSerialToIso(45366)).toBe('2024-03-15');
    expect(excelSerialToIso(45366.75)).toBe('2024-03-15');
    expect(excelSerialToIso(1)).toBe('1900-01-01');
    expect(excelSerialToIso(59)).toBe('1900-02-28');
    expect(excelSerialToIso(60)).toBeNull();
    expect(excelSerialToIso(61)).toBe('1900-03-01');
    expect(excelSerialToIso(0)).toBeNull();
    expect(readDateNumber(45366, AUTO_DATE_READING)).toBe('2024-03-15');
    // Without the EXCEL format only serials of 1950..2099 are dates: 2024 is a year, not 1905-07-16.
    expect(readDateNumber(2024, AUTO_DATE_READING)).toBeNull();
    expect(readDateNumber(2024, reading('EXCEL'))).toBe('1905-07-16');
    expect(readDateText('45366', reading('EXCEL'))).toBe('2024-03-15');
    expect(readDateNumber(20240315, AUTO_DATE_READING)).toBe('2024-03-15');
  });
});
