import { useNavigate } from 'react-router';
import { formatNumber } from '../../lib/format.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { BreakdownBarChart, MonthlyTrendChart, ParetoChart } from './emission-charts.tsx';
import { METHOD_LABELS, monthLabel, percent, QUALITY_LABELS, resultsHref, SCOPE3_LABELS, tonnes } from './emission-format.ts';
import type { EmissionBreakdown, EmissionDataQuality, EmissionMethod, EmissionReport, Scope3Category } from './graphql.ts';
import { DrillLink, ReportSection } from './report-section.tsx';
import { categoryBars, describeBars, describeMonths, describePareto, hotspotBars, monthBars } from './report-logic.ts';

const NUMERIC = 'text-right tabular-nums';

/** Columns of a breakdown table; the name and the figure both open the drill-down of the slice. */
const breakdownColumns = (
  header: string,
  nameOf: (slice: EmissionBreakdown) => string,
  hrefOf: ((slice: EmissionBreakdown) => string) | null,
): Column<EmissionBreakdown>[] => [
  {
    id: 'name',
    header,
    cell: (slice) => (hrefOf ? <DrillLink to={hrefOf(slice)}>{nameOf(slice)}</DrillLink> : nameOf(slice)),
    sortValue: nameOf,
  },
  {
    id: 'co2e',
    header: 'CO2e WtW (t)',
    className: NUMERIC,
    cell: (slice) =>
      hrefOf ? (
        <DrillLink to={hrefOf(slice)} label={`${tonnes(slice.co2eWtwKg)} t CO2e for ${nameOf(slice)}: open the entries`}>
          {tonnes(slice.co2eWtwKg)}
        </DrillLink>
      ) : (
        tonnes(slice.co2eWtwKg)
      ),
    sortValue: (slice) => slice.co2eWtwKg,
  },
  { id: 'share', header: 'Share', className: NUMERIC, cell: (slice) => percent(slice.share), sortValue: (slice) => slice.share },
  {
    id: 'entries',
    header: 'Entries',
    className: NUMERIC,
    cell: (slice) => formatNumber(slice.entries),
    sortValue: (slice) => slice.entries,
  },
];

const BY_CO2E = { columnId: 'co2e', direction: 'desc' } as const;

const categoryName = (slice: EmissionBreakdown) => SCOPE3_LABELS[slice.key as Scope3Category] ?? slice.label;

/** Totals by Scope 3 category: a bar per category, and the table whose names and figures open the entries. */
export const CategorySection = ({ report, year }: { report: EmissionReport; year: number }) => {
  const navigate = useNavigate();
  const bars = categoryBars(report.byCategory);
  return (
    <ReportSection id="by-category" title="By Scope 3 category" description="Where the emissions fall in the GHG Protocol’s categories.">
      <BreakdownBarChart
        data={bars}
        label={describeBars('CO2e well-to-wake by Scope 3 category', bars)}
        onSelect={(bar) => navigate(resultsHref(year, { category: bar.key as Scope3Category }))}
      />
      <DataTable
        caption={`CO2e by Scope 3 category, ${year}`}
        columns={breakdownColumns('Category', categoryName, (slice) => resultsHref(year, { category: slice.key as Scope3Category }))}
        rows={report.byCategory}
        getRowId={(slice) => slice.key}
        defaultSort={BY_CO2E}
      />
    </ReportSection>
  );
};

/** Totals by month with the projection of the months to come drawn apart. */
export const MonthlySection = ({ report, year }: { report: EmissionReport; year: number }) => {
  const navigate = useNavigate();
  const months = monthBars(report);
  const columns: Column<(typeof months)[number]>[] = [
    { id: 'month', header: 'Month', cell: (m) => monthLabel(m.month) },
    {
      id: 'reported',
      header: 'Reported CO2e WtW (t)',
      className: NUMERIC,
      cell: (m) =>
        m.reported === null ? (
          '—'
        ) : (
          <DrillLink
            to={resultsHref(year, { month: m.month })}
            label={`${tonnes(m.reported * 1000)} t in ${monthLabel(m.month)}: open the entries`}
          >
            {tonnes(m.reported * 1000)}
          </DrillLink>
        ),
    },
    {
      id: 'projected',
      header: 'Projection (t)',
      className: NUMERIC,
      cell: (m) => (m.projected === null ? '—' : <span className="italic text-muted-foreground">{tonnes(m.projected * 1000)}</span>),
    },
  ];
  return (
    <ReportSection
      id="monthly-trend"
      title="Monthly trend"
      description={
        report.projection
          ? 'Reported months in solid bars; the months to come, outlined, are a projection, not reported figures.'
          : 'CO2e well-to-wake of each month reported.'
      }
    >
      <MonthlyTrendChart
        data={months}
        label={describeMonths(months)}
        onSelect={(m) => (m.reported !== null ? navigate(resultsHref(year, { month: m.month })) : undefined)}
      />
      <details className="rounded-lg border border-border">
        <summary className="cursor-pointer px-4 py-2 text-sm font-medium">The figures per month</summary>
        <DataTable caption={`CO2e by month, ${year}`} columns={columns} rows={months} getRowId={(m) => m.month} className="p-2" />
      </details>
    </ReportSection>
  );
};

