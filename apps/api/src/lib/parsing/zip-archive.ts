import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { FileReadError, formatBytes } from './errors.ts';

// A minimal zip reader: the central directory (read and checked before anything is inflated) and capped entry
// streams. exceljs reads the data itself; this is what lets us refuse bombs and list sheets first.

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

export type ZipLimits = { maxUncompressedBytes: number; maxCompressionRatio: number };

/** Entries smaller than this are not held to the ratio limit: tiny XML parts compress far better than data. */
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;
const MAX_ENTRIES = 10_000;
const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** Read and inflate in 256 KiB steps: zlib's default 16 KiB output chunks make inflating several times slower. */
const CHUNK_BYTES = 256 * 1024;
/**
 * ...but hand the unzipper 16 KiB pieces: exceljs turns each piece into one array of row objects, and larger
 * pieces keep more of them alive at once, which moves them to the old generation and doubles GC time.
 */
const FRAME_CHUNK_BYTES = 16 * 1024;
const LOCAL_SIGNATURE = 0x04034b50;

const corrupt = (reason: string): FileReadError =>
  new FileReadError(
    'CORRUPT_XLSX',
    `The Excel file is damaged and cannot be opened (${reason}). Save it again from Excel and upload the new copy.`,
    {
      reason,
    },
  );

const readAt = async (handle: FileHandle, position: number, length: number): Promise<Buffer> => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

type EndRecord = { entries: number; directorySize: number; directoryOffset: number };

const findEndRecord = async (handle: FileHandle, fileSize: number): Promise<EndRecord> => {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    const end: EndRecord = {
      entries: tail.readUInt16LE(i + 10),
      directorySize: tail.readUInt32LE(i + 12),
      directoryOffset: tail.readUInt32LE(i + 16),
    };
    const locatorAt = i - 20;
    if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === ZIP64_LOCATOR_SIGNATURE) {
      const zip64Offset = Number(tail.readBigUInt64LE(locatorAt + 8));
      const record = await readAt(handle, zip64Offset, 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw corrupt('bad zip64 directory record');
      end.entries = Number(record.readBigUInt64LE(32));
      end.directorySize = Number(record.readBigUInt64LE(40));
      end.directoryOffset = Number(record.readBigUInt64LE(48));
    }
    return end;
  }
  throw corrupt('the end of the zip directory is missing; the file may be cut short');
};

const zip64Sizes = (extra: Buffer, entry: ZipEntry): void => {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      if (entry.uncompressedSize === 0xffffffff && field + 8 <= at + 4 + size) {
        entry.uncompressedSize = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      if (entry.compressedSize === 0xffffffff && field + 8 <= at + 4 + size) {
        entry.compressedSize = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      if (entry.localHeaderOffset === 0xffffffff && field + 8 <= at + 4 + size) {
        entry.localHeaderOffset = Number(extra.readBigUInt64LE(field));
      }
      return;
    }
    at += 4 + size;
  }
};

/** Reads the central directory at the end of the archive; throws CORRUPT_XLSX when it is missing or inconsistent. */
export const readZipDirectory = async (handle: FileHandle, fileSize: number): Promise<ZipEntry[]> => {
  const end = await findEndRecord(handle, fileSize);
  if (end.entries > MAX_ENTRIES) throw corrupt(`${end.entries} entries in the archive`);
  if (end.directoryOffset + end.directorySize > fileSize) throw corrupt('the zip directory points past the end of the file');
  const directory = await readAt(handle, end.directoryOffset, end.directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < end.entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw corrupt('bad zip directory entry');
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    };
    zip64Sizes(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    if (entry.localHeaderOffset + entry.compressedSize > fileSize) throw corrupt(`entry ${entry.name} points past the end of the file`);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/**
 * Refuses an archive that would unpack to more than the limits, from the declared sizes alone (nothing inflated):
 * the total uncompressed size, the compression ratio of each entry of at least 1 MiB, encryption and methods
 * other than stored/deflate.
 */
export const checkZipLimits = (entries: readonly ZipEntry[], limits: ZipLimits): void => {
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1) {
      throw new FileReadError(
        'ENCRYPTED_WORKBOOK',
        'The Excel file is encrypted. Remove the password in Excel (File > Info > Protect Workbook) and upload it again.',
      );
    }
    if (entry.method !== 0 && entry.method !== 8) throw corrupt(`entry ${entry.name} uses compression method ${entry.method}`);
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize >= RATIO_CHECK_MIN_BYTES && ratio > limits.maxCompressionRatio) {
      throw new FileReadError(
        'COMPRESSION_RATIO_TOO_HIGH',
        `The Excel file contains a part (${entry.name}) that would expand ${Math.round(ratio)} times when unpacked, over the limit of ${limits.maxCompressionRatio}. Such files are refused as possible zip bombs.`,
        { entry: entry.name, ratio, limit: limits.maxCompressionRatio },
      );
    }
  }
  if (total > limits.maxUncompressedBytes) {
    throw new FileReadError(
      'UNCOMPRESSED_SIZE_TOO_LARGE',
      `The Excel file would unpack to ${formatBytes(total)}, over the limit of ${formatBytes(limits.maxUncompressedBytes)}. Split it into smaller files.`,
      { uncompressedBytes: total, limit: limits.maxUncompressedBytes },
    );
  }
};

