import { Ship } from 'lucide-react';
import { useQuery } from 'urql';
import { formatNumber } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { Card } from '../../ui/card.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { CountBarChart, type CountDatum } from './emission-charts.tsx';
import { formatDecimal, formatFixed, percentileText, tonnes, vesselHref } from './emission-format.ts';
import { EmissionsNav } from './emissions-nav.tsx';
import { type VesselIndicators, VesselIndicatorsListQuery } from './graphql.ts';
import { DrillLink, ReportSection } from './report-section.tsx';
import { RATINGS, RatingBadge } from './vessel-visuals.tsx';
import { useReportYear, YearPicker } from './year-picker.tsx';

const NUMERIC = 'text-right tabular-nums';
const dash = <span className="text-muted-foreground">—</span>;
const maybe = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? dash : formatDecimal(value, digits);

const fixed = (value: number | null | undefined) => (value === null || value === undefined ? dash : formatFixed(value, 2));

/** Ships per CII rating, A to E, and those that could not be rated. */
export const ratingCounts = (vessels: readonly VesselIndicators[]): CountDatum[] => [
  ...RATINGS.map((letter) => ({ key: letter, label: letter, count: vessels.filter((v) => v.cii.rating === letter).length })),
  { key: 'none', label: 'Not rated', count: vessels.filter((v) => !v.cii.rating).length },
];

const columns = (year: number): Column<VesselIndicators>[] => [
  { id: 'imo', header: 'IMO', cell: (v) => <span className="font-mono">{v.imo}</span>, sortValue: (v) => v.imo },
  {
    id: 'name',
    header: 'Name',
    card: 'title',
    cell: (v) => <DrillLink to={vesselHref(v.imo, year)}>{v.name ?? `IMO ${v.imo}`}</DrillLink>,
    sortValue: (v) => v.name ?? v.imo,
  },
  { id: 'type', header: 'Type', cell: (v) => v.shipType ?? dash, sortValue: (v) => v.shipType },
  { id: 'co2', header: 'CO2 (t)', className: NUMERIC, cell: (v) => tonnes(v.co2Kg), sortValue: (v) => v.co2Kg },
  { id: 'attained', header: 'CII attained', className: NUMERIC, cell: (v) => fixed(v.cii.attained), sortValue: (v) => v.cii.attained },
  { id: 'required', header: 'CII required', className: NUMERIC, cell: (v) => fixed(v.cii.required), sortValue: (v) => v.cii.required },
  {
    id: 'rating',
    header: 'Rating',
    cell: (v) =>
      v.cii.rating ? (
        <RatingBadge rating={v.cii.rating} />
      ) : (
        <span className="text-xs text-muted-foreground">{v.cii.missing ?? 'Not rated'}</span>
      ),
    sortValue: (v) => v.cii.rating ?? 'Z',
  },
  {
    id: 'intensity',
    header: 'FuelEU gCO2e/MJ',
    className: NUMERIC,
    cell: (v) => maybe(v.fuelEu.ghgIntensity, 2),
    sortValue: (v) => v.fuelEu.ghgIntensity,
  },
  {
    id: 'balance',
    header: 'FuelEU balance (t CO2e)',
    className: NUMERIC,
    cell: (v) =>
      maybe(
        v.fuelEu.complianceBalanceGco2e === null || v.fuelEu.complianceBalanceGco2e === undefined
          ? null
          : v.fuelEu.complianceBalanceGco2e / 1e6,
        1,
      ),
    sortValue: (v) => v.fuelEu.complianceBalanceGco2e,
  },
  {
    id: 'percentile',
    header: 'Benchmark',
    className: NUMERIC,
    cell: (v) =>
      v.benchmark.co2PerDistancePercentile === null || v.benchmark.co2PerDistancePercentile === undefined ? (
        <span className="text-xs text-muted-foreground">{v.benchmark.missing ?? 'Not placed'}</span>
      ) : (
        percentileText(v.benchmark.co2PerDistancePercentile)
      ),
    sortValue: (v) => v.benchmark.co2PerDistancePercentile,
  },
];

/**
 * The year's vessels: how many ships earned each CII rating, and per ship its CO2, CII, FuelEU intensity and
 * balance, and where it stands among the EU MRV ships of its type. A ship opens its detail.
 */
export const VesselsPage = () => {
  usePageMeta({ title: 'Vessels', description: 'CII ratings, FuelEU balances and benchmarks of the ships in your data.' });
  const { year, setYear } = useReportYear();
  const [result, refetch] = useQuery({ query: VesselIndicatorsListQuery, variables: { year } });
  const vessels = result.data?.vesselIndicatorsList;
  const reference = result.data?.mrvReferenceStatus.years.find((y) => y.year === year);
  const counts = vessels ? ratingCounts(vessels) : [];

  const body = (() => {
    if (!vessels) {
      if (result.error) return <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />;
      return <CardsLoading label="Loading the vessels" cards={2} />;
    }
    if (vessels.length === 0)
      return (
        <Card>
          <EmptyState
            icon={Ship}
            title={`No vessels in ${year}`}
            description="Vessels appear from vessel fuel consumption entries with an IMO number. Ask your suppliers for their fuel per vessel, or pick another year."
          />
        </Card>
      );
    return (
      <>
        <ReportSection
          id="cii-distribution"
          title="CII ratings"
          description="Ships per IMO Carbon Intensity Indicator rating, A (best) to E, as attained in the year."
        >
          <CountBarChart
            data={counts}
            label={`Ships per CII rating in ${year}: ${counts.map((c) => `${c.label} ${c.count}`).join(', ')}.`}
          />
          <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {counts.map((c) => (
              <div key={c.key} className="flex flex-col items-center gap-1 rounded-lg border border-border p-2">
                <dt className="text-xs text-muted-foreground">{c.key === 'none' ? 'Not rated' : `Rating ${c.label}`}</dt>
                <dd className="text-lg font-bold tabular-nums">{formatNumber(c.count)}</dd>
              </div>
            ))}
          </dl>
        </ReportSection>
        <DataTable
          caption={`Vessels in ${year}`}
          columns={columns(year)}
          rows={vessels}
          getRowId={(v) => v.imo}
          defaultSort={{ columnId: 'co2', direction: 'desc' }}
        />
      </>
    );
  })();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Vessels"
        description={
          reference
            ? `CII, FuelEU and the EU MRV benchmark (${formatNumber(reference.ships)} reference ships for ${year}) of each ship in your data.`
            : `CII, FuelEU and the EU MRV benchmark of each ship in your data. No EU MRV reference is loaded for ${year}, so ships are not placed among others.`
        }
        actions={<YearPicker year={year} onChange={setYear} id="vessels-year" />}
      />
      <EmissionsNav year={year} />
      {body}
    </div>
  );
};
