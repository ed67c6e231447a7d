import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { detectDialect } from './csv-dialect.ts';
import { createTextDecoder, detectEncoding } from './encoding.ts';
import { FileReadError } from './errors.ts';
import { RowPipeline, type PipelineSetup } from './row-pipeline.ts';
import type { ParseLimits, ReadFileHandlers, ReadFileOptions, ReadResult } from './types.ts';

/** Bytes read from disk per step; each step is decoded and parsed in one go. */
const READ_CHUNK_BYTES = 64 * 1024;

type PapaResult = { data: string[][]; errors: { code: string; row?: number }[]; meta: { cursor: number } };

export type CsvInput = {
  filePath: string;
  totalBytes: number;
  /** The first bytes of the file (for encoding and dialect detection). */
  head: Buffer;
  limits: ParseLimits;
  handlers: ReadFileHandlers;
  options: ReadFileOptions;
  signal?: AbortSignal;
};

/**
 * Streams a delimited text file: decodes it chunk by chunk and feeds papaparse's core parser, keeping only the
 * unfinished last record between chunks, so memory stays flat whatever the file size. Records are numbered from 1
 * in file order (blank lines included), which is the row number a spreadsheet shows for the same file.
 */
export const readCsv = async (input: CsvInput): Promise<ReadResult> => {
  const { filePath, totalBytes, head, limits } = input;
  const { encoding, bomLength } = detectEncoding(head, head.length === totalBytes);
  const sample = createTextDecoder(encoding).write(head.subarray(bomLength));
  const dialect = detectDialect(sample);
  const setup: PipelineSetup = {
    start: { format: 'csv', totalBytes, encoding, delimiter: dialect.delimiter, quoteChar: dialect.quoteChar },
    limits,
    handlers: input.handlers,
    batchSize: input.options.batchSize,
    startAfterRow: input.options.startAfterRow,
    headerRow: input.options.headerRow,
    nullTokens: input.options.nullTokens,
    numberStyle: input.options.numberStyle,
    defaultNumberStyle: dialect.delimiter === ';' ? 'comma' : 'point',
    signal: input.signal,
  };
  const pipeline = new RowPipeline(setup);
  const parser = new Papa.Parser({ delimiter: dialect.delimiter, quoteChar: dialect.quoteChar, newline: dialect.newline });
  const decoder = createTextDecoder(encoding);
  /** The longest a record may be: every column at the longest cell, with quotes and delimiters. */
  const maxRecordChars = limits.maxColumns * (limits.maxCellLength + 3);
  let partial = '';
  let recordNumber = 0;
  let bytesRead = bomLength;
  let first = true;

  const parse = (text: string, isLast: boolean) => {
    let aggregate = partial + text;
    if (first && aggregate.charCodeAt(0) === 0xfeff) aggregate = aggregate.slice(1);
    first = false;
    const result = parser.parse(aggregate, 0, !isLast) as PapaResult;
    const startNumber = recordNumber;
    for (const record of result.data) pipeline.push(++recordNumber, record);
    partial = isLast ? '' : aggregate.slice(result.meta.cursor);
    const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
    if (unclosed || partial.length > maxRecordChars) {
      const rowNumber = startNumber + (unclosed?.row ?? result.data.length) + 1;
      throw new FileReadError(
        'MALFORMED_CSV',
        `Row ${rowNumber} opens a quoted value (${dialect.quoteChar}) that is never closed, so the rest of the file would become one cell. Check the quotes in that row.`,
        { rowNumber },
      );
    }
  };

  const stream = createReadStream(filePath, { start: bomLength, highWaterMark: READ_CHUNK_BYTES });
  try {
    for await (const chunk of stream) {
      bytesRead += (chunk as Buffer).length;
      pipeline.setBytesRead(bytesRead);
      parse(decoder.write(chunk as Buffer), false);
      await pipeline.drain();
    }
    parse(decoder.end(), true);
  } finally {
    stream.destroy();
  }
  return pipeline.finish();
};
