import type { IncomingMessage, ServerResponse } from 'node:http';
import { organizations } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Actor, AppServices } from '../../../context.ts';
import { requestStore } from '../../../lib/request-store.ts';
import { openSignedDownload, refuseDownload, startDownload, waitForDrain } from '../../../lib/signed-download.ts';
import { CSV_BOM, csvLine, type ExportCell, safeCell } from '../../../lib/spreadsheet-cells.ts';
import { getEmissionReport } from '../operations/get-emission-report.ts';
import { parsePeriod } from '../report/period.ts';
import type { EmissionReportView } from '../report/report-view.ts';
import { FACTORS_HEADER, factorRows, RESULTS_HEADER, reportSheets, resultRows } from './report-sheets.ts';
import { REPORT_EXPORT_PATH_PREFIX, type ReportExportClaims, verifyReportExportToken } from './report-export-token.ts';

type ExportServices = Pick<AppServices, 'db' | 'secrets' | 'logger'>;

/** True for `GET /emission-exports/<token>`, the signed links of exportEmissionReport. */
export const isReportExportRoute = (pathname: string): boolean => pathname.startsWith(REPORT_EXPORT_PATH_PREFIX);

type Opened = { report: EmissionReportView; organizationName: string; claims: ReportExportClaims };

const writeCsv = async (services: ExportServices, res: ServerResponse, opened: Opened, months: [string, string]) => {
  res.write(CSV_BOM + csvLine(RESULTS_HEADER));
  if (opened.report.run) {
    for await (const rows of resultRows(services.db, opened.report.run, ...months)) {
      if (res.destroyed) return;
      res.write(rows.map(csvLine).join(''));
      await waitForDrain(res);
    }
  }
  res.end();
};

const writeXlsx = async (services: ExportServices, res: ServerResponse, opened: Opened, months: [string, string]) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: false });
  const addSheet = (name: string, header: ExportCell[]) => {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(header).commit();
    return sheet;
  };
  for (const { name, header, rows } of reportSheets(opened.report, opened.organizationName)) {
    const sheet = addSheet(name, header);
    for (const row of rows) sheet.addRow(row.map(safeCell)).commit();
    sheet.commit();
  }
  const results = addSheet('Results', RESULTS_HEADER);
  const factors: ExportCell[][] = [];
  if (opened.report.run) {
    for await (const rows of resultRows(services.db, opened.report.run, ...months)) {
      if (res.destroyed) return;
      for (const row of rows) results.addRow(row.map(safeCell)).commit();
      await waitForDrain(res);
    }
    factors.push(...(await factorRows(services.db, opened.claims.organizationId, opened.report.run, ...months)));
  }
  results.commit();
  const factorSheet = addSheet('Factors', FACTORS_HEADER);
  for (const row of factors) factorSheet.addRow(row.map(safeCell)).commit();
  factorSheet.commit();
  await workbook.commit();
};

/**
 * `GET /emission-exports/<token>`: streams the report of the period the link names as an attachment: the report's
 * figures as the organisation's current run gives them now, then every result a page at a time. A forged or altered
 * link is 403 "This link is not valid."; an expired one 403 "This link has expired."; an organisation gone since, 404.
 * A failure after the first bytes cuts the download short, so a broken file is never mistaken for a complete one.
 */
export const handleReportExportRoute = async (
  services: ExportServices,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> => {
  const claims = await openSignedDownload(req, res, url.pathname.slice(REPORT_EXPORT_PATH_PREFIX.length), (token) =>
    verifyReportExportToken(services.secrets.tokenSigningKey, token),
  );
  if (!claims) return;
  const [organization] = await services.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, claims.organizationId))
    .limit(1);
  if (!organization) {
    refuseDownload(res, 404, 'What this link exports no longer exists.');
    return;
  }
  // The link is the authorization: the report is read as the organisation it was made for.
  const reader = { db: services.db, actor: { organizationId: claims.organizationId } as Actor };
  const report = await getEmissionReport(reader, { periodStart: claims.periodStart, periodEnd: claims.periodEnd });
  const { months: all } = parsePeriod(claims.periodStart, claims.periodEnd);
  const months: [string, string] = [all[0] as string, all[all.length - 1] as string];
  if (!startDownload(req, res, claims.format, `emissions-report-${claims.periodStart}-to-${claims.periodEnd}.${claims.format}`)) return;
  const logger = requestStore.getStore()?.logger ?? services.logger;
  const opened = { report, organizationName: organization.name, claims };
  try {
    if (claims.format === 'xlsx') await writeXlsx(services, res, opened, months);
    else await writeCsv(services, res, opened, months);
  } catch (error) {
    logger.warn({ err: error }, 'emissions report export stopped');
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
};
