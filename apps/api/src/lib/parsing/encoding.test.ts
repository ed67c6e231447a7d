import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createTextDecoder, detectEncoding } from './encoding.ts';

const text = 'Navn;By;Beløp\nBjørn Ærø;Tromsø;1.234,50\nCafé Åse;Bærum;12,5\n';

describe('detectEncoding', () => {
  it('reads byte-order marks', () => {
    expect(detectEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toMatchObject({
      encoding: 'utf-8',
      bomLength: 3,
    });
    expect(detectEncoding(iconv.encode(text, 'utf-16le', { addBOM: true }))).toMatchObject({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectEncoding(iconv.encode(text, 'utf-16be', { addBOM: true }))).toMatchObject({ encoding: 'utf-16be', bomLength: 2 });
  });

  it('recognises UTF-16 without a mark by its zero bytes', () => {
    expect(detectEncoding(iconv.encode(text, 'utf-16le'))).toMatchObject({ encoding: 'utf-16le', bomLength: 0 });
  });

  it('takes valid UTF-8, even when the sample cuts a character in two', () => {
    const bytes = Buffer.from(text);
    const cut = bytes.subarray(0, bytes.indexOf(Buffer.from('ø')) + 1);
    expect(detectEncoding(cut)).toMatchObject({ encoding: 'utf-8', source: 'utf8-valid' });
  });

  it('reads Windows-1252 text with ø, æ and é as Windows-1252', () => {
    for (const sample of [text, 'name,city\nSøren,Århus\n', 'Société;Montant\nCafé Crème;12,5\n']) {
      expect(detectEncoding(iconv.encode(sample, 'windows-1252'), true).encoding, sample).toBe('windows-1252');
    }
  });
});

describe('createTextDecoder', () => {
  it('decodes across chunk boundaries', () => {
    const bytes = iconv.encode('Bjørn – Tromsø', 'utf-16be');
    const decoder = createTextDecoder('utf-16be');
    const parts = [
      decoder.write(bytes.subarray(0, 3)),
      decoder.write(bytes.subarray(3, 9)),
      decoder.write(bytes.subarray(9)),
      decoder.end(),
    ];
    expect(parts.join('')).toBe('Bjørn – Tromsø');
    const utf8 = Buffer.from('Bjørn');
    const decoder8 = createTextDecoder('utf-8');
    expect(decoder8.write(utf8.subarray(0, 3)) + decoder8.write(utf8.subarray(3)) + decoder8.end()).toBe('Bjørn');
  });
});
