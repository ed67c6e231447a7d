import { describe, expect, it } from 'vitest';
import { csvLine, neutralizeText, safeCell } from './spreadsheet-cells.ts';

describe('export cells', () => {
  it('turns text that would run as a formula into text', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])
      expect(neutralizeText(text)).toBe(`'${text}`);
    expect(neutralizeText('Aurora Borealis')).toBe('Aurora Borealis');
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(true)).toBe(true);
  });

  it('quotes CSV fields that hold separators, quotes or line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 12.5, null, false, '=1+1'])).toBe(
      '"a,b","say ""hi""","two\nlines",12.5,,No,\'=1+1\r\n',
    );
  });
});
