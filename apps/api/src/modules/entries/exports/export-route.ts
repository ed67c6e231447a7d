import type { IncomingMessage, ServerResponse } from 'node:http';
import ExcelJS from 'exceljs';
import type { AppServices } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { findReadableFile } from '../../../lib/request-access.ts';
import { requestStore } from '../../../lib/request-store.ts';
import { openSignedDownload, refuseDownload, startDownload, waitForDrain } from '../../../lib/signed-download.ts';
import type { Actor } from '../../../context.ts';
import { checkFilterIds } from '../operations/find-data-entries.ts';
import { entryExport, type ExportTable, issueExport } from './export-tables.ts';
import { EXPORT_PATH_PREFIX, type ExportClaims, verifyExportToken } from './export-token.ts';
import { CSV_BOM, csvLine, safeCell } from '../../../lib/spreadsheet-cells.ts';

type ExportServices = Pick<AppServices, 'db' | 'secrets' | 'logger'>;

/** True for `GET /exports/<token>`, the signed links of exportDataEntries and exportValidationIssues. */
export const isExportRoute = (pathname: string): boolean => pathname.startsWith(EXPORT_PATH_PREFIX);

const writeCsv = async (res: ServerResponse, table: ExportTable) => {
  res.write(CSV_BOM + csvLine(table.header));
  for await (const rows of table.pages) {
    if (res.destroyed) return;
    res.write(rows.map(csvLine).join(''));
    await waitForDrain(res);
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
    await waitForDrain(res);
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

/**
 * `GET /exports/<token>`: streams the export as an attachment, read from the database a page at a time. A forged or
 * altered link is 403 "This link is not valid."; an expired one (signature good) 403 "This link has expired.";
 * what it names gone from the organization 404. A failure after the first bytes cuts the download short, so a
 * broken export is never mistaken for a complete one.
 */
export const handleExportRoute = async (services: ExportServices, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
  const claims = await openSignedDownload(req, res, url.pathname.slice(EXPORT_PATH_PREFIX.length), (token) =>
    verifyExportToken(services.secrets.tokenSigningKey, token),
  );
  if (!claims) return;
  const logger = requestStore.getStore()?.logger ?? services.logger;
  let opened: { table: ExportTable; name: string };
  try {
    opened = await tableOf(services, claims);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      refuseDownload(res, 404, 'What this link exports no longer exists.');
      return;
    }
    throw error;
  }
  if (!startDownload(req, res, claims.format, opened.name)) return;
  try {
    if (claims.format === 'xlsx') await writeXlsx(res, opened.table, 'Data entries');
    else await writeCsv(res, opened.table);
  } catch (error) {
    logger.warn({ err: error }, 'export stopped');
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
};
