import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { ExportLinkShape } from '../../../schema/common.graphql.ts';
import { REPORT_EXPORT_PATH_PREFIX, type ReportExportFormat, signReportExportToken } from '../exports/report-export-token.ts';
import { parsePeriod } from '../report/period.ts';

/**
 * A 5-minute link to download the report of a period: XLSX (summary, slices, months, every result and every factor
 * with its source) or CSV (the results). Bound to the caller's organisation; the period is checked now, so a link
 * never fails for a bad period later.
 */
export const exportEmissionReport = async (
  ctx: Context,
  input: { periodStart: string; periodEnd: string; format: ReportExportFormat },
): Promise<ExportLinkShape> => {
  const actor = requireActor(ctx);
  const period = parsePeriod(input.periodStart, input.periodEnd, { start: 'input.periodStart', end: 'input.periodEnd' });
  const { token, expiresAt } = await signReportExportToken(ctx.secrets.tokenSigningKey, {
    organizationId: actor.organizationId,
    periodStart: period.start,
    periodEnd: period.end,
    format: input.format,
  });
  return {
    url: new URL(`${REPORT_EXPORT_PATH_PREFIX}${token}`, ctx.env.APP_URL).toString(),
    fileName: `emissions-report-${period.start}-to-${period.end}.${input.format}`,
    expiresAt,
  };
};
