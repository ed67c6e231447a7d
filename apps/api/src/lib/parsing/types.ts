/** A cell after reading: empty and null tokens are `null`; dates are ISO 8601 text (`2021-04-29`, `2021-04-29T10:30:00`). */
export type CellValue = string | number | boolean | null;

/** The closed set of column types the reader reports. `integer` is a `number` column whose values are all whole. */
export const COLUMN_DATA_TYPES = ['string', 'number', 'integer', 'date', 'boolean', 'empty'] as const;
export type ColumnDataType = (typeof COLUMN_DATA_TYPES)[number];

/** How ambiguous numbers such as `1.234` are read: `point` = 1.234, `comma` = 1234 (European). */
export type NumberStyle = 'point' | 'comma';

export type FileFormat = 'csv' | 'xlsx';

/** One column as the spec's File.fileMetadata.detectedColumns lists it. `index` is 0-based. */
export type DetectedColumn = {
  index: number;
  name: string;
  dataType: ColumnDataType;
  sampleValues: CellValue[];
};

export { FILE_CATEGORIES, type FileCategory } from '@tidewise/shared/uploads';
import type { FileCategory } from '@tidewise/shared/uploads';

export type CategoryAnalysis = {
  suggestedCategory: FileCategory;
  /** 0..1 */
  confidence: number;
  /** Plain words for the person confirming the category. */
  reasoning: string;
  /** ISO 8601 timestamp. */
  analyzedAt: string;
};

/** The shape of the spec's File.fileMetadata. `category` is the confirmed category; the reader never sets it. */
export type FileMetadata = {
  category?: FileCategory;
  categoryAnalysis: CategoryAnalysis;
  totalRows: number;
  detectedColumns: DetectedColumn[];
};

/**
 * Limits on what a file may contain. Defaults in DEFAULT_LIMITS; the configuration layer will pass its own.
 * maxRows counts data rows (after the header); maxColumns counts columns up to the last one holding a value.
 */
export type ParseLimits = {
  maxRows: number;
  maxColumns: number;
  /** Characters in one cell (Excel's own limit is 32,767). */
  maxCellLength: number;
  /** Sum of the declared uncompressed sizes of every entry of an XLSX archive. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size of any one XLSX entry of at least 1 MiB. */
  maxCompressionRatio: number;
};

export const DEFAULT_LIMITS: ParseLimits = {
  maxRows: 2_000_000,
  maxColumns: 500,
  maxCellLength: 32_767,
  maxUncompressedBytes: 1024 ** 3,
  maxCompressionRatio: 100,
};

/** A data row. `rowNumber` is the sheet row number (XLSX) or the 1-based record number (CSV), header and titles included. */
export type ParsedRow = {
  rowNumber: number;
  /** values[i] belongs to column i; padded with null to the number of columns known when the row was read. */
  values: CellValue[];
};

export type RowBatch = {
  rows: ParsedRow[];
};

/**
 * CSV: bytes of the file. XLSX: compressed bytes of the parts being read (the chosen sheet and the parts it needs;
 * other sheets are skipped), so percent runs smoothly to 100.
 */
export type ReadProgress = {
  bytesRead: number;
  totalBytes: number;
  /** Data rows read so far, including rows skipped by startAfterRow. */
  rowsRead: number;
  /** bytesRead / totalBytes, 0..100, one decimal. */
  percent: number;
};

export type SheetInfo = {
  /** 0-based position in the workbook. */
  index: number;
  name: string;
  /** Rows holding at least one value, title and header rows included. */
  rowCount: number;
  /** Cells holding a value; the default sheet is the visible one with the most. */
  cellCount: number;
  hidden: boolean;
};

/** What the reader decided before the first batch: format, dialect, sheet and header. */
export type ReadStart = {
  format: FileFormat;
  totalBytes: number;
  /** CSV only: the encoding the text was decoded from (iconv-lite name). */
  encoding?: string;
  /** CSV only. */
  delimiter?: string;
  /** CSV only. */
  quoteChar?: string;
  numberStyle: NumberStyle;
  /** XLSX only: every sheet of the workbook. */
  sheets?: SheetInfo[];
  /** XLSX only: the sheet being read. */
  sheet?: SheetInfo;
  /** Row number of the header row, or null when no row looked like a header (columns are then named "Column 1"...). */
  headerRowNumber: number | null;
  /** Columns known from the header and the rows read ahead; later rows may add more (the result lists them all). */
  columns: { index: number; name: string }[];
};

export type ReadResult = ReadStart & {
  fileMetadata: FileMetadata;
  /** Row number of the last data row read, or null when there was none. */
  lastRowNumber: number | null;
  /** Data rows handed to onBatch (totalRows minus those at or before startAfterRow). */
  rowsDelivered: number;
};

export type ReadFileOptions = {
  limits?: Partial<ParseLimits>;
  /** XLSX: sheet name or 0-based index. Default: the visible sheet with the most cell values. */
  sheet?: string | number;
  /** Row number of the header row, when the caller knows better than the detection. 0 = no header row. */
  headerRow?: number;
  /** Resume: rows whose rowNumber is at or below this are read and counted but not delivered. */
  startAfterRow?: number;
  /** Rows per batch, default 2,000. */
  batchSize?: number;
  /** Texts read as empty cells (compared trimmed and case-insensitively). Default NULL_TOKENS. */
  nullTokens?: readonly string[];
  /** Forces how ambiguous numbers like `1.234` are read; default: detected from the file. */
  numberStyle?: NumberStyle;
};

/**
 * A batch as JSON text, for a caller that stores rows rather than looks at them: `json` is
 * `[[rowNumber, [values...]], ...]`, encoded in the worker thread so the caller's event loop neither rebuilds the
 * rows nor encodes them (row-packing.ts packs it for storage).
 */
export type EncodedRowBatch = {
  firstRowNumber: number;
  lastRowNumber: number;
  rowCount: number;
  json: string;
};

export type ReadFileHandlers = {
  /** Called once before the first batch; awaited. */
  onStart?: (start: ReadStart) => void | Promise<void>;
  /** Called for each batch; the reader waits for the returned promise before reading on. */
  onBatch: (batch: RowBatch) => void | Promise<void>;
  /** Called after each batch and at the end; not awaited. */
  onProgress?: (progress: ReadProgress) => void;
};

/** runParseInWorker's handlers when batches should arrive as JSON text (EncodedRowBatch) instead of rows. */
export type EncodedReadFileHandlers = Omit<ReadFileHandlers, 'onBatch'> & {
  onEncodedBatch: (batch: EncodedRowBatch) => void | Promise<void>;
};
