import { analyzeCategory } from './category-analysis.ts';
import { ColumnProfiler } from './column-profile.ts';
import { FileReadError } from './errors.ts';
import { columnNames, extraColumnName, findHeaderRow } from './header-detection.ts';
import type { CellValue, NumberStyle, ParsedRow, ParseLimits, ReadFileHandlers, ReadProgress, ReadResult, ReadStart } from './types.ts';
import { createNullTokenSet, dateToIso, numberStyleEvidence, readTextCell, type TextReadContext, trimCell } from './values.ts';

// The format-neutral half of the reader: CSV and XLSX readers push raw rows; this reads ahead to find the number
// style and the header, then turns cells into values, enforces the limits, profiles columns, and hands out batches.

/** A cell as a format reader gives it. */
export type RawCell = string | number | boolean | Date | null | undefined;

/** Rows holding a value read ahead before the header and number style are decided. */
export const LOOKAHEAD_ROWS = 200;
/** ...or fewer when they hold this many characters. */
const LOOKAHEAD_CHARS = 4 * 1024 * 1024;
export const DEFAULT_BATCH_SIZE = 2_000;

export type PipelineSetup = {
  start: Omit<ReadStart, 'numberStyle' | 'headerRowNumber' | 'columns'>;
  /** What progress percent is measured against; default start.totalBytes. */
  progressTotalBytes?: number;
  limits: ParseLimits;
  handlers: ReadFileHandlers;
  batchSize?: number;
  startAfterRow?: number;
  headerRow?: number;
  nullTokens?: readonly string[];
  numberStyle?: NumberStyle;
  /** Used when the file gives no evidence either way (CSV: 'comma' for ';'-separated files). */
  defaultNumberStyle: NumberStyle;
  signal?: AbortSignal;
};

type BufferedRow = { rowNumber: number; cells: RawCell[] };

const hasContent = (cells: readonly RawCell[]): boolean => {
  for (const cell of cells) {
    if (cell === null || cell === undefined) continue;
    if (typeof cell !== 'string' || trimCell(cell) !== '') return true;
  }
  return false;
};

export class RowPipeline {
  private readonly setup: PipelineSetup;
  private readonly batchSize: number;
  private readonly startAfterRow: number;
  private readonly profiler = new ColumnProfiler();
  private context: TextReadContext;
  private lookahead: BufferedRow[] | null = [];
  private lookaheadChars = 0;
  private start: ReadStart | null = null;
  private names: string[] = [];
  private pending: ParsedRow[] = [];
  private dataRows = 0;
  private delivered = 0;
  private lastRowNumber: number | null = null;
  private bytesRead = 0;
  private lastProgressRows = 0;

  constructor(setup: PipelineSetup) {
    this.setup = setup;
    this.batchSize = Math.max(1, setup.batchSize ?? DEFAULT_BATCH_SIZE);
    this.startAfterRow = setup.startAfterRow ?? 0;
    this.context = { nullTokens: createNullTokenSet(setup.nullTokens), numberStyle: setup.numberStyle ?? setup.defaultNumberStyle };
  }

  /** Bytes of the file read so far, for progress. */
  setBytesRead(bytes: number): void {
    this.bytesRead = bytes;
  }

  /** Takes one row as read (synchronous; call drain() between chunks to deliver batches). */
  push(rowNumber: number, cells: RawCell[]): void {
    const lookahead = this.lookahead;
    if (lookahead === null) {
      this.processRow(rowNumber, cells);
      return;
    }
    const headerRow = this.setup.headerRow;
    if (headerRow !== undefined && headerRow > 0 && rowNumber < headerRow) return;
    if (!hasContent(cells)) return;
    lookahead.push({ rowNumber, cells });
    for (const cell of cells) if (typeof cell === 'string') this.lookaheadChars += cell.length;
  }

