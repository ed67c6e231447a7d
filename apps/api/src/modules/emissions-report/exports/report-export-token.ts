import { signedLinkKind } from '../../../lib/signed-links.ts';

/**
 * Links of the emissions report export: a 5-minute token under its own key label and audience (lib/signed-links.ts),
 * naming the organisation, the period and the format. The route reads the organisation's current run when the link is
 * used, so the file holds the figures the report shows at that moment.
 */

export const REPORT_EXPORT_TTL_SECONDS = 5 * 60;
export const REPORT_EXPORT_PATH_PREFIX = '/emission-exports/';

export type ReportExportFormat = 'csv' | 'xlsx';

export type ReportExportClaims = { organizationId: string; periodStart: string; periodEnd: string; format: ReportExportFormat };

const isClaims = (value: unknown): value is ReportExportClaims => {
  const claims = value as Partial<ReportExportClaims> | null | undefined;
  return (
    typeof claims?.organizationId === 'string' &&
    typeof claims.periodStart === 'string' &&
    typeof claims.periodEnd === 'string' &&
    (claims.format === 'csv' || claims.format === 'xlsx')
  );
};

const links = signedLinkKind<ReportExportClaims>({
  label: 'tidewise/emissions-report-exports/v1',
  audience: 'tidewise-emissions-report-export',
  claim: 'emissionsReport',
  ttlSeconds: REPORT_EXPORT_TTL_SECONDS,
  isClaims,
});

export const signReportExportToken = links.sign;
export const verifyReportExportToken = links.verify;
