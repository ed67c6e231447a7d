import { describe, expect, it } from 'vitest';
import { cellText, delimiterName, formatBytes, formatConfidence, formatRows, wholePercent } from './format.ts';

describe('upload formatting', () => {
  it('shows sizes in powers of 1024 with one decimal under ten', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('rounds progress down to a whole percent within 0 and 100', () => {
    expect(wholePercent(99.9)).toBe(99);
    expect(wholePercent(140)).toBe(100);
    expect(wholePercent(-3)).toBe(0);
    expect(wholePercent(Number.NaN)).toBe(0);
  });

  it('counts rows and shows confidence and delimiters in words', () => {
    expect(formatRows(1)).toBe('1 row');
    expect(formatRows(1234567)).toBe('1,234,567 rows');
    expect(formatConfidence(0.824)).toBe('82%');
    expect(delimiterName('\t')).toBe('Tab');
    expect(delimiterName(';')).toBe('Semicolon (;)');
    expect(delimiterName(null)).toBeNull();
  });

  it('writes cell values as the reader stored them', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText('2025-03-01')).toBe('2025-03-01');
  });
});