  private get lookaheadFull(): boolean {
    const lookahead = this.lookahead;
    return lookahead !== null && (lookahead.length >= LOOKAHEAD_ROWS || this.lookaheadChars >= LOOKAHEAD_CHARS);
  }

  /** Delivers full batches (waiting for each), after deciding the header once enough rows were read ahead. */
  async drain(): Promise<void> {
    if (this.setup.signal?.aborted) throw new FileReadError('ABORTED', 'Reading the file was cancelled.');
    if (this.lookaheadFull) await this.decide();
    while (this.pending.length >= this.batchSize) await this.deliver(this.pending.splice(0, this.batchSize));
    if (this.dataRows - this.lastProgressRows >= this.batchSize) this.progress();
  }

  /** Delivers what is left and returns the result; called once after the last row. */
  async finish(): Promise<ReadResult> {
    if (this.lookahead !== null) await this.decide();
    await this.drain();
    if (this.pending.length > 0) await this.deliver(this.pending.splice(0));
    if (this.dataRows === 0) {
      const message = this.start?.headerRowNumber
        ? 'The file has column headers but no data rows.'
        : 'The file holds no data: every row is empty.';
      throw new FileReadError('NO_DATA', message, { headerRowNumber: this.start?.headerRowNumber ?? null });
    }
    this.progress();
    const start = this.start as ReadStart;
    const detectedColumns = this.profiler.columnsFor(this.names);
    return {
      ...start,
      columns: this.names.map((name, index) => ({ index, name })),
      fileMetadata: { categoryAnalysis: analyzeCategory(this.names), totalRows: this.dataRows, detectedColumns },
      lastRowNumber: this.lastRowNumber,
      rowsDelivered: this.delivered,
    };
  }

  private detectNumberStyle(rows: readonly BufferedRow[]): NumberStyle {
    if (this.setup.numberStyle) return this.setup.numberStyle;
    let point = 0;
    let comma = 0;
    for (const row of rows) {
      for (const cell of row.cells) {
        if (typeof cell !== 'string') continue;
        const evidence = numberStyleEvidence(trimCell(cell));
        if (evidence === 'point') point++;
        else if (evidence === 'comma') comma++;
      }
    }
    if (point === comma) return this.setup.defaultNumberStyle;
    return point > comma ? 'point' : 'comma';
  }

  private async decide(): Promise<void> {
    const rows = this.lookahead ?? [];
    this.lookahead = null;
    if (rows.length === 0) throw new FileReadError('NO_DATA', 'The file holds no data: every row is empty.', { headerRowNumber: null });
    const numberStyle = this.detectNumberStyle(rows);
    this.context = { ...this.context, numberStyle };
    const candidates = rows.map((row) => ({ rowNumber: row.rowNumber, values: Array.from(row.cells, (cell) => this.readCell(cell)) }));
    const headerRow = this.setup.headerRow;
    const header =
      headerRow === undefined
        ? findHeaderRow(candidates)
        : headerRow > 0
          ? (candidates.find((row) => row.rowNumber === headerRow) ?? null)
          : null;
    if (headerRow !== undefined && headerRow > 0 && !header) {
      throw new FileReadError('NO_DATA', `Row ${headerRow}, given as the header row, is empty or missing.`, { rowNumber: headerRow });
    }
    const isData = (row: { rowNumber: number }) => !header || row.rowNumber > header.rowNumber;
    const dataRows = rows.filter(isData);
    let width = header ? lastFilledIndex(header.values) + 1 : 0;
    for (const row of candidates) if (isData(row)) width = Math.max(width, lastFilledIndex(row.values) + 1);
    this.checkColumns(width, header?.rowNumber ?? dataRows[0]?.rowNumber ?? 1);
    this.names = columnNames(header?.values ?? [], width);
    this.start = {
      ...this.setup.start,
      numberStyle,
      headerRowNumber: header?.rowNumber ?? null,
      columns: this.names.map((name, index) => ({ index, name })),
    };
    await this.setup.handlers.onStart?.(this.start);
    for (const row of dataRows) this.processRow(row.rowNumber, row.cells);
  }

