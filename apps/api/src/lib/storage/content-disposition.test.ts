import { describe, expect, it } from 'vitest';
import { contentDisposition, FALLBACK_FILE_NAME, sanitizeFileName } from './content-disposition.ts';

/** What a browser makes of the header: the RFC 5987 value, decoded. */
const extendedName = (header: string) => decodeURIComponent(header.match(/filename\*=UTF-8''([^;]+)$/)?.[1] ?? '');
const plainName = (header: string) => header.match(/filename="([^"]*)"/)?.[1];

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('Fuel report 2025 (Q1).xlsx')).toBe('Fuel report 2025 (Q1).xlsx');
  });

  it('keeps only the last segment of a Windows or POSIX path', () => {
    expect(sanitizeFileName('C:\\Users\\eva\\Desktop\\bunkers.csv')).toBe('bunkers.csv');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('folder/')).toBe(FALLBACK_FILE_NAME);
  });

  it('drops control characters, CR/LF, bidi overrides and characters file systems refuse', () => {
    expect(sanitizeFileName('a\r\nContent-Type: text\0.csv')).toBe('aContent-Type text.csv');
    expect(sanitizeFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFileName('what?<is>"this"|*.csv')).toBe('whatisthis.csv');
  });

  it('drops leading dots and trailing dots or spaces, and falls back when nothing is left', () => {
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('  data.csv. . ')).toBe('data.csv');
    expect(sanitizeFileName('..')).toBe(FALLBACK_FILE_NAME);
    expect(sanitizeFileName('')).toBe(FALLBACK_FILE_NAME);
    expect(sanitizeFileName('\u0000\u0007')).toBe(FALLBACK_FILE_NAME);
  });

  it('normalises Unicode to NFC and shortens long names keeping the extension', () => {
    expect(sanitizeFileName('Ka\u0308ltemittel.csv')).toBe('K\u00e4ltemittel.csv');
    const long = sanitizeFileName(`${'ø'.repeat(400)}.xlsx`);
    expect([...long].length).toBe(180);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('is always an attachment with a quoted ASCII name and the exact UTF-8 name', () => {
    const header = contentDisposition('Bunkerbericht Öl 2025 – 東京.csv');
    expect(header.startsWith('attachment; filename="')).toBe(true);
    expect(plainName(header)).toBe('Bunkerbericht Ol 2025 _ _.csv');
    expect(extendedName(header)).toBe('Bunkerbericht Öl 2025 – 東京.csv');
  });

  it('keeps quotes, backslashes and line breaks out of the header', () => {
    for (const name of ['say "hi".csv', 'back\\slash.csv', 'line\r\nSet-Cookie: a=b.csv', 'semi;colon=1.csv']) {
      const header = contentDisposition(name);
      expect(header).not.toMatch(/[\r\n\\]/);
      expect(header.match(/"/g)).toHaveLength(2);
      expect(header.split(';').filter((part) => /filename/.test(part))).toHaveLength(2);
      expect(plainName(header)).toBeDefined();
    }
    expect(extendedName(contentDisposition('back\\slash.csv'))).toBe('slash.csv');
    expect(extendedName(contentDisposition('semi;colon=1.csv'))).toBe('semi;colon=1.csv');
  });

  it("encodes what RFC 5987 does not allow bare, including ' ( ) and %", () => {
    const header = contentDisposition("it's (100%) *final*.csv");
    expect(header.endsWith("filename*=UTF-8''it%27s%20%28100%25%29%20final.csv")).toBe(true);
    expect(plainName(header)).toBe("it's (100_) final.csv");
  });

  it('encodes astral characters as UTF-8', () => {
    expect(contentDisposition('🚢.csv')).toBe(`attachment; filename="_.csv"; filename*=UTF-8''%F0%9F%9A%A2.csv`);
  });
});
