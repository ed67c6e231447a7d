import { describe, expect, it } from 'vitest';
import { detectDelimiter, detectDialect, detectNewline, detectQuoteChar } from './csv-dialect.ts';

describe('detectDialect', () => {
  it('finds comma, semicolon, tab and pipe', () => {
    expect(detectDialect('a,b,c\n1,2,3\n4,5,6\n').delimiter).toBe(',');
    expect(detectDialect('Navn;Beløp;Dato\nBjørn;1.234,5;29.04.2022\nÅse;12,5;30.04.2022\n').delimiter).toBe(';');
    expect(detectDialect('a\tb\tc\n1\t2,5\t3\n').delimiter).toBe('\t');
    expect(detectDialect('a|b|c\n1|2|3\n').delimiter).toBe('|');
  });

  it('ignores delimiters and line breaks inside quotes', () => {
    const text = 'name;comment;amount\n"Smith, John";"one, two\nthree";12,5\n"Doe, Jane";"x, y";1,5\n';
    expect(detectDialect(text)).toEqual({ delimiter: ';', quoteChar: '"', newline: '\n' });
  });

  it('is not fooled by a title line', () => {
    expect(detectDelimiter('Fuel report, 2021\n\nIMO;Fuel;Mass\n1;HFO;2\n3;MGO;4\n5;LNG;6\n')).toBe(';');
  });

  it('falls back to comma for a single column', () => {
    expect(detectDelimiter('name\nAcme\nBeta\n')).toBe(',');
  });
});

describe('detectNewline and detectQuoteChar', () => {
  it('reads CRLF and CR, skipping quoted breaks', () => {
    expect(detectNewline('"a\nb",c\r\n1,2\r\n')).toBe('\r\n');
    expect(detectNewline('a,b\r1,2\r')).toBe('\r');
  });

  it('uses single quotes only when they wrap whole fields and double quotes never appear', () => {
    expect(detectQuoteChar("'a,b',c\n'd,e',f\n")).toBe("'");
    expect(detectQuoteChar("O'Brien,Smith's\nx,y\n")).toBe('"');
  });
});
