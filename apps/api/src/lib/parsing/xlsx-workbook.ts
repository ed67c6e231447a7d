import type { FileHandle } from 'node:fs/promises';
import { FileReadError } from './errors.ts';
import type { SheetInfo } from './types.ts';
import { openZipEntry, readZipEntryText, type ZipEntry } from './zip-archive.ts';

// Lists a workbook's sheets with their row counts before exceljs reads the chosen one. Every entry of the archive
// is inflated once here, capped at its declared size, so the data pass only ever sees checked entries.

export type WorkbookSheet = SheetInfo & { path: string | null };

const WORKBOOK_PATH = 'xl/workbook.xml';
const WORKBOOK_RELS_PATH = 'xl/_rels/workbook.xml.rels';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] !== '#') return XML_ENTITIES[entity.toLowerCase()] ?? '';
    return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });

const attributes = (tag: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    result[match[1] as string] = decodeXml(match[3] ?? match[4] ?? '');
  }
  return result;
};

const resolveTarget = (target: string): string => {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.') resolved.push(part);
  }
  return resolved.join('/');
};

export type SheetCounts = { rowCount: number; cellCount: number };

/**
 * Counts rows holding a value (`<v>` or inline `<is>`) and such cells in sheet XML, chunk by chunk, without
 * building the document: a row is counted at its `</row>` when one of its cells had a value.
 */
export const createSheetCounter = () => {
  const counts: SheetCounts = { rowCount: 0, cellCount: 0 };
  const tags = /<(\/?)(row|v|is)[\s>/]/g;
  let carry = '';
  let rowHasValue = false;
  const scan = (text: string) => {
    tags.lastIndex = 0;
    for (let match = tags.exec(text); match; match = tags.exec(text)) {
      if (match[2] === 'row') {
        if (match[1] === '/') {
          if (rowHasValue) counts.rowCount++;
        }
        rowHasValue = false;
      } else if (match[1] === '') {
        rowHasValue = true;
        counts.cellCount++;
      }
    }
  };
  return {
    write(chunk: Buffer) {
      const text = carry + chunk.toString('latin1');
      const lastTag = text.lastIndexOf('<');
      if (lastTag !== -1 && text.length - lastTag < 8) {
        carry = text.slice(lastTag);
        scan(text.slice(0, lastTag));
      } else {
        carry = '';
        scan(text);
      }
    },
    end(): SheetCounts {
      scan(`${carry} `);
      carry = '';
      return counts;
    },
  };
};

const drain = async (handle: FileHandle, filePath: string, entry: ZipEntry, onChunk?: (chunk: Buffer) => void) => {
  const stream = await openZipEntry(handle, filePath, entry);
  try {
    for await (const chunk of stream) onChunk?.(chunk as Buffer);
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(
      'CORRUPT_XLSX',
      `The Excel file is damaged: its part ${entry.name} cannot be unpacked. Save it again from Excel and upload the new copy.`,
      {
        entry: entry.name,
      },
    );
  }
};

/** Reads workbook.xml and its relationships, then counts every sheet; throws UNSUPPORTED_FORMAT for other zip files. */
export const inspectWorkbook = async (handle: FileHandle, filePath: string, entries: readonly ZipEntry[]): Promise<WorkbookSheet[]> => {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const workbookEntry = byName.get(WORKBOOK_PATH);
  if (!workbookEntry) {
    throw new FileReadError(
      'UNSUPPORTED_FORMAT',
      'The file is a zip archive but not an Excel workbook (.xlsx). Upload a CSV or an .xlsx file.',
      {
        detected: 'zip',
      },
    );
  }
  const workbookXml = await readZipEntryText(handle, filePath, workbookEntry);
  const relsEntry = byName.get(WORKBOOK_RELS_PATH);
  const relsXml = relsEntry ? await readZipEntryText(handle, filePath, relsEntry) : '';
  const targets = new Map<string, string>();
  for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const { Id, Target } = attributes(match[0]);
    if (Id && Target) targets.set(Id, resolveTarget(Target));
  }
  const sheets: WorkbookSheet[] = [];
  for (const match of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const attrs = attributes(match[0]);
    const relationId = attrs['r:id'] ?? Object.entries(attrs).find(([key]) => key.endsWith(':id'))?.[1];
    const path = relationId ? (targets.get(relationId) ?? null) : null;
    sheets.push({
      index: sheets.length,
      name: attrs.name ?? `Sheet${sheets.length + 1}`,
      hidden: attrs.state === 'hidden' || attrs.state === 'veryHidden',
      rowCount: 0,
      cellCount: 0,
      path: path && byName.has(path) ? path : null,
    });
  }
  const sheetByPath = new Map(sheets.filter((sheet) => sheet.path).map((sheet) => [sheet.path as string, sheet]));
  for (const entry of entries) {
    if (entry.name === WORKBOOK_PATH || entry.name === WORKBOOK_RELS_PATH || entry.name.endsWith('/')) continue;
    const sheet = sheetByPath.get(entry.name);
    if (!sheet) {
      await drain(handle, filePath, entry);
      continue;
    }
    const counter = createSheetCounter();
    await drain(handle, filePath, entry, (chunk) => counter.write(chunk));
    Object.assign(sheet, counter.end());
  }
  return sheets;
};

/**
 * The sheet of this server's Excel templates (GET /templates/{category}.xlsx) that holds the rows: its "Fields" sheet
 * explains the columns and, in a template filled with a few rows, holds more cell values than the data.
 */
const templateDataSheet = (sheets: readonly WorkbookSheet[]): WorkbookSheet | undefined => {
  const named = (name: string) => sheets.find((sheet) => sheet.name === name && !sheet.hidden);
  const data = named('Data');
  return data && data.cellCount > 0 && named('Fields') ? data : undefined;
};

/**
 * The sheet to read: the one asked for (name, case-insensitive, or 0-based index), else the "Data" sheet of one of our
 * templates, else the visible sheet with the most cell values (a data sheet beats an instructions sheet with more,
 * shorter rows), hidden ones as a last resort.
 */
export const chooseSheet = (sheets: readonly WorkbookSheet[], wanted: string | number | undefined): WorkbookSheet => {
  if (wanted !== undefined) {
    const found =
      typeof wanted === 'number' ? sheets[wanted] : sheets.find((sheet) => sheet.name.trim().toLowerCase() === wanted.trim().toLowerCase());
    if (!found) {
      const names = sheets.map((sheet) => `"${sheet.name}"`).join(', ');
      throw new FileReadError(
        'SHEET_NOT_FOUND',
        `The workbook has no sheet ${typeof wanted === 'number' ? `number ${wanted + 1}` : `"${wanted}"`}. Its sheets: ${names}.`,
        {
          sheet: wanted,
          sheets: sheets.map((sheet) => sheet.name),
        },
      );
    }
    return found;
  }
  let best: WorkbookSheet | undefined = templateDataSheet(sheets);
  if (best) return best;
  for (const sheet of sheets) {
    if (sheet.cellCount === 0) continue;
    if (!best || (best.hidden && !sheet.hidden) || (best.hidden === sheet.hidden && sheet.cellCount > best.cellCount)) best = sheet;
  }
  if (!best) throw new FileReadError('NO_DATA', 'Every sheet of the workbook is empty.', { sheets: sheets.map((sheet) => sheet.name) });
  return best;
};
