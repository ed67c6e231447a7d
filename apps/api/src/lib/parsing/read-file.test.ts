import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFile, resolveLimits } from './read-file.ts';
import { buildCfb, buildZip, collect, createTempDir, type TempDir } from './test-fixtures.ts';
import { DEFAULT_LIMITS } from './types.ts';

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir();
});
afterAll(() => temp.remove());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

const refusal = async (name: string, content: string | Uint8Array) => {
  const filePath = await temp.file(name, content);
  try {
    await readFile(filePath, collect().handlers);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error(`${name} was read`);
};

it('refuses files by what they contain, whatever their name', async () => {
  expect(await refusal('empty.csv', '')).toMatchObject({
    code: 'EMPTY_FILE',
    message: 'The file is empty (0 bytes). Check that you picked the right file.',
  });
  expect(await refusal('blank.csv', '\n \n')).toMatchObject({ code: 'EMPTY_FILE' });
  expect(await refusal('image.csv', PNG)).toMatchObject({
    code: 'BINARY_FILE',
    message: 'The file is not a spreadsheet: it looks like a PNG image. Upload a CSV or an .xlsx file.',
  });
  expect(await refusal('protected.xlsx', buildCfb(['EncryptionInfo', 'EncryptedPackage']))).toMatchObject({ code: 'ENCRYPTED_WORKBOOK' });
  expect(await refusal('old.xlsx', buildCfb(['Workbook']))).toMatchObject({ code: 'LEGACY_XLS' });
  expect(await refusal('report.csv', '%PDF-1.7\n1 0 obj\n')).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
  expect(await refusal('letter.xlsx', buildZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toMatchObject({
    code: 'UNSUPPORTED_FORMAT',
  });
});

it('says so when the file is missing', async () => {
  await expect(readFile(`${temp.dir}/missing.csv`, collect().handlers)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
});

it('refuses a file without data rows', async () => {
  expect(await refusal('nulls.csv', 'N/A,-\n,\n')).toMatchObject({
    code: 'NO_DATA',
    message: 'The file holds no data: every row is empty.',
  });
  expect(await refusal('header.csv', 'IMO,Fuel\n')).toMatchObject({
    code: 'NO_DATA',
    message: 'The file has column headers but no data rows.',
  });
});

it('merges given limits over the defaults', () => {
  expect(resolveLimits({ maxRows: 10 })).toEqual({ ...DEFAULT_LIMITS, maxRows: 10 });
  expect(resolveLimits(undefined)).toEqual(DEFAULT_LIMITS);
  expect(DEFAULT_LIMITS).toEqual({
    maxRows: 2_000_000,
    maxColumns: 500,
    maxCellLength: 32_767,
    maxUncompressedBytes: 1024 ** 3,
    maxCompressionRatio: 100,
  });
});