/** The few suppliers or vessels that make most of the total, with the running share. */
export const HotspotSection = ({ report, year, dimension }: { report: EmissionReport; year: number; dimension: 'supplier' | 'vessel' }) => {
  const navigate = useNavigate();
  const bars = hotspotBars(report.hotspots, dimension);
  const noun = dimension === 'supplier' ? 'Supplier' : 'Vessel';
  const hrefOf = (key: string) => resultsHref(year, dimension === 'supplier' ? { supplier: key } : { vessel: key });
  const columns: Column<(typeof bars)[number]>[] = [
    { id: 'name', header: noun, cell: (bar) => <DrillLink to={hrefOf(bar.key)}>{bar.label}</DrillLink> },
    {
      id: 'co2e',
      header: 'CO2e WtW (t)',
      className: NUMERIC,
      cell: (bar) => (
        <DrillLink to={hrefOf(bar.key)} label={`${tonnes(bar.tonnes * 1000)} t CO2e for ${bar.label}: open the entries`}>
          {tonnes(bar.tonnes * 1000)}
        </DrillLink>
      ),
    },
    { id: 'cumulative', header: 'Cumulative share', className: NUMERIC, cell: (bar) => percent(bar.cumulative) },
  ];
  const title = dimension === 'supplier' ? 'Supplier hotspots' : 'Vessel hotspots';
  return (
    <ReportSection
      id={`${dimension}-hotspots`}
      title={title}
      description={`The ${dimension === 'supplier' ? 'suppliers' : 'vessels'} that make most of the total, largest first, with the running share of the total.`}
    >
      {bars.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {dimension === 'supplier' ? 'supplier' : 'vessel'} stands out in this period.</p>
      ) : (
        <>
          <ParetoChart
            data={bars}
            label={describePareto(`${title}: CO2e well-to-wake`, bars)}
            onSelect={(bar) => navigate(hrefOf(bar.key))}
          />
          <DataTable caption={`${title}, ${year}`} columns={columns} rows={bars} getRowId={(bar) => bar.key} />
        </>
      )}
    </ReportSection>
  );
};

/** Route hotspots have no drill-down filter of their own: a plain list. */
export const RouteHotspots = ({ report }: { report: EmissionReport }) => {
  const routes = hotspotBars(report.hotspots, 'route');
  if (routes.length === 0) return null;
  return (
    <ReportSection id="route-hotspots" title="Route hotspots" description="The routes that make most of the total.">
      <DataTable
        caption="Route hotspots"
        columns={[
          { id: 'route', header: 'Route', cell: (r) => r.label },
          { id: 'co2e', header: 'CO2e WtW (t)', className: NUMERIC, cell: (r) => tonnes(r.tonnes * 1000) },
          { id: 'cumulative', header: 'Cumulative share', className: NUMERIC, cell: (r) => percent(r.cumulative) },
        ]}
        rows={routes}
        getRowId={(r) => r.key}
      />
    </ReportSection>
  );
};

/** By method and by data quality: how the figures were made. Methods open their entries. */
export const MethodSection = ({ report, year }: { report: EmissionReport; year: number }) => (
  <ReportSection
    id="methods"
    title="Methods and data quality"
    description="Fuel-based is best, then distance-based, then spend-based; primary data is the supplier’s own measured activity."
  >
    <DataTable
      caption={`CO2e by calculation method, ${year}`}
      columns={breakdownColumns(
        'Method',
        (slice) => METHOD_LABELS[slice.key as EmissionMethod] ?? slice.label,
        (slice) => resultsHref(year, { method: slice.key as EmissionMethod }),
      )}
      rows={report.byMethod}
      getRowId={(slice) => slice.key}
      defaultSort={BY_CO2E}
    />
    <DataTable
      caption={`CO2e by data quality, ${year}`}
      columns={breakdownColumns('Data quality', (slice) => QUALITY_LABELS[slice.key as EmissionDataQuality] ?? slice.label, null)}
      rows={report.byDataQuality}
      getRowId={(slice) => slice.key}
      defaultSort={BY_CO2E}
    />
  </ReportSection>
);
