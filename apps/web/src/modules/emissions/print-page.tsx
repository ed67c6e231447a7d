import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { isCalendarDay } from '../../lib/date-range.ts';
import { formatNumber, useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import {
  CONSOLIDATION_LABELS,
  GWP_LABELS,
  METHOD_LABELS,
  monthLabel,
  percent,
  QUALITY_LABELS,
  reportHref,
  SCOPE3_LABELS,
  signedPercent,
  tonnes,
  tonnesText,
} from './emission-format.ts';
import {
  type EmissionDataQuality,
  EmissionFactorsQuery,
  type EmissionMethod,
  EmissionSettingsQuery,
  type PrintBreakdown,
  type PrintReport,
  PrintReportQuery,
  type Scope3Category,
} from './graphql.ts';

/**
 * Printed, the page stands alone: the application's sidebar and top bar are hidden, the page's own buttons
 * too, and the colours are those of paper whatever the theme. Rendered only while this page is open.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 15mm; }
  aside, body header { display: none !important; }
  #main { padding: 0 !important; }
  html, body, .dark, :root {
    --background: #ffffff; --foreground: #000000; --card: #ffffff; --card-foreground: #000000;
    --muted: #eeeeee; --muted-foreground: #333333; --border: #999999; --primary: #000000;
    background: #ffffff !important; color: #000000 !important;
  }
  .print-report table { break-inside: auto; }
  .print-report tr { break-inside: avoid; }
  .print-report section { break-inside: avoid-page; }
}
`;

const SECTION = 'flex flex-col gap-2';

type Row = readonly ReactNode[];

/** A plain table, the same on screen and on paper (no cards, no paging). */
const PrintTable = ({
  caption,
  head,
  rows,
  numeric = [],
}: {
  caption: string;
  head: readonly string[];
  rows: readonly Row[];
  numeric?: readonly number[];
}) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and a scrollable region must be reachable by keyboard
  <section aria-label={caption} tabIndex={0} className="overflow-x-auto print:overflow-visible">
    <table className="w-full border-collapse text-left text-sm">
      <caption className="pb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-border">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`px-2 py-1 font-semibold ${numeric.includes(i) ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length} className="px-2 py-1 text-muted-foreground">
              Nothing in this period.
            </td>
          </tr>
        ) : (
          rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed rows keep their order and have no identity
            <tr key={r} className="border-b border-border/60">
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={i} className={`px-2 py-1 align-top ${numeric.includes(i) ? 'text-right tabular-nums' : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  </section>
);

const breakdownRows = (slices: readonly PrintBreakdown[], name: (s: PrintBreakdown) => string): Row[] =>
  [...slices]
    .sort((a, b) => b.co2eWtwKg - a.co2eWtwKg)
    .map((s) => [name(s), tonnes(s.co2eWtwKg), tonnes(s.co2eTtwKg), percent(s.share), formatNumber(s.entries)]);

const BREAKDOWN_HEAD = ['CO2e WtW (t)', 'CO2e TtW (t)', 'Share', 'Entries'];

const ReportBody = ({ report }: { report: PrintReport }) => {
  const { formatDateTime } = useDateFormat();
  const [settings] = useQuery({ query: EmissionSettingsQuery });
  const [factors] = useQuery({ query: EmissionFactorsQuery, variables: { filter: null, pagination: { page: 1, pageSize: 100 } } });
  const approach = settings.data?.emissionSettings.consolidationApproach;
  const { totals, run } = report;
  const factorPage = factors.data?.emissionFactors;
  return (
    <div className="flex flex-col gap-6">
      <section className={SECTION} aria-labelledby="print-totals">
        <h2 id="print-totals" className="text-lg font-semibold">
          Scope 3 totals
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {(
            [
              ['CO2e well-to-wake', tonnesText(totals.co2eWtwKg)],
              ['CO2e tank-to-wake', tonnesText(totals.co2eTtwKg)],
              ['CO2 tank-to-wake', tonnesText(totals.co2TtwKg)],
              ['Primary-data share', percent(report.primaryDataShare)],
              [
                'Change on the year before',
                report.yearOnYearChange === null || report.yearOnYearChange === undefined
                  ? 'No earlier figures'
                  : signedPercent(report.yearOnYearChange),
              ],
              ['Entries computed', formatNumber(totals.computedEntries)],
              ['Entries not computed', formatNumber(totals.notComputedEntries)],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="flex flex-col">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {report.scope12.co2eTtwKg !== 0 ? (
          <p className="text-sm">
            <span className="font-semibold">Scope 1/2 found in the same data (not part of Scope 3):</span>{' '}
            {tonnesText(report.scope12.co2eTtwKg)} CO2e, tank-to-wake, from {formatNumber(report.scope12.computedEntries)} entries: the fuel
            burnt by ships the organisation runs itself, its own scope 1, reported apart.
          </p>
        ) : null}
        {report.projection ? (
          <p className="text-sm">
            <span className="font-semibold">Projection, not a reported figure:</span> {tonnesText(report.projection.projectedCo2eWtwKg)} by
            the end of the period, from {report.projection.monthsReported} months reported. {report.projection.method}
          </p>
        ) : null}
      </section>
      <section className={SECTION}>
        <PrintTable
          caption="By Scope 3 category"
          head={['Category', ...BREAKDOWN_HEAD]}
          rows={breakdownRows(report.byCategory, (s) => SCOPE3_LABELS[s.key as Scope3Category] ?? s.label)}
          numeric={[1, 2, 3, 4]}
        />
      </section>
      <section className={SECTION}>
        <PrintTable
          caption="By supplier"
          head={['Supplier', ...BREAKDOWN_HEAD]}
          rows={breakdownRows(report.bySupplier, (s) => s.label)}
          numeric={[1, 2, 3, 4]}
        />
      </section>
      <section className={SECTION}>
        <PrintTable
          caption="By vessel"
          head={['Vessel', ...BREAKDOWN_HEAD]}
          rows={breakdownRows(report.byVessel, (s) => `${s.label} (${s.key})`)}
          numeric={[1, 2, 3, 4]}
        />
      </section>
      <section className={SECTION}>
        <PrintTable
          caption="By month"
          head={['Month', 'CO2e WtW (t)', 'CO2e TtW (t)', 'CO2 TtW (t)', 'Entries']}
          rows={report.byMonth.map((m) => [
            monthLabel(m.month),
            tonnes(m.co2eWtwKg),
            tonnes(m.co2eTtwKg),
            tonnes(m.co2TtwKg),
            formatNumber(m.entries),
          ])}
          numeric={[1, 2, 3, 4]}
        />
      </section>
      <section className={SECTION} aria-labelledby="print-method">
        <h2 id="print-method" className="text-lg font-semibold">
          Method
        </h2>
        <p className="text-sm">
          Each entry is computed by the best method its data allows: fuel-based (fuel mass × factors), then distance-based (transport
          activity × intensity), then spend-based (amount spent × factor). CO2e uses the {GWP_LABELS[report.gwpSet]} GWP100 values
          {approach ? `; the consolidation approach is ${CONSOLIDATION_LABELS[approach].toLowerCase()}` : ''}. Each entry is placed in a
          Scope 3 category by a written rule that names the reason.
        </p>
        <PrintTable
          caption="By method"
          head={['Method', ...BREAKDOWN_HEAD]}
          rows={breakdownRows(report.byMethod, (s) => METHOD_LABELS[s.key as EmissionMethod] ?? s.label)}
          numeric={[1, 2, 3, 4]}
        />
        <PrintTable
          caption="By data quality"
          head={['Data quality', ...BREAKDOWN_HEAD]}
          rows={breakdownRows(report.byDataQuality, (s) => QUALITY_LABELS[s.key as EmissionDataQuality] ?? s.label)}
          numeric={[1, 2, 3, 4]}
        />
      </section>
      <section className={SECTION} aria-labelledby="print-factors">
        <h2 id="print-factors" className="text-lg font-semibold">
          Emission factors
        </h2>
        <p className="text-sm">
          {run ? `The run used factor library ${run.libraryVersion}. ` : ''}The latest version of each factor, with its source; every result
          names the exact version it used.
        </p>
        {factorPage ? (
          <PrintTable
            caption="Emission factors and their sources"
            head={['Factor', 'Value', 'Unit', 'Source']}
            rows={factorPage.data.map((f) => [
              `${f.key}@${f.version}`,
              f.value,
              f.unit,
              `${f.source.document}, ${f.source.section} (${f.source.edition})`,
            ])}
          />
        ) : factors.error ? (
          <QueryError error={factors.error} title="The factors could not be loaded" />
        ) : (
          <p className="text-sm text-muted-foreground">Loading the factors…</p>
        )}
        {factorPage && factorPage.pageInfo.totalCount > factorPage.data.length ? (
          <p className="text-sm">
            {formatNumber(factorPage.pageInfo.totalCount - factorPage.data.length)} more factors are in the library (Emissions › Factors).
          </p>
        ) : null}
      </section>
      <p className="text-xs text-muted-foreground">
        {run ? `Computed ${formatDateTime(run.finishedAt ?? run.createdAt)}, run ${run.id}. ` : ''}Printed {formatDateTime(new Date())}.
      </p>
    </div>
  );
};

/** The report as a page to print or save as PDF for the sustainability report: totals, tables, method, factors, run. */
export const PrintReportPage = () => {
  const [params] = useSearchParams();
  const periodStart = params.get('periodStart') ?? '';
  const periodEnd = params.get('periodEnd') ?? '';
  const valid = isCalendarDay(periodStart) && isCalendarDay(periodEnd) && periodStart <= periodEnd;
  usePageMeta({ title: `Scope 3 report ${periodStart} to ${periodEnd}`, description: 'The Scope 3 report, to print.' });
  const [result, refetch] = useQuery({ query: PrintReportQuery, variables: { input: { periodStart, periodEnd } }, pause: !valid });
  const report = result.data?.emissionReport;
  const year = Number(periodStart.slice(0, 4));

  return (
    <div className="print-report mx-auto flex max-w-4xl flex-col gap-6">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={Number.isFinite(year) && year > 0 ? reportHref(year) : '/app/emissions'}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the report
        </Link>
        <Button onClick={() => window.print()} disabled={!report}>
          <Printer aria-hidden="true" />
          Print or save as PDF
        </Button>
      </div>
      <div>
        <h1 className="text-2xl font-bold">Scope 3 emissions report</h1>
        <p className="text-sm text-muted-foreground">
          {periodStart} to {periodEnd}
        </p>
      </div>
      {!valid ? (
        <ServerAlert message="This address names no reporting period. Open the printable report from the report itself." />
      ) : report ? (
        report.run ? (
          <ReportBody report={report} />
        ) : (
          <p className="text-sm">Nothing has been computed for this organisation yet.</p>
        )
      ) : result.error ? (
        <QueryError
          error={result.error}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
          title="The report could not be loaded"
        />
      ) : (
        <CardsLoading label="Loading the report" cards={2} />
      )}
    </div>
  );
};
