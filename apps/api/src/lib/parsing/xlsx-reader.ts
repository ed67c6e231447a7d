import type { FileHandle } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { FileReadError } from './errors.ts';
import { type RawCell, RowPipeline } from './row-pipeline.ts';
import type { ParseLimits, ReadFileHandlers, ReadFileOptions, ReadResult, SheetInfo } from './types.ts';
import { chooseSheet, inspectWorkbook, type WorkbookSheet } from './xlsx-workbook.ts';
import { checkZipLimits, type ReframedPart, readZipDirectory, reframeZip, type ZipEntry } from './zip-archive.ts';

export type XlsxInput = {
  filePath: string;
  handle: FileHandle;
  totalBytes: number;
  limits: ParseLimits;
  handlers: ReadFileHandlers;
  options: ReadFileOptions;
  signal?: AbortSignal;
};

// exceljs's streaming reader, used through its batched parse() generators: one array of row events per chunk of
// sheet XML, which is as fast as its event API and lets us await the consumer between chunks (backpressure).
type ExcelCell = { value: unknown; numFmt?: string; type: number };
type ExcelRow = { number: number; eachCell: (callback: (cell: ExcelCell, column: number) => void) => void };
type SheetEvent = { eventType: string; value: unknown };
type WorksheetReader = { parse: () => AsyncIterable<SheetEvent[]> };
type WorkbookReader = { parse: () => AsyncIterable<{ eventType: string; value: unknown }> };

const isDateFormat = (format: string | undefined): boolean => {
  if (!format) return false;
  const bare = format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare);
};

/** Spreadsheet cell value to a raw cell: formulas give their cached result, rich text its plain text, errors null. */
export const cellToRaw = (value: unknown, numFmt?: string): RawCell => {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return value;
    case 'object': {
      if (value instanceof Date) return value;
      const object = value as Record<string, unknown>;
      if ('result' in object || 'formula' in object || 'sharedFormula' in object) {
        const result = object.result;
        if (typeof result === 'number' && isDateFormat(numFmt)) return new Date(Math.round((result - 25569) * 86_400_000));
        return cellToRaw(result);
      }
      if (Array.isArray(object.richText)) return (object.richText as { text?: string }[]).map((run) => run.text ?? '').join('');
      if ('error' in object) return null;
      if (typeof object.text === 'string') return object.text;
      return null;
    }
    default:
      return null;
  }
};

const publicSheet = ({ path: _path, ...sheet }: WorkbookSheet): SheetInfo => sheet;

/**
 * Reads an .xlsx file: checks the zip directory against the limits, lists every sheet with its row count, picks
 * the sheet, then streams it through exceljs. Rows are numbered by their sheet row number, as Excel shows them.
 */
export const readXlsx = async (input: XlsxInput): Promise<ReadResult> => {
  const { filePath, handle, totalBytes, limits, options } = input;
  const entries = await readZipDirectory(handle, totalBytes);
  checkZipLimits(entries, limits);
  const sheets = await inspectWorkbook(handle, filePath, entries);
  const sheet = chooseSheet(sheets, options.sheet);
  if (sheet.rowCount - 1 > limits.maxRows) {
    throw new FileReadError(
      'TOO_MANY_ROWS',
      `Sheet "${sheet.name}" has ${sheet.rowCount.toLocaleString('en')} rows, over the limit of ${limits.maxRows.toLocaleString('en')}. Split it into smaller files.`,
      {
        sheet: sheet.name,
        rows: sheet.rowCount,
        limit: limits.maxRows,
      },
    );
  }
  const parts = partsForSheet(entries, sheet);
  const pipeline = new RowPipeline({
    start: { format: 'xlsx', totalBytes, sheets: sheets.map(publicSheet), sheet: publicSheet(sheet) },
    progressTotalBytes: parts.reduce((sum, part) => sum + ('entry' in part ? part.entry.compressedSize : 0), 0),
    limits,
    handlers: input.handlers,
    batchSize: options.batchSize,
    startAfterRow: options.startAfterRow,
    headerRow: options.headerRow,
    nullTokens: options.nullTokens,
    numberStyle: options.numberStyle,
    defaultNumberStyle: 'point',
    signal: input.signal,
  });
  if (sheet.cellCount > 0) await streamSheet(input, parts, sheet, pipeline);
  return pipeline.finish();
};

const EXCELJS_SHEET_PATH = /^xl\/worksheets\/sheet\d+\.xml$/;
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

/**
 * The parts exceljs needs, in the order it needs them: relationships and workbook (sheet names), styles (date
 * formats), shared strings (an empty table when the workbook has none), then only the chosen sheet. With shared
 * strings ahead of the sheet exceljs streams the sheet instead of spilling it to a temp file.
 */
const partsForSheet = (entries: readonly ZipEntry[], sheet: WorkbookSheet): ReframedPart[] => {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const parts: ReframedPart[] = [];
  for (const name of ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml']) {
    const entry = byName.get(name);
    if (entry) parts.push({ entry });
  }
  const sharedStrings = byName.get('xl/sharedStrings.xml');
  parts.push(sharedStrings ? { entry: sharedStrings } : { name: 'xl/sharedStrings.xml', content: EMPTY_SHARED_STRINGS });
  const sheetEntry = sheet.path ? byName.get(sheet.path) : undefined;
  if (sheetEntry)
    parts.push({ entry: sheetEntry, name: EXCELJS_SHEET_PATH.test(sheetEntry.name) ? sheetEntry.name : 'xl/worksheets/sheet1.xml' });
  return parts;
};

const streamSheet = async (
  input: XlsxInput,
  parts: readonly ReframedPart[],
  sheet: WorkbookSheet,
  pipeline: RowPipeline,
): Promise<void> => {
  let bytesRead = 0;
  const stream = reframeZip(input.handle, input.filePath, parts, (bytes) => {
    bytesRead += bytes;
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReader;
  let previousRow = 0;
  try {
    for await (const { eventType, value } of reader.parse()) {
      if (eventType !== 'worksheet') continue;
      for await (const events of (value as WorksheetReader).parse()) {
        for (const event of events) {
          if (event.eventType !== 'row') continue;
          const row = event.value as ExcelRow;
          const cells: RawCell[] = [];
          row.eachCell((cell, column) => {
            const value = cell.value;
            // Plain values pass straight; only formula results need the cell's number format.
            cells[column - 1] = typeof value === 'object' && value !== null ? cellToRaw(value, cell.numFmt) : (value as RawCell);
          });
          // The `r` attribute is optional in the format: a row without one follows the previous row.
          const rowNumber = Number.isFinite(row.number) ? row.number : previousRow + 1;
          previousRow = rowNumber;
          pipeline.push(rowNumber, cells);
        }
        pipeline.setBytesRead(bytesRead);
        await pipeline.drain();
      }
    }
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(
      'CORRUPT_XLSX',
      `The Excel file is damaged and cannot be read (${(error as Error).message}). Save it again from Excel and upload the new copy.`,
      {
        sheet: sheet.name,
      },
    );
  } finally {
    stream.destroy();
  }
  pipeline.setBytesRead(bytesRead);
};
