import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileReadError } from './errors.ts';
import { buildSupplierWorkbook, buildZip, createTempDir, deflateZeros, minimalWorkbookEntries, type TempDir } from './test-fixtures.ts';
import { checkZipLimits, readZipDirectory, readZipEntryText } from './zip-archive.ts';

const limits = { maxUncompressedBytes: 1024 ** 3, maxCompressionRatio: 100 };

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir();
});
afterAll(() => temp.remove());

const withHandle = async <T>(filePath: string, run: (handle: Awaited<ReturnType<typeof open>>, size: number) => Promise<T>): Promise<T> => {
  const handle = await open(filePath, 'r');
  try {
    return await run(handle, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
};

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FileReadError) return error.code;
    throw error;
  }
  return 'no error';
};

describe('readZipDirectory', () => {
  it('lists the entries of a workbook written by Excel tooling and reads one', async () => {
    const filePath = await temp.file('book.xlsx', '');
    await buildSupplierWorkbook(filePath);
    await withHandle(filePath, async (handle, size) => {
      const entries = await readZipDirectory(handle, size);
      const workbook = entries.find((entry) => entry.name === 'xl/workbook.xml');
      expect(workbook).toBeDefined();
      expect(await readZipEntryText(handle, filePath, workbook as NonNullable<typeof workbook>)).toContain('Fuel data');
    });
  });

  it('refuses a truncated archive as corrupt', async () => {
    const zip = buildZip(minimalWorkbookEntries());
    const filePath = await temp.file('cut.xlsx', zip.subarray(0, zip.length - 30));
    await expect(withHandle(filePath, (handle, size) => readZipDirectory(handle, size))).rejects.toMatchObject({ code: 'CORRUPT_XLSX' });
  });
});

describe('checkZipLimits', () => {
  it('refuses a zip bomb from the directory alone: 200 MB of zeros declared in a small file', async () => {
    const bomb = buildZip([
      ...minimalWorkbookEntries(),
      { name: 'xl/worksheets/sheet1.xml', deflated: await deflateZeros(200 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const filePath = await temp.file('bomb.xlsx', bomb);
    const entries = await withHandle(filePath, (handle, size) => readZipDirectory(handle, size));
    expect(() => checkZipLimits(entries, limits)).toThrowError(expect.objectContaining({ code: 'COMPRESSION_RATIO_TOO_HIGH' }));
    expect(() => checkZipLimits(entries, { ...limits, maxCompressionRatio: 10_000, maxUncompressedBytes: 100 * 1024 * 1024 })).toThrowError(
      expect.objectContaining({ code: 'UNCOMPRESSED_SIZE_TOO_LARGE' }),
    );
  });

  it('lets small, highly compressible parts through (styles, empty sheets)', async () => {
    const entries = [
      { name: 'xl/styles.xml', method: 8, flags: 0, crc32: 0, compressedSize: 100, uncompressedSize: 500_000, localHeaderOffset: 0 },
    ];
    expect(() => checkZipLimits(entries, limits)).not.toThrow();
  });
});

describe('openZipEntry', () => {
  it('stops an entry that inflates past its declared size (a lying directory)', async () => {
    const content = Buffer.from(randomBytes(1024 * 1024).toString('hex'));
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: content, declaredSize: 1000 }]);
    const filePath = await temp.file('liar.xlsx', zip);
    await withHandle(filePath, async (handle, size) => {
      const entries = await readZipDirectory(handle, size);
      expect(() => checkZipLimits(entries, limits)).not.toThrow();
      expect(await codeOf(readZipEntryText(handle, filePath, entries[0] as NonNullable<(typeof entries)[0]>))).toBe(
        'COMPRESSION_RATIO_TOO_HIGH',
      );
    });
  });
});