/** Where an entry's compressed bytes lie in the file (after its local header, whose lengths may differ from the directory's). */
export const entryDataStart = async (handle: FileHandle, entry: ZipEntry): Promise<number> => {
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw corrupt(`bad local header for ${entry.name}`);
  return entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
};

/**
 * Streams one entry's uncompressed bytes, stopping with an error if it inflates past its declared size:
 * the declared sizes were checked against the limits, so a lying directory cannot get around them.
 */
export const openZipEntry = async (
  handle: FileHandle,
  filePath: string,
  entry: ZipEntry,
  onCompressedBytes?: (bytes: number) => void,
): Promise<Readable> => {
  const dataStart = await entryDataStart(handle, entry);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(filePath, { start: dataStart, end: dataStart + entry.compressedSize - 1, highWaterMark: CHUNK_BYTES });
  if (onCompressedBytes) raw.on('data', (chunk) => onCompressedBytes(chunk.length));
  if (entry.method === 0) return raw;
  let produced = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) {
        callback(
          new FileReadError(
            'COMPRESSION_RATIO_TOO_HIGH',
            `The Excel file's part ${entry.name} unpacks to more than its declared size. Such files are refused as possible zip bombs.`,
            { entry: entry.name },
          ),
        );
        return;
      }
      callback(null, chunk);
    },
  });
  const inflate = createInflateRaw({ chunkSize: CHUNK_BYTES });
  const fail = (error: Error) => cap.destroy(error instanceof FileReadError ? error : corrupt(`entry ${entry.name} cannot be unpacked`));
  raw.on('error', fail);
  inflate.on('error', fail);
  cap.on('close', () => {
    raw.destroy();
    inflate.destroy();
  });
  return raw.pipe(inflate).pipe(cap);
};

/** Reads a small entry (workbook, relationships) whole, as UTF-8 text. */
export const readZipEntryText = async (handle: FileHandle, filePath: string, entry: ZipEntry): Promise<string> => {
  const stream = await openZipEntry(handle, filePath, entry);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof FileReadError ? error : corrupt(`entry ${entry.name} cannot be unpacked`);
  }
  return Buffer.concat(chunks).toString('utf8');
};

export type ReframedPart = { entry: ZipEntry; name?: string } | { name: string; content: Buffer };

const localHeader = (name: string, method: number, crc: number, compressedSize: number, uncompressedSize: number): Buffer => {
  const nameBytes = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_SIGNATURE, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(nameBytes.length !== name.length ? 0x800 : 0, 6); // UTF-8 flag for non-ASCII names
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressedSize, 18);
  header.writeUInt32LE(Math.min(uncompressedSize, 0xfffffffe), 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
};

/**
 * A clean zip stream of chosen parts, in the order given, for a streaming unzipper: every part is framed as stored
 * with its size in the local header. We inflate here (capped at the declared size, in large chunks) so the
 * unzipper only copies; and no data descriptors are needed, which some writers emit in a zip64 form that
 * streaming unzippers misread. `onBytes` counts the compressed bytes read from the file, for progress.
 */
export const reframeZip = (
  handle: FileHandle,
  filePath: string,
  parts: readonly ReframedPart[],
  onBytes: (bytes: number) => void,
): Readable => {
  async function* frames() {
    for (const part of parts) {
      if ('content' in part) {
        yield localHeader(part.name, 0, 0, part.content.length, part.content.length);
        yield part.content;
        continue;
      }
      const { entry } = part;
      yield localHeader(part.name ?? entry.name, 0, 0, entry.uncompressedSize, entry.uncompressedSize);
      let produced = 0;
      for await (const chunk of await openZipEntry(handle, filePath, entry, onBytes)) {
        produced += (chunk as Buffer).length;
        for (let at = 0; at < (chunk as Buffer).length; at += FRAME_CHUNK_BYTES)
          yield (chunk as Buffer).subarray(at, at + FRAME_CHUNK_BYTES);
      }
      if (produced !== entry.uncompressedSize) throw corrupt(`entry ${entry.name} is shorter than its declared size`);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(EOCD_SIGNATURE, 0);
    yield end;
  }
  return Readable.from(frames(), { objectMode: false });
};
