/**
 * # File reader for supplier uploads
 *
 * Turns an uploaded CSV/TSV or XLSX file on disk into detected columns and batches of parsed rows, streaming
 * (memory does not grow with the file). Design, rules and defaults: docs/decisions/0011-file-parsing.md.
 *
 * ## Use
 *
 * ```ts
 * import { runParseInWorker } from './run-parse-in-worker.ts'; // off the event loop (what jobs should call)
 * // import { readFile } from './read-file.ts';                 // same contract, on the calling thread
 *
 * const result = await runParseInWorker(filePath, {
 *   onStart: async (start) => {},         // format, encoding/delimiter or sheets, headerRowNumber, columns
 *   onBatch: async ({ rows }) => {},      // rows: { rowNumber, values }[]; the reader waits for this promise
 *   onProgress: (p) => {},                // { bytesRead, totalBytes, rowsRead, percent }
 * }, { startAfterRow: lastStoredRowNumber, sheet: 'Data', limits: { maxRows: 500_000 } }, abortSignal);
 * // rejects with FileReadError { code, message, details } for bad input (EMPTY_FILE, ENCRYPTED_WORKBOOK, ...)
 * result.fileMetadata; // { categoryAnalysis, totalRows, detectedColumns } = the spec's File.fileMetadata
 * ```
 *
 * - `sniffFile` / `sniffBytes` (sniff.ts) say what a file is from its first bytes (csv, tsv, xlsx, cfb, pdf, zip,
 *   binary, empty); the upload completion step calls them before queueing a job.
 * - Rows: `rowNumber` is the sheet row number (XLSX) or the 1-based record number (CSV), counting title and header
 *   rows, as a spreadsheet shows it. Rows without any value are skipped (never delivered, never counted).
 * - Values (`CellValue`): null for empty cells and null tokens (`N/A`, `-`, `#DIV/0!`, `Division by zero!`, ...),
 *   numbers (European `1.234,5` included), ISO dates (`2022-04-29`), booleans, otherwise trimmed text.
 * - Resume: pass `startAfterRow` = the last stored rowNumber, with the same sheet/headerRow options. Every row is
 *   still read (totals and column types cover the whole file) but only later rows are delivered.
 * - Backpressure: `onBatch` calls never overlap. In-thread, the reader waits for each before reading on; the
 *   worker parses one batch ahead (`maxBatchesInFlight` 2, settable to 1) and then waits for acknowledgements.
 * - Progress: CSV counts file bytes; XLSX the compressed bytes of the parts read (the chosen sheet and what it needs).
 * - Errors: `FileReadError` with a stable `code` (errors.ts) and a message naming what is wrong and where.
 *   An error after some batches (too many rows, a broken quote) means the file is refused as a whole.
 * - Limits: `DEFAULT_LIMITS` (types.ts); pass `limits` to override any of them.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { contentRefusal } from './content-refusal.ts';
import { FileReadError } from './errors.ts';
import { cfbDirectorySector, classifyCfb, SNIFF_BYTES, type SniffResult, sniffBytes } from './sniff.ts';
import { DEFAULT_LIMITS, type ParseLimits, type ReadFileHandlers, type ReadFileOptions, type ReadResult } from './types.ts';

const readHead = async (handle: FileHandle, length: number, position = 0): Promise<Buffer> => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

/** A CFB file's directory may lie beyond the first bytes; read its first sector to tell encrypted xlsx from xls. */
const classifyCfbFile = async (handle: FileHandle, head: Buffer, sniff: SniffResult): Promise<SniffResult['cfbContent']> => {
  if (sniff.cfbContent !== 'unknown') return sniff.cfbContent;
  const sector = cfbDirectorySector(head);
  if (!sector) return 'unknown';
  return classifyCfb(await readHead(handle, sector.size, sector.offset));
};

/** Merges the caller's limits over the defaults, ignoring unset values. */
export const resolveLimits = (limits: Partial<ParseLimits> | undefined): ParseLimits => {
  const resolved = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(limits ?? {})) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) resolved[key as keyof ParseLimits] = value;
  }
  return resolved;
};

/**
 * Reads an uploaded file on the calling thread (runParseInWorker runs this in a worker thread). Detection order:
 * size 0, then magic bytes (CFB, PDF, zip, known binaries), then text encoding and delimiter; the file's name and
 * MIME type are never consulted, so a renamed PNG or .xls is refused with a message saying what it really is.
 */
export const readFile = async (
  filePath: string,
  handlers: ReadFileHandlers,
  options: ReadFileOptions = {},
  signal?: AbortSignal,
): Promise<ReadResult> => {
  const limits = resolveLimits(options.limits);
  let handle: FileHandle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new FileReadError('FILE_NOT_FOUND', 'The uploaded file is missing from storage.');
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new FileReadError('EMPTY_FILE', 'The file is empty (0 bytes). Check that you picked the right file.');
    const head = await readHead(handle, Math.min(size, SNIFF_BYTES));
    const sniff = sniffBytes(head, head.length === size);
    if (sniff.kind === 'cfb') sniff.cfbContent = await classifyCfbFile(handle, head, sniff);
    const refusal = contentRefusal(sniff);
    if (refusal) throw refusal;
    // Each format's reader (and its library) loads on first use: a worker reading a CSV never loads exceljs.
    if (sniff.kind === 'xlsx' || sniff.kind === 'zip') {
      const { readXlsx } = await import('./xlsx-reader.ts');
      return await readXlsx({ filePath, handle, totalBytes: size, limits, handlers, options, signal });
    }
    const { readCsv } = await import('./csv-reader.ts');
    return await readCsv({ filePath, totalBytes: size, head, limits, handlers, options, signal });
  } finally {
    await handle.close();
  }
};
