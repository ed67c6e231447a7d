import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffBytes, sniffFile } from './sniff.ts';
import { buildCfb, buildSupplierWorkbook, buildZip, createTempDir, type TempDir } from './test-fixtures.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir();
});
afterAll(() => temp.remove());

describe('sniffBytes', () => {
  it('tells text formats apart by delimiter and names the encoding', () => {
    expect(sniffBytes(Buffer.from('a,b\n1,2\n'))).toMatchObject({ kind: 'csv', delimiter: ',', encoding: 'utf-8' });
    expect(sniffBytes(Buffer.from('a;b\n1;2\n'))).toMatchObject({ kind: 'csv', delimiter: ';' });
    expect(sniffBytes(Buffer.from('a\tb\n1\t2\n'))).toMatchObject({ kind: 'tsv', delimiter: '\t' });
    expect(sniffBytes(iconv.encode('a;b\nø;2\n', 'utf-16le', { addBOM: true }))).toMatchObject({ kind: 'csv', encoding: 'utf-16le' });
  });

  it('recognises binaries by magic bytes, not by name', () => {
    expect(sniffBytes(PNG)).toMatchObject({ kind: 'binary', description: 'PNG image' });
    expect(sniffBytes(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toMatchObject({ kind: 'pdf' });
    expect(sniffBytes(Buffer.from([0x01, 0x02, 0x00, 0x41, 0x42]))).toMatchObject({ kind: 'binary', description: 'binary data' });
  });

  it('tells a password-protected workbook from a legacy .xls inside CFB containers', () => {
    expect(sniffBytes(buildCfb(['EncryptionInfo', 'EncryptedPackage']))).toMatchObject({ kind: 'cfb', cfbContent: 'encrypted-ooxml' });
    expect(sniffBytes(buildCfb(['Workbook', 'SummaryInformation']))).toMatchObject({ kind: 'cfb', cfbContent: 'legacy-xls' });
  });

  it('tells an xlsx from another zip', async () => {
    const xlsx = await temp.file('book.xlsx', '');
    await buildSupplierWorkbook(xlsx);
    expect(sniffBytes(await readFile(xlsx))).toMatchObject({ kind: 'xlsx' });
    expect(sniffBytes(buildZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toMatchObject({ kind: 'zip' });
  });

  it('reports empty and blank files', () => {
    expect(sniffBytes(Buffer.alloc(0)).kind).toBe('empty');
    expect(sniffBytes(Buffer.from('  \n\n'), true).kind).toBe('empty');
  });
});

describe('sniffFile', () => {
  it('reads the first bytes of a file on disk', async () => {
    const renamed = await temp.file('photo.csv', PNG);
    expect(await sniffFile(renamed)).toMatchObject({ kind: 'binary', description: 'PNG image' });
  });
});
