import { CalendarClock, ChartColumn, FileUp, GitMerge } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { yearPeriod } from './emission-format.ts';
import { EmissionsNav } from './emissions-nav.tsx';
import { EmissionReportQuery } from './graphql.ts';
import { CategorySection, HotspotSection, MethodSection, MonthlySection, RouteHotspots } from './report-breakdowns.tsx';
import { ReportExports } from './report-exports.tsx';
import { ReportFigures } from './report-figures.tsx';
import { hasFigures } from './report-logic.ts';
import { BenchmarkSection, CoverageSection, SupplierQualitySection } from './report-suppliers.tsx';
import { RunStatus } from './run-status.tsx';
import { useReportYear, YearPicker } from './year-picker.tsx';

/** What to do before there is anything to compute: ask suppliers, upload, map. */
const NothingComputed = ({ canManage }: { canManage: boolean }) => (
  <Card>
    <EmptyState
      icon={ChartColumn}
      title="Nothing computed yet"
      description={
        <>
          <p>Your Scope 3 report is computed from your data entries, in three steps:</p>
          <ol className="mt-2 list-inside list-decimal text-left">
            <li>Request data from your suppliers, with a deadline.</li>
            <li>Upload their files, or your own (fuel, transport legs, purchases).</li>
            <li>Map each file’s columns to fields and validate it: its rows become entries.</li>
          </ol>
          <p className="mt-2">
            {canManage
              ? 'Figures are computed when entries change; you can also recompute by hand above.'
              : 'Figures are computed when entries change.'}
          </p>
        </>
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/app/requests">
              <CalendarClock aria-hidden="true" />
              Request data
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/app/uploads">
              <FileUp aria-hidden="true" />
              Upload a file
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/app/data-entries">
              <GitMerge aria-hidden="true" />
              See your entries
            </Link>
          </Button>
        </div>
      }
    />
  </Card>
);

/**
 * The Scope 3 report of a calendar year: the run its figures come from (and one under way), the headline
 * figures, the breakdowns as charts with their tables, hotspots, data quality, coverage and benchmarks.
 * Every figure opens the entries behind it; the report exports as XLSX, CSV or a printable page.
 */
export const EmissionReportPage = () => {
  usePageMeta({ title: 'Scope 3 report', description: 'Your Scope 3 emissions by category, supplier, vessel and month.' });
  const { year, setYear } = useReportYear();
  const { can } = useViewer();
  const canManage = can('emissions:manage');
  const period = useMemo(() => yearPeriod(year), [year]);
  const [result, refetch] = useQuery({ query: EmissionReportQuery, variables: { input: period } });
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const report = result.data?.emissionReport;
  const current = report && report.periodStart === period.periodStart ? report : undefined;

  const body = (() => {
    if (!current) {
      if (result.error) return <QueryError error={result.error} onRetry={reload} title="The report could not be loaded" />;
      return <CardsLoading label="Loading the report" cards={3} />;
    }
    if (!current.run) return <NothingComputed canManage={canManage} />;
    if (!hasFigures(current))
      return (
        <Card>
          <EmptyState
            icon={ChartColumn}
            title={`No figures for ${year}`}
            description={`None of your entries falls in ${year}. Pick another year, or ask your suppliers for ${year}'s data.`}
            action={
              <Button variant="outline" asChild>
                <Link to="/app/requests">
                  <CalendarClock aria-hidden="true" />
                  Request data
                </Link>
              </Button>
            }
          />
        </Card>
      );
    return (
      <div className="flex flex-col gap-6">
        <ReportFigures report={current} year={year} />
        <div className="grid gap-6 xl:grid-cols-2">
          <CategorySection report={current} year={year} />
          <MonthlySection report={current} year={year} />
          <HotspotSection report={current} year={year} dimension="supplier" />
          <HotspotSection report={current} year={year} dimension="vessel" />
        </div>
        <RouteHotspots report={current} />
        <SupplierQualitySection report={current} year={year} />
        <div className="grid gap-6 xl:grid-cols-2">
          <CoverageSection report={current} year={year} />
          <MethodSection report={current} year={year} />
        </div>
        <BenchmarkSection report={current} year={year} />
      </div>
    );
  })();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Scope 3 report"
        description="Your supply chain’s emissions for the year, from your suppliers’ data and your own, with the factors behind every figure."
      />
      <EmissionsNav year={year} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <YearPicker year={year} onChange={setYear} />
        <ReportExports period={period} disabled={!current?.run} />
      </div>
      <RunStatus figuresRun={current?.run ?? report?.run} canManage={canManage} onCompleted={reload} />
      {body}
    </div>
  );
};
