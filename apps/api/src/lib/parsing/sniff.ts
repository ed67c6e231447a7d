import { open } from 'node:fs/promises';
import { detectDelimiter, detectNewline, detectQuoteChar } from './csv-dialect.ts';
import { createTextDecoder, detectEncoding } from './encoding.ts';

export type SniffKind = 'empty' | 'csv' | 'tsv' | 'xlsx' | 'cfb' | 'pdf' | 'zip' | 'binary';

/** What a CFB (OLE) container holds, when its directory is within the bytes given. */
export type CfbContent = 'encrypted-ooxml' | 'legacy-xls' | 'other-office' | 'unknown';

export type SniffResult = {
  kind: SniffKind;
  /** Short human name of what was found: "PNG image", "Excel workbook (.xlsx)", "CSV text (UTF-8, ';')". */
  description: string;
  /** csv/tsv: the detected text encoding and delimiter. */
  encoding?: string;
  delimiter?: string;
  /** cfb only. */
  cfbContent?: CfbContent;
};

/** How many bytes sniffing wants: enough for a CSV sample and the directory of a small CFB file. */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const BINARY_SIGNATURES: { name: string; signature: number[]; offset?: number }[] = [
  { name: 'PNG image', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'JPEG image', signature: [0xff, 0xd8, 0xff] },
  { name: 'GIF image', signature: ascii('GIF8') },
  { name: 'WebP image', signature: ascii('WEBP'), offset: 8 },
  { name: 'TIFF image', signature: [0x49, 0x49, 0x2a, 0x00] },
  { name: 'TIFF image', signature: [0x4d, 0x4d, 0x00, 0x2a] },
  { name: 'gzip archive', signature: [0x1f, 0x8b] },
  { name: '7-Zip archive', signature: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'RAR archive', signature: ascii('Rar!') },
  { name: 'executable', signature: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'SQLite database', signature: ascii('SQLite format 3') },
  { name: 'MP4 video', signature: ascii('ftyp'), offset: 4 },
];

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];

/** Byte offset and size of a CFB file's first directory sector, from its 512-byte header. */
export const cfbDirectorySector = (header: Uint8Array): { offset: number; size: number } | null => {
  if (header.length < 512) return null;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const size = 1 << sectorShift;
  return { offset: (view.getUint32(48, true) + 1) * size, size };
};

/** Reads the names in the first directory sector of a CFB file (UTF-16LE, 128-byte entries). */
export const cfbDirectoryNames = (bytes: Uint8Array): string[] | null => {
  const sector = cfbDirectorySector(bytes);
  if (!sector || sector.offset + sector.size > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { offset: start, size: sectorSize } = sector;
  const names: string[] = [];
  for (let entry = start; entry + 128 <= start + sectorSize; entry += 128) {
    const nameBytes = view.getUint16(entry + 64, true);
    if (nameBytes < 2 || nameBytes > 64) continue;
    names.push(Buffer.from(bytes.buffer, bytes.byteOffset + entry, nameBytes - 2).toString('utf16le'));
  }
  return names;
};

const containsUtf16 = (bytes: Uint8Array, text: string): boolean => Buffer.from(bytes).includes(Buffer.from(text, 'utf16le'));

/** Tells an encrypted OOXML package (password-protected .xlsx) from a legacy .xls by the CFB stream names. */
export const classifyCfb = (bytes: Uint8Array): CfbContent => {
  const names = cfbDirectoryNames(bytes) ?? [];
  const has = (name: string) => names.includes(name) || containsUtf16(bytes, name);
  if (has('EncryptedPackage') || has('EncryptionInfo')) return 'encrypted-ooxml';
  if (has('Workbook') || has('Book')) return 'legacy-xls';
  if (has('WordDocument') || has('PowerPoint Document')) return 'other-office';
  return 'unknown';
};

const CFB_DESCRIPTIONS: Record<CfbContent, string> = {
  'encrypted-ooxml': 'password-protected Office file',
  'legacy-xls': 'Excel 97-2003 workbook (.xls)',
  'other-office': 'Word or PowerPoint 97-2003 file',
  unknown: 'OLE compound file',
};

/** The share of ASCII control characters (other than tab, line breaks, form feed) that makes bytes binary. */
const MAX_CONTROL_SHARE = 0.01;

const controlShare = (text: string): number => {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f) controls++;
  }
  return text.length === 0 ? 0 : controls / text.length;
};

const looksBinary = (bytes: Uint8Array): boolean => {
  let controls = 0;
  const length = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === 0) return true;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) controls++;
  }
  return controls > length * MAX_CONTROL_SHARE;
};

/**
 * Says what a file is from its first bytes (SNIFF_BYTES recommended), never from its name or the browser's MIME type:
 * the upload completion step refuses what the reader cannot read before any job starts, and the reader runs the
 * same checks. A zip counts as xlsx when an `xl/` entry name appears in the bytes given.
 */
export const sniffBytes = (bytes: Uint8Array, isWholeFile = false): SniffResult => {
  if (bytes.length === 0) return { kind: 'empty', description: 'empty file' };
  if (startsWith(bytes, CFB_MAGIC)) {
    const cfbContent = classifyCfb(bytes);
    return { kind: 'cfb', cfbContent, description: CFB_DESCRIPTIONS[cfbContent] };
  }
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf', description: 'PDF document' };
  if (startsWith(bytes, ZIP_LOCAL_HEADER) || startsWith(bytes, ZIP_EMPTY_ARCHIVE)) {
    const latin = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (latin.includes('xl/')) return { kind: 'xlsx', description: 'Excel workbook (.xlsx)' };
    if (latin.includes('word/')) return { kind: 'zip', description: 'Word document (.docx)' };
    if (latin.includes('ppt/')) return { kind: 'zip', description: 'PowerPoint presentation (.pptx)' };
    return { kind: 'zip', description: 'zip archive' };
  }
  for (const { name, signature, offset } of BINARY_SIGNATURES) {
    if (startsWith(bytes, signature, offset)) return { kind: 'binary', description: name };
  }
  const { encoding, bomLength } = detectEncoding(bytes, isWholeFile);
  const isUtf16 = encoding.startsWith('utf-16');
  if (!isUtf16 && looksBinary(bytes.subarray(bomLength))) return { kind: 'binary', description: 'binary data' };
  const text = createTextDecoder(encoding).write(Buffer.from(bytes.buffer, bytes.byteOffset + bomLength, bytes.byteLength - bomLength));
  if (isUtf16 && controlShare(text) > MAX_CONTROL_SHARE) return { kind: 'binary', description: 'binary data' };
  if (text.trim() === '') return { kind: 'empty', description: 'file with only blank space', encoding };
  const quoteChar = detectQuoteChar(text);
  const delimiter = detectDelimiter(text, quoteChar, detectNewline(text, quoteChar));
  const shownDelimiter = delimiter === '\t' ? 'tab' : `'${delimiter}'`;
  return {
    kind: delimiter === '\t' ? 'tsv' : 'csv',
    description: `${delimiter === '\t' ? 'TSV' : 'CSV'} text (${encoding}, ${shownDelimiter})`,
    encoding,
    delimiter,
  };
};

/** Reads the first SNIFF_BYTES of a file and sniffs them. */
export const sniffFile = async (filePath: string): Promise<SniffResult> => {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return sniffBytes(buffer.subarray(0, bytesRead), bytesRead === size);
  } finally {
    await handle.close();
  }
};
