import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { formatNumber } from '../../lib/format.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { COVERAGE_LABELS, dqr, formatDecimal, percent, percentileText, resultsHref } from './emission-format.ts';
import type { EmissionReport, SupplierBenchmark, SupplierCoverage, SupplierDataQuality } from './graphql.ts';
import { DrillLink, ReportSection } from './report-section.tsx';

const NUMERIC = 'text-right tabular-nums';

/** Data quality per supplier: PACT's rating (1 best, 3 worst) and its dimensions, and the primary-data share. */
export const SupplierQualitySection = ({ report, year }: { report: EmissionReport; year: number }) => {
  const columns: Column<SupplierDataQuality>[] = [
    {
      id: 'supplier',
      header: 'Supplier',
      cell: (s) => <DrillLink to={resultsHref(year, { supplier: s.supplierOrganizationId })}>{s.label}</DrillLink>,
      sortValue: (s) => s.label,
    },
    { id: 'dqr', header: 'DQR', className: NUMERIC, cell: (s) => dqr(s.dataQualityRating), sortValue: (s) => s.dataQualityRating },
    { id: 'temporal', header: 'Temporal', className: NUMERIC, cell: (s) => dqr(s.temporalDqr), sortValue: (s) => s.temporalDqr },
    {
      id: 'geographical',
      header: 'Geographical',
      className: NUMERIC,
      cell: (s) => dqr(s.geographicalDqr),
      sortValue: (s) => s.geographicalDqr,
    },
    {
      id: 'technological',
      header: 'Technological',
      className: NUMERIC,
      cell: (s) => dqr(s.technologicalDqr),
      sortValue: (s) => s.technologicalDqr,
    },
    {
      id: 'primary',
      header: 'Primary data',
      className: NUMERIC,
      cell: (s) => percent(s.primaryDataShare),
      sortValue: (s) => s.primaryDataShare,
    },
  ];
  return (
    <ReportSection
      id="data-quality"
      title="Data quality per supplier"
      description="PACT data quality rating, 1 (best) to 3 (worst), weighted by each supplier’s CO2e, with its temporal, geographical and technological parts."
    >
      <DataTable
        caption={`Data quality per supplier, ${year}`}
        columns={columns}
        rows={report.supplierQuality}
        getRowId={(s) => s.supplierOrganizationId}
        defaultSort={{ columnId: 'dqr', direction: 'desc' }}
        empty={<p className="p-4 text-sm text-muted-foreground">No supplier data in this period.</p>}
      />
    </ReportSection>
  );
};

const COVERAGE_VARIANT: Record<string, 'success' | 'secondary' | 'outline'> = {
  answered: 'success',
  pending: 'secondary',
  estimated: 'outline',
};

/** Which of the suppliers asked for data in the period answered, which are pending, and whose figures are estimated. */
export const CoverageSection = ({ report, year }: { report: EmissionReport; year: number }) => {
  const { coverage } = report;
  const columns: Column<SupplierCoverage>[] = [
    {
      id: 'supplier',
      header: 'Supplier',
      cell: (s) => <DrillLink to={resultsHref(year, { supplier: s.supplierOrganizationId })}>{s.supplierName}</DrillLink>,
      sortValue: (s) => s.supplierName,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => <StatusBadge variant={COVERAGE_VARIANT[s.status] ?? 'outline'}>{COVERAGE_LABELS[s.status] ?? s.status}</StatusBadge>,
      sortValue: (s) => s.status,
    },
  ];
  return (
    <ReportSection
      id="coverage"
      title="Coverage"
      description="The suppliers you asked for data of this period: answered (accepted), pending, or estimated (no answer, so their figures are estimates or missing)."
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Asked', coverage.requested],
            ['Answered', coverage.answered],
            ['Pending', coverage.pending],
            ['Estimated', coverage.estimated],
          ] as const
        ).map(([term, count]) => (
          <div key={term} className="flex flex-col gap-1 rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatNumber(count)}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption={`Coverage of the suppliers asked, ${year}`}
        columns={columns}
        rows={coverage.suppliers}
        getRowId={(s) => s.supplierOrganizationId}
        defaultSort={{ columnId: 'status', direction: 'desc' }}
        empty={<p className="p-4 text-sm text-muted-foreground">No supplier was asked for data in this period.</p>}
      />
    </ReportSection>
  );
};

/** Each supplier's intensity against the organisation's other suppliers of the same category. */
export const BenchmarkSection = ({ report, year }: { report: EmissionReport; year: number }) => {
  const columns: Column<SupplierBenchmark>[] = [
    {
      id: 'supplier',
      header: 'Supplier',
      cell: (s) => <DrillLink to={resultsHref(year, { supplier: s.supplierOrganizationId })}>{s.label}</DrillLink>,
      sortValue: (s) => s.label,
    },
    {
      id: 'category',
      header: 'Category',
      cell: (s) => FILE_CATEGORY_LABELS[s.category as FileCategory] ?? s.category,
      sortValue: (s) => s.category,
    },
    {
      id: 'intensity',
      header: 'Intensity',
      className: NUMERIC,
      cell: (s) => `${formatDecimal(s.intensity, 4)} ${s.intensityUnit}`,
      sortValue: (s) => s.intensity,
    },
    { id: 'peers', header: 'Suppliers compared', className: NUMERIC, cell: (s) => formatNumber(s.peers), sortValue: (s) => s.peers },
    {
      id: 'percentile',
      header: 'Percentile (0 = lowest)',
      className: NUMERIC,
      cell: (s) => (s.percentile === null || s.percentile === undefined ? 'Too few to compare' : percentileText(s.percentile)),
      sortValue: (s) => s.percentile ?? undefined,
    },
  ];
  return (
    <ReportSection
      id="supplier-benchmarks"
      title="Supplier benchmarks"
      description="Each supplier’s intensity (kg CO2e per unit of activity) against your other suppliers of the same category; a low percentile is a low intensity."
    >
      <DataTable
        caption={`Supplier benchmarks, ${year}`}
        columns={columns}
        rows={report.supplierBenchmarks}
        getRowId={(s) => `${s.supplierOrganizationId}:${s.category}`}
        defaultSort={{ columnId: 'intensity', direction: 'asc' }}
        empty={<p className="p-4 text-sm text-muted-foreground">Benchmarks need at least two suppliers of the same category.</p>}
      />
    </ReportSection>
  );
};
