import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import ExcelJS from 'exceljs';
import type { AppServices } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { findReadableFile } from '../../../lib/request-access.ts';
import { requestStore } from '../../../lib/request-store.ts';
import type { Actor } from '../../../context.ts';
import { checkFilterIds } from '../operations/find-data-entries.ts';
import { entryExport, type ExportTable, issueExport } from './export-tables.ts';
import { EXPORT_PATH_PREFIX, type ExportClaims, verifyExportToken } from './export-token.ts';
import { CSV_BOM, csvLine, safeCell } from '../../../lib/spreadsheet-cells.ts';

type ExportServices = Pick<AppServices, 'db' | 'secrets' | 'logger'>;

/** True for `GET /exports/<token>`, the signed links of exportDataEntries and exportValidationIssues. */
export const isExportRoute = (pathname: string): boolean => pathname.startsWith(EXPORT_PATH_PREFIX);

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const refuse = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
};

/** Waits while the client is slower than the database, so an export never piles up in memory. */
const drained = async (res: ServerResponse) => {
  if (res.writableNeedDrain && !res.destroyed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
};

const writeCsv = async (res: ServerResponse, table: ExportTable) => {
  res.write(CSV_BOM + csvLine(table.header));
  for await (const rows of table.pages) {
    if (res.destroyed) return;
    res.write(rows.map(csvLine).join(''));
    await drained(res);
  }
  res.end();
};

const writeXlsx = async (res: ServerResponse, table: ExportTable, sheetName: string) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(table.header).commit();
  for await (const rows of table.pages) {
    if (res.destroyed) return;
    for (const row of rows) sheet.addRow(row.map(safeCell)).commit();
    await drained(res);
  }
  sheet.commit();
  await workbook.commit();
};

/** The export the claims name, after checking that what they name is still the organization's (NOT_FOUND otherwise). */
const tableOf = async (services: ExportServices, claims: ExportClaims): Promise<{ table: ExportTable; name: string }> => {
  // The link is the authorization: the checks run as the organization it was made for.
  const ctx = { db: services.db, actor: { organizationId: claims.organizationId } as Actor };
  if (claims.kind === 'issues') {
    const { file } = await findReadableFile(ctx, claims.fileId);
    return { table: await issueExport(services.db, file.id), name: `${file.originalName.replace(/\.[^.]*$/, '')}-issues.csv` };
  }
  await checkFilterIds(ctx, claims.filter);
  return {
    table: await entryExport(services.db, claims.organizationId, claims.filter, claims.order),
    name: `data-entries.${claims.format}`,
  };
};

const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * `GET /exports/<token>`: streams the export as an attachment, read from the database a page at a time. A forged or
 * altered link is 403 "This link is not valid."; an expired one (signature good) 403 "This link has expired.";
 * what it names gone from the organization 404. A failure after the first bytes cuts the download short, so a
 * broken export is never mistaken for a complete one.
 */
export const handleExportRoute = async (services: ExportServices, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const token = url.pathname.slice(EXPORT_PATH_PREFIX.length);
  const check = TOKEN.test(token)
    ? await verifyExportToken(services.secrets.tokenSigningKey, token)
    : ({ valid: false, reason: 'invalid' } as const);
  if (!check.valid) {
    refuse(res, 403, check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.');
    return;
  }
  const logger = requestStore.getStore()?.logger ?? services.logger;
  let opened: { table: ExportTable; name: string };
  try {
    opened = await tableOf(services, check.claims);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      refuse(res, 404, 'What this link exports no longer exists.');
      return;
    }
    throw error;
  }
  res.writeHead(200, {
    'content-type': MIME[check.claims.format],
    'content-disposition': attachment(opened.name),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    if (check.claims.format === 'xlsx') await writeXlsx(res, opened.table, 'Data entries');
    else await writeCsv(res, opened.table);
  } catch (error) {
    logger.warn({ err: error }, 'export stopped');
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
};
