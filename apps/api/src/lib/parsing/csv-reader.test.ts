import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from './read-file.ts';
import { collect, createTempDir, type TempDir } from './test-fixtures.ts';

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir();
});
afterAll(() => temp.remove());

const NORWEGIAN = 'Leverandør;Beløp;Dato\nBjørn Ærø AS;1.234,50;29.04.2022\nCafé Åse;12,5;30.04.2022\n';

const read = async (name: string, content: string | Uint8Array, options = {}) => {
  const filePath = await temp.file(name, content);
  const sink = collect();
  const result = await readFile(filePath, sink.handlers, options);
  return { result, rows: sink.rows(), sink };
};

describe('encodings', () => {
  const expected = [
    { rowNumber: 2, values: ['Bjørn Ærø AS', 1234.5, '2022-04-29'] },
    { rowNumber: 3, values: ['Café Åse', 12.5, '2022-04-30'] },
  ];

  it('reads UTF-16LE with BOM', async () => {
    const { result, rows } = await read('utf16.csv', iconv.encode(NORWEGIAN, 'utf-16le', { addBOM: true }));
    expect(result).toMatchObject({ encoding: 'utf-16le', delimiter: ';', numberStyle: 'comma', headerRowNumber: 1 });
    expect(result.columns.map((column) => column.name)).toEqual(['Leverandør', 'Beløp', 'Dato']);
    expect(rows).toEqual(expected);
  });

  it('reads UTF-16BE with BOM', async () => {
    const { result, rows } = await read('utf16be.csv', iconv.encode(NORWEGIAN, 'utf-16be', { addBOM: true }));
    expect(result.encoding).toBe('utf-16be');
    expect(rows).toEqual(expected);
  });

  it('reads Windows-1252 with ø, æ and é', async () => {
    const { result, rows } = await read('cp1252.csv', iconv.encode(NORWEGIAN, 'windows-1252'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.columns[0]?.name).toBe('Leverandør');
    expect(rows).toEqual(expected);
  });

  it('reads UTF-8 with BOM without leaking the mark into the first header', async () => {
    const { result, rows } = await read('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NORWEGIAN)]));
    expect(result.encoding).toBe('utf-8');
    expect(result.columns[0]?.name).toBe('Leverandør');
    expect(rows).toEqual(expected);
  });
});

describe('dialects and values', () => {
  it('reads TSV', async () => {
    const { result, rows } = await read('data.tsv', 'IMO\tFuel\tMass\n9074729\tHFO\t1250.5\n9321483\tMGO\tN/A\n');
    expect(result.delimiter).toBe('\t');
    expect(rows).toEqual([
      { rowNumber: 2, values: [9074729, 'HFO', 1250.5] },
      { rowNumber: 3, values: [9321483, 'MGO', null] },
    ]);
  });

  it('reads quoted fields holding delimiters, quotes and line breaks, numbering records as a spreadsheet does', async () => {
    const csv = 'name,comment,amount\r\n"Smith, John","said ""hi""\r\nthen left",5\r\n"Doe, Jane",plain,6\r\n';
    const { rows, result } = await read('quoted.csv', csv);
    expect(result.delimiter).toBe(',');
    expect(rows).toEqual([
      { rowNumber: 2, values: ['Smith, John', 'said "hi"\r\nthen left', 5] },
      { rowNumber: 3, values: ['Doe, Jane', 'plain', 6] },
    ]);
  });

  it('finds the header under a title, skips blank lines, and profiles the columns', async () => {
    const csv =
      'Fuel report 2021\n\nIMO;Fuel type;Fuel mass [t];Bunkered;Name;Name\n9074729;HFO;1.250,5;31.01.2021;A;x\n\n9321483;MGO;-;28.02.2021;B;y\n';
    const { result, rows } = await read('titled.csv', csv);
    expect(result.headerRowNumber).toBe(3);
    expect(rows.map((row) => row.rowNumber)).toEqual([4, 6]);
    expect(result.fileMetadata).toMatchObject({
      totalRows: 2,
      categoryAnalysis: { suggestedCategory: 'vessel_fuel_consumption' },
      detectedColumns: [
        { index: 0, name: 'IMO', dataType: 'integer', sampleValues: [9074729, 9321483] },
        { index: 1, name: 'Fuel type', dataType: 'string' },
        { index: 2, name: 'Fuel mass [t]', dataType: 'number', sampleValues: [1250.5] },
        { index: 3, name: 'Bunkered', dataType: 'date', sampleValues: ['2021-01-31', '2021-02-28'] },
        { index: 4, name: 'Name', dataType: 'string' },
        { index: 5, name: 'Name (2)', dataType: 'string' },
      ],
    });
  });

  it('adds a column when a row is wider than the header, also far down the file', async () => {
    const { result, rows } = await read('wide.csv', 'a,b\n1,2\n3,4,5\n');
    expect(result.columns.map((column) => column.name)).toEqual(['a', 'b', 'Column 3']);
    expect(rows).toEqual([
      { rowNumber: 2, values: [1, 2, null] },
      { rowNumber: 3, values: [3, 4, 5] },
    ]);
    const far = ['a,b', ...Array.from({ length: 300 }, () => '1,2'), '3,4,5'].join('\n');
    const later = await read('wide-later.csv', far);
    expect(later.sink.starts[0]?.columns).toHaveLength(2);
    expect(later.result.columns.map((column) => column.name)).toEqual(['a', 'b', 'Column 3']);
    expect(later.rows.at(-1)).toEqual({ rowNumber: 302, values: [3, 4, 5] });
    expect(later.result.fileMetadata.detectedColumns[2]).toMatchObject({ dataType: 'integer', sampleValues: [5] });
  });
});

describe('batches and resuming', () => {
  const lines = ['id,value', ...Array.from({ length: 2_500 }, (_, i) => `${i + 1},${(i + 1) * 1.5}`)].join('\n');

  it('hands out batches one at a time, waiting for each, with progress to 100%', async () => {
    const filePath = await temp.file('many.csv', lines);
    const sink = collect(2);
    const progress: number[] = [];
    const result = await readFile(filePath, { ...sink.handlers, onProgress: (p) => progress.push(p.percent) }, { batchSize: 1_000 });
    expect(sink.batches.map((batch) => batch.rows.length)).toEqual([1_000, 1_000, 500]);
    expect(sink.overlapped()).toBe(false);
    expect(sink.starts).toHaveLength(1);
    expect(progress.at(-1)).toBe(100);
    expect(result).toMatchObject({ rowsDelivered: 2_500, lastRowNumber: 2_501, fileMetadata: { totalRows: 2_500 } });
  });

  it('resumes after a given row: earlier rows are counted but not delivered', async () => {
    const filePath = await temp.file('resume.csv', lines);
    const sink = collect();
    const result = await readFile(filePath, sink.handlers, { startAfterRow: 2_001 });
    expect(sink.rows()[0]).toEqual({ rowNumber: 2_002, values: [2_001, 3_001.5] });
    expect(result).toMatchObject({ rowsDelivered: 500, fileMetadata: { totalRows: 2_500 } });
  });
});

describe('refusals', () => {
  const codeOf = async (content: string | Uint8Array, options = {}) => {
    try {
      await read('bad.csv', content, options);
      return 'no error';
    } catch (error) {
      return (error as { code?: string; message: string }).code ?? (error as Error).message;
    }
  };

  it('refuses more rows, columns or characters than the limits', async () => {
    expect(await codeOf('a\n1\n2\n3\n', { limits: { maxRows: 2 } })).toBe('TOO_MANY_ROWS');
    expect(await codeOf('a,b,c\n1,2,3\n', { limits: { maxColumns: 2 } })).toBe('TOO_MANY_COLUMNS');
    expect(await codeOf(`a,b\n1,${'x'.repeat(50)}\n`, { limits: { maxCellLength: 40 } })).toBe('CELL_TOO_LONG');
  });

  it('names the row of a quote that is never closed', async () => {
    await expect(read('quote.csv', 'a,b\n1,2\n3,"oops\n4,5\n')).rejects.toMatchObject({ code: 'MALFORMED_CSV', details: { rowNumber: 3 } });
  });

  it('says which cell is too long', async () => {
    await expect(read('long.csv', `name,comment\nok,${'y'.repeat(60)}\n`, { limits: { maxCellLength: 50 } })).rejects.toMatchObject({
      code: 'CELL_TOO_LONG',
      message: 'Row 2, column "comment" holds 60 characters, over the limit of 50.',
    });
  });
});
