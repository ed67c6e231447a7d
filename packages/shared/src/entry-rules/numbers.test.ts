import { describe, expect, it } from 'vitest';
import { parseNumberText } from './numbers.ts';

const read = (text: string) => parseNumberText(text);

describe('parseNumberText', () => {
  it('reads plain, European and grouped numbers', () => {
    expect(read('1234.5')?.value).toBe(1234.5);
    expect(read('1234,5')?.value).toBe(1234.5);
    expect(read('1 234,5')?.value).toBe(1234.5);
    expect(read('1\u00a0234,5')?.value).toBe(1234.5);
    expect(read('1\u202f234\u202f567,25')?.value).toBe(1234567.25);
    expect(read('1.234,5')?.value).toBe(1234.5);
    expect(read('1.234.567')?.value).toBe(1234567);
    expect(read('1,234.5')?.value).toBe(1234.5);
    expect(read('1,234,567')?.value).toBe(1234567);
    expect(read("1'234.5")?.value).toBe(1234.5);
    expect(read('  42  ')?.value).toBe(42);
    expect(read('007')?.value).toBe(7);
  });

  it('reads signs, accounting negatives and exponents', () => {
    expect(read('-12,5')?.value).toBe(-12.5);
    expect(read('−12')?.value).toBe(-12);
    expect(read('+12')?.value).toBe(12);
    expect(read('(1 234,50)')?.value).toBe(-1234.5);
    expect(read('1.5E3')?.value).toBe(1500);
    expect(read('2,5e-3')?.value).toBe(0.0025);
  });

  it('flags a single separator followed by three digits as ambiguous and reads it as decimals', () => {
    expect(read('1.234')).toEqual({ value: 1.234, ambiguous: true, unit: null });
    expect(read('1,234')).toEqual({ value: 1.234, ambiguous: true, unit: null });
    expect(read('0,500')).toEqual({ value: 0.5, ambiguous: false, unit: null });
    expect(read('1234.567')?.ambiguous).toBe(false);
    expect(read('12.34')?.ambiguous).toBe(false);
    expect(read('1 234,567')?.ambiguous).toBe(false);
  });

  it('separates a unit written after the number', () => {
    expect(read('12,5 kg')).toEqual({ value: 12.5, ambiguous: false, unit: 'kg' });
    expect(read('120m3')).toEqual({ value: 120, ambiguous: false, unit: 'm3' });
    expect(read('1 500 t')).toEqual({ value: 1500, ambiguous: false, unit: 't' });
    expect(read('12,5 kg?')?.unit).toBe('kg?');
  });

  it('refuses texts that are not numbers or have broken digit groups', () => {
    for (const text of ['', 'abc', 'kg 12', '-', '1.2.3,4,5', '12,34,5', '1 23', '1.23.456', '--5', '(-5)', '.5x', ',']) {
      expect(read(text), text).toBeNull();
    }
  });
});
