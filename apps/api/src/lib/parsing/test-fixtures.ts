// Builders for the parsing tests: temp files, a minimal zip writer (to craft bombs and broken archives),
// a CFB header, and an XLSX workbook shaped like real supplier files. Used by tests only.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { ReadFileHandlers, ReadStart, RowBatch } from './types.ts';

export type TempDir = { dir: string; file: (name: string, content: string | Uint8Array) => Promise<string>; remove: () => Promise<void> };

export const createTempDir = async (): Promise<TempDir> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tidewise-parsing-'));
  return {
    dir,
    file: async (name, content) => {
      const filePath = path.join(dir, name);
      await writeFile(filePath, content);
      return filePath;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export const crc32 = (data: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

export type ZipFixtureEntry = {
  name: string;
  /** Uncompressed content (deflated by the writer) ... */
  data?: Uint8Array;
  /** ...or already-deflated bytes with the uncompressed size to declare. */
  deflated?: { bytes: Uint8Array; uncompressedSize: number; crc: number };
  /** Declares this uncompressed size instead of the true one (a lying directory). */
  declaredSize?: number;
};

/** Writes a zip archive (deflate, no data descriptors), enough for the reader's directory checks. */
export const buildZip = (entries: ZipFixtureEntry[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.deflated ? entry.deflated.bytes : deflateRawSync(entry.data ?? new Uint8Array());
    const size = entry.declaredSize ?? (entry.deflated ? entry.deflated.uncompressedSize : (entry.data?.length ?? 0));
    const crc = entry.deflated ? entry.deflated.crc : crc32(entry.data ?? new Uint8Array());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(compressed));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** Deflates `bytes` zeros as a stream (never holding them in memory): the core of a zip bomb. */
export const deflateZeros = async (bytes: number): Promise<NonNullable<ZipFixtureEntry['deflated']>> => {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  // The CRC is left 0: the reader refuses the archive from its directory before any CRC would matter.
  return { bytes: Buffer.concat(chunks), uncompressedSize: bytes, crc: 0 };
};

/** The workbook parts every XLSX needs, for crafting archives around them. */
export const minimalWorkbookEntries = (): ZipFixtureEntry[] => [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from('<workbook xmlns:r="r"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'),
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: Buffer.from('<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
  },
];

/** A CFB (OLE) file whose first directory sector names the given streams, like Office writes them. */
export const buildCfb = (streamNames: string[]): Buffer => {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(0, 48);
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streamNames].slice(0, 4).forEach((name, i) => {
    const encoded = Buffer.from(`${name}\u0000`, 'utf16le');
    encoded.copy(directory, i * 128);
    directory.writeUInt16LE(encoded.length, i * 128 + 64);
    directory.writeUInt8(i === 0 ? 5 : 2, i * 128 + 66);
  });
  return Buffer.concat([header, directory, Buffer.alloc(1024)]);
};

/** Collects what a read hands out, checking batches never overlap (the next comes only after the last settled). */
export const collect = (delayMs = 0) => {
  const batches: RowBatch[] = [];
  const starts: ReadStart[] = [];
  let inFlight = false;
  let overlapped = false;
  const handlers: ReadFileHandlers = {
    onStart: (start) => {
      starts.push(start);
    },
    onBatch: async (batch) => {
      if (inFlight) overlapped = true;
      inFlight = true;
      batches.push(batch);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      inFlight = false;
    },
  };
  return {
    handlers,
    batches,
    starts,
    rows: () => batches.flatMap((batch) => batch.rows),
    overlapped: () => overlapped,
  };
};

/**
 * A workbook shaped like real supplier files: an instructions sheet, an empty sheet, and a data sheet with a title
 * row and a merged group row above the header (row 3), a repeated header name, formulas with cached results,
 * date cells, text dates, N/A, "Division by zero!" and an error cell.
 */
export const buildSupplierWorkbook = async (filePath: string): Promise<void> => {
  const workbook = new ExcelJS.Workbook();
  const instructions = workbook.addWorksheet('Instructions');
  instructions.addRow(['Fill in one row per voyage.']);
  instructions.addRow(['Use tonnes for fuel mass.']);
  workbook.addWorksheet('Empty');
  const sheet = workbook.addWorksheet('Fuel data');
  sheet.getCell('A1').value = 'Fuel report 2021 - Baltic Marine Services';
  sheet.mergeCells('A1:H1');
  sheet.getCell('A2').value = 'Ship';
  sheet.mergeCells('A2:B2');
  sheet.getCell('C2').value = 'Fuel';
  sheet.mergeCells('C2:E2');
  sheet.getRow(3).values = ['IMO number', 'Name', 'Fuel type', 'Fuel mass [t]', 'Name', 'Report date', 'Text date', 'CO₂ [t]'];
  const data: [number, string, string, number | string, string, Date, string][] = [
    [9074729, 'Nordwind Star', 'HFO', 1250.5, 'NWS', new Date(Date.UTC(2021, 0, 31)), '29/04/2022'],
    [9321483, 'Baltic Trader', 'MGO', 'N/A', 'BT', new Date(Date.UTC(2021, 1, 28)), '29.04.2022'],
    [9456789, 'Fjord Queen', 'LNG', 310.25, 'FQ', new Date(Date.UTC(2021, 2, 31, 12, 30)), '2022-04-29'],
  ];
  data.forEach((values, i) => {
    const rowNumber = 4 + i;
    const row = sheet.getRow(rowNumber);
    row.values = values;
    row.getCell(6).numFmt = 'dd.mm.yyyy';
    const mass = typeof values[3] === 'number' ? values[3] : null;
    row.getCell(8).value =
      mass === null
        ? { formula: `D${rowNumber}*3.114`, result: { error: '#VALUE!' } }
        : { formula: `D${rowNumber}*3.114`, result: mass * 3.114 };
  });
  sheet.getRow(7).values = [9500001, 'Division by zero!', '-', '#DIV/0!', null, null, 'n/a'];
  sheet.getCell('H7').value = { error: '#DIV/0!' };
  await workbook.xlsx.writeFile(filePath);
};
