import { readFile as readBytes } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from './read-file.ts';
import {
  buildSupplierWorkbook,
  buildZip,
  collect,
  createTempDir,
  deflateZeros,
  minimalWorkbookEntries,
  type TempDir,
} from './test-fixtures.ts';

let temp: TempDir;
let workbookPath: string;
beforeAll(async () => {
  temp = await createTempDir();
  workbookPath = await temp.file('supplier.xlsx', '');
  await buildSupplierWorkbook(workbookPath);
});
afterAll(() => temp.remove());

describe('a supplier workbook', () => {
  it('lists every sheet with its row count and picks the data sheet', async () => {
    const sink = collect();
    const result = await readFile(workbookPath, sink.handlers);
    expect(result.sheets).toEqual([
      { index: 0, name: 'Instructions', rowCount: 2, cellCount: 2, hidden: false },
      { index: 1, name: 'Empty', rowCount: 0, cellCount: 0, hidden: false },
      { index: 2, name: 'Fuel data', rowCount: 7, cellCount: expect.any(Number), hidden: false },
    ]);
    expect(result.sheet?.name).toBe('Fuel data');
    expect(sink.starts[0]?.sheet?.name).toBe('Fuel data');
  });

  it('finds the header under the title and group rows, keeps the repeated name apart, reads cached formula results and dates', async () => {
    const sink = collect();
    const result = await readFile(workbookPath, sink.handlers);
    expect(result.headerRowNumber).toBe(3);
    expect(result.columns.map((column) => column.name)).toEqual([
      'IMO number',
      'Name',
      'Fuel type',
      'Fuel mass [t]',
      'Name (2)',
      'Report date',
      'Text date',
      'CO₂ [t]',
    ]);
    const rows = sink.rows();
    expect(rows.map((row) => row.rowNumber)).toEqual([4, 5, 6, 7]);
    expect(rows[0]?.values).toEqual([9074729, 'Nordwind Star', 'HFO', 1250.5, 'NWS', '2021-01-31', '2022-04-29', 1250.5 * 3.114]);
    expect(rows[1]?.values).toEqual([9321483, 'Baltic Trader', 'MGO', null, 'BT', '2021-02-28', '2022-04-29', null]);
    expect(rows[2]?.values[5]).toBe('2021-03-31T12:30:00');
    expect(rows[2]?.values[6]).toBe('2022-04-29');
    expect(rows[3]?.values).toEqual([9500001, null, null, null, null, null, null, null]);
    expect(result.fileMetadata.detectedColumns.map((column) => column.dataType)).toEqual([
      'integer',
      'string',
      'string',
      'number',
      'string',
      'date',
      'date',
      'number',
    ]);
    expect(result.fileMetadata.categoryAnalysis.suggestedCategory).toBe('vessel_fuel_consumption');
  });

  it('reads another sheet on request, by name or position', async () => {
    const byName = await readFile(workbookPath, collect().handlers, { sheet: 'instructions' });
    expect(byName).toMatchObject({ sheet: { name: 'Instructions' }, headerRowNumber: 1, fileMetadata: { totalRows: 1 } });
    const byIndex = await readFile(workbookPath, collect().handlers, { sheet: 0 });
    expect(byIndex.sheet?.name).toBe('Instructions');
    await expect(readFile(workbookPath, collect().handlers, { sheet: 'Empty' })).rejects.toMatchObject({ code: 'NO_DATA' });
    await expect(readFile(workbookPath, collect().handlers, { sheet: 'Nope' })).rejects.toMatchObject({
      code: 'SHEET_NOT_FOUND',
      message: 'The workbook has no sheet "Nope". Its sheets: "Instructions", "Empty", "Fuel data".',
    });
  });

  it('resumes after a sheet row number', async () => {
    const sink = collect();
    const result = await readFile(workbookPath, sink.handlers, { startAfterRow: 5 });
    expect(sink.rows().map((row) => row.rowNumber)).toEqual([6, 7]);
    expect(result).toMatchObject({ rowsDelivered: 2, fileMetadata: { totalRows: 4 } });
  });

  it('refuses a sheet with more rows than the limit before reading it', async () => {
    const sink = collect();
    await expect(readFile(workbookPath, sink.handlers, { limits: { maxRows: 3 } })).rejects.toMatchObject({ code: 'TOO_MANY_ROWS' });
    expect(sink.batches).toHaveLength(0);
  });

  it('reads shared strings and a sheet of many rows in batches', async () => {
    const filePath = await temp.file('big.xlsx', '');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Legs');
    sheet.addRow(['Origin', 'Destination', 'Tonne-km']).commit();
    for (let i = 1; i <= 5_000; i++) sheet.addRow([`Port ${i % 7}`, `Port ${i % 11}`, i * 10]).commit();
    await sheet.commit();
    await workbook.commit();
    const sink = collect();
    const result = await readFile(filePath, sink.handlers, { batchSize: 2_000 });
    expect(sink.batches.map((batch) => batch.rows.length)).toEqual([2_000, 2_000, 1_000]);
    expect(sink.rows()[4_999]).toEqual({ rowNumber: 5_001, values: ['Port 2', 'Port 6', 50_000] });
    expect(result.fileMetadata.categoryAnalysis.suggestedCategory).toBe('transport_legs');
  });
});

describe('broken and hostile workbooks', () => {
  it('refuses a corrupt workbook (not a complete zip)', async () => {
    const bytes = await readBytes(workbookPath);
    const filePath = await temp.file('cut.xlsx', bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(readFile(filePath, collect().handlers)).rejects.toMatchObject({ code: 'CORRUPT_XLSX' });
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = buildZip([
      ...minimalWorkbookEntries(),
      { name: 'xl/worksheets/sheet1.xml', deflated: await deflateZeros(200 * 1024 * 1024) },
    ]);
    const filePath = await temp.file('bomb.xlsx', bomb);
    await expect(readFile(filePath, collect().handlers)).rejects.toMatchObject({ code: 'COMPRESSION_RATIO_TOO_HIGH' });
  });

  it('refuses a workbook that would unpack past the size limit', async () => {
    await expect(readFile(workbookPath, collect().handlers, { limits: { maxUncompressedBytes: 1_000 } })).rejects.toMatchObject({
      code: 'UNCOMPRESSED_SIZE_TOO_LARGE',
    });
  });
});