  private checkColumns(width: number, rowNumber: number): void {
    const max = this.setup.limits.maxColumns;
    if (width > max) {
      throw new FileReadError('TOO_MANY_COLUMNS', `Row ${rowNumber} has ${width} columns, over the limit of ${max}.`, {
        rowNumber,
        columns: width,
        limit: max,
      });
    }
  }

  /** Any raw cell (holes of sparse XLSX rows arrive as undefined). */
  private readCell(cell: RawCell): CellValue {
    if (cell === null || cell === undefined) return null;
    if (typeof cell === 'string') return readTextCell(cell, this.context);
    if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
    if (typeof cell === 'boolean') return cell;
    return dateToIso(cell);
  }

  /** Reads the row's cells in place (the array is ours: fresh from papaparse or the XLSX reader). */
  private processRow(rowNumber: number, cells: RawCell[]): void {
    const maxCellLength = this.setup.limits.maxCellLength;
    const values = cells as CellValue[];
    const length = cells.length;
    let last = -1;
    for (let i = 0; i < length; i++) {
      const cell = cells[i];
      if (typeof cell === 'string') {
        if (cell.length > maxCellLength) this.cellTooLong(rowNumber, i, cell.length);
        const value = readTextCell(cell, this.context);
        values[i] = value;
        if (value !== null) last = i;
      } else {
        const value = this.readCell(cell);
        values[i] = value;
        if (value !== null) last = i;
      }
    }
    if (last === -1) return;
    const known = this.names.length;
    if (last >= known) this.addColumns(last + 1, rowNumber);
    const width = Math.max(known, last + 1);
    if (length > width) values.length = width;
    else for (let i = length; i < width; i++) values.push(null);
    this.dataRows++;
    if (this.dataRows > this.setup.limits.maxRows) {
      const max = this.setup.limits.maxRows;
      throw new FileReadError(
        'TOO_MANY_ROWS',
        `The file has more than ${max.toLocaleString('en')} data rows, the limit. Split it into smaller files.`,
        {
          rowNumber,
          limit: max,
        },
      );
    }
    this.lastRowNumber = rowNumber;
    this.profiler.add(values);
    if (rowNumber > this.startAfterRow) this.pending.push({ rowNumber, values });
  }

  private addColumns(width: number, rowNumber: number): void {
    this.checkColumns(width, rowNumber);
    for (let index = this.names.length; index < width; index++) this.names.push(extraColumnName(index, this.names));
  }

  private cellTooLong(rowNumber: number, index: number, length: number): never {
    const max = this.setup.limits.maxCellLength;
    const column = this.names[index] ?? `Column ${index + 1}`;
    throw new FileReadError(
      'CELL_TOO_LONG',
      `Row ${rowNumber}, column "${column}" holds ${length.toLocaleString('en')} characters, over the limit of ${max.toLocaleString('en')}.`,
      { rowNumber, column, length, limit: max },
    );
  }

  private async deliver(rows: ParsedRow[]): Promise<void> {
    await this.setup.handlers.onBatch({ rows });
    this.delivered += rows.length;
    this.progress();
  }

  private progress(): void {
    this.lastProgressRows = this.dataRows;
    const onProgress = this.setup.handlers.onProgress;
    if (!onProgress) return;
    const totalBytes = this.setup.progressTotalBytes ?? this.setup.start.totalBytes;
    const progress: ReadProgress = {
      bytesRead: this.bytesRead,
      totalBytes,
      rowsRead: this.dataRows,
      percent: totalBytes === 0 ? 100 : Math.min(100, Math.round((this.bytesRead / totalBytes) * 1000) / 10),
    };
    onProgress(progress);
  }
}

const lastFilledIndex = (values: readonly CellValue[]): number => {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return i;
  return -1;
};
