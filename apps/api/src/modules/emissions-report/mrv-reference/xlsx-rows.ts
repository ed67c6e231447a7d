import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';

/**
 * Reads the rows of the first worksheet of an XLSX file as a stream, for the EU MRV reference files. Those files
 * write each part with a data descriptor (sizes after the data), which exceljs's streaming reader cannot follow, so
 * the parts are found through the zip's central directory and the sheet XML is inflated and scanned a row at a time
 * here. Only what a data sheet needs is understood: inline strings, shared strings, numbers, booleans and cached
 * formula results; error cells read as empty.
 */

export type SheetCell = string | number | boolean | null;

type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderOffset: number };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record sits in the last 22 bytes plus a comment of at most 64 KiB. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;

const readAt = async (handle: FileHandle, position: number, length: number): Promise<Buffer> => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

const notXlsx = (reason: string) => new Error(`Not a readable XLSX file: ${reason}`);

const readDirectory = async (handle: FileHandle): Promise<ZipEntry[]> => {
  const { size } = await handle.stat();
  const tailStart = Math.max(0, size - EOCD_SEARCH_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notXlsx('no zip end record');
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (directoryOffset === 0xffffffff || count === 0xffff) throw notXlsx('zip64 archives are not read here');
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    if (directory.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw notXlsx('broken central directory');
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    entries.push({
      method: directory.readUInt16LE(offset + 10),
      compressedSize: directory.readUInt32LE(offset + 20),
      localHeaderOffset: directory.readUInt32LE(offset + 42),
      name: directory.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** The part's bytes, inflated as they stream from the file. */
const openEntry = async (handle: FileHandle, filePath: string, entry: ZipEntry): Promise<Readable> => {
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx(`broken local header of ${entry.name}`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(filePath, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw notXlsx(`compression method ${entry.method} of ${entry.name}`);
  return raw.pipe(createInflateRaw({ chunkSize: 256 * 1024 }));
};

const readText = async (stream: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const decodeXml = (text: string): string =>
  text.includes('&')
    ? text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
        if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
        if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
        return ENTITIES[entity] ?? '';
      })
    : text;

/** The text runs of an `<si>` or `<is>` element, joined (rich text keeps only its characters). */
const textOf = (xml: string): string => {
  let text = '';
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += match[1] ?? '';
  return decodeXml(text);
};

/** Column letters (A, Z, AA, BJ) to a 0-based index. */
export const columnIndex = (letters: string): number => {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
};

const CELL = /<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ATTRIBUTE_R = /\br="([A-Z]+)\d+"/;
const ATTRIBUTE_T = /\bt="(\w+)"/;
const VALUE = /<v>([\s\S]*?)<\/v>/;

const cellValue = (type: string | undefined, inner: string, sharedStrings: readonly string[]): SheetCell => {
  switch (type) {
    case 'inlineStr':
      return textOf(inner);
    case 's': {
      const index = Number(VALUE.exec(inner)?.[1]);
      return Number.isInteger(index) ? (sharedStrings[index] ?? null) : null;
    }
    case 'str':
      return decodeXml(VALUE.exec(inner)?.[1] ?? '');
    case 'b':
      return VALUE.exec(inner)?.[1] === '1';
    case 'e':
      return null;
    default: {
      const raw = VALUE.exec(inner)?.[1];
      if (raw === undefined) return null;
      const value = Number(raw);
      return Number.isFinite(value) ? value : null;
    }
  }
};

/** One row's cells by column position (gaps stay undefined), from the XML between `<row …>` and `</row>`. */
const parseRow = (xml: string, sharedStrings: readonly string[]): SheetCell[] => {
  const cells: SheetCell[] = [];
  let next = 0;
  for (const match of xml.matchAll(CELL)) {
    const attributes = match[1] ?? '';
    const letters = ATTRIBUTE_R.exec(attributes)?.[1];
    const index = letters ? columnIndex(letters) : next;
    cells[index] = cellValue(ATTRIBUTE_T.exec(attributes)?.[1], match[2] ?? '', sharedStrings);
    next = index + 1;
  }
  return cells;
};

export type SheetRow = { rowNumber: number; cells: SheetCell[] };

const ROW_START = /<row\b([^>]*?)(\/?)>/g;
const ROW_NUMBER = /\br="(\d+)"/;

/**
 * The rows of the workbook's first worksheet, in order, as they are inflated: memory holds one chunk of sheet XML
 * (and the shared strings), never the sheet.
 */
export async function* readSheetRows(filePath: string): AsyncGenerator<SheetRow> {
  const handle = await open(filePath, 'r');
  try {
    const entries = await readDirectory(handle);
    const sheets = entries.filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
    const sheet = sheets.find((e) => e.name === 'xl/worksheets/sheet1.xml') ?? sheets[0];
    if (!sheet) throw notXlsx('no worksheet');
    const stringsEntry = entries.find((e) => e.name === 'xl/sharedStrings.xml');
    const sharedStrings = stringsEntry
      ? [...(await readText(await openEntry(handle, filePath, stringsEntry))).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
          textOf(m[1] ?? ''),
        )
      : [];
    // The decoder keeps a character whose bytes are split between two chunks (CO₂, ·) until it is whole.
    const decoder = new StringDecoder('utf8');
    let buffer = '';
    let lastNumber = 0;
    for await (const chunk of await openEntry(handle, filePath, sheet)) {
      buffer += decoder.write(chunk as Buffer);
      let consumed = 0;
      ROW_START.lastIndex = 0;
      for (;;) {
        const start = ROW_START.exec(buffer);
        if (!start) break;
        const rowNumber = Number(ROW_NUMBER.exec(start[1] ?? '')?.[1] ?? lastNumber + 1);
        if (start[2] === '/') {
          lastNumber = rowNumber;
          consumed = ROW_START.lastIndex;
          yield { rowNumber, cells: [] };
          continue;
        }
        const end = buffer.indexOf('</row>', ROW_START.lastIndex);
        if (end < 0) break;
        lastNumber = rowNumber;
        const cells = parseRow(buffer.slice(ROW_START.lastIndex, end), sharedStrings);
        consumed = end + '</row>'.length;
        ROW_START.lastIndex = consumed;
        yield { rowNumber, cells };
      }
      // Only the unfinished row stays.
      buffer = buffer.slice(consumed);
    }
  } finally {
    await handle.close();
  }
}
