import { ListChecks } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ClearFiltersButton, ListTable } from '../../ui/list-page.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import {
  kilograms,
  METHOD_LABELS,
  METHODS,
  monthLabel,
  QUALITY_LABELS,
  reportHref,
  type ResultsFilter,
  resultsHref,
  SCOPE3_CATEGORIES,
  SCOPE3_LABELS,
  SCOPE3_SHORT_LABELS,
  tonnes,
  yearPeriod,
} from './emission-format.ts';
import { EmissionsNav } from './emissions-nav.tsx';
import {
  type EmissionMethod,
  type EmissionResult,
  type EmissionResultFilter,
  EmissionResultsQuery,
  type Scope3Category,
} from './graphql.ts';
import { RESULT_LIST, type ResultFilterKey, ResultFilterChips } from './result-filters.tsx';
import { ResultSheet } from './result-sheet.tsx';
import { useReportYear, YearPicker } from './year-picker.tsx';

const NUMERIC = 'text-right tabular-nums';
const CELL_LINK =
  'rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring [overflow-wrap:anywhere]';

/**
 * The drill-down: each entry's result in the year, filtered by category, supplier, vessel, month and
 * method from the address (chips show them, each can be dropped). A supplier or vessel in a row narrows
 * the list to it (category → supplier → entries); a row opens its factors, rule and history.
 */
export const EmissionResultsPage = () => {
  usePageMeta({ title: 'Emission results', description: 'Each entry’s emissions with the factors and rule behind them.' });
  const { year, setYear } = useReportYear();
  const list = useListParams(RESULT_LIST);
  const { filters } = list;
  const filter = useMemo<EmissionResultFilter>(
    () => ({
      ...yearPeriod(year),
      ...(filters.category ? { scope3Category: filters.category as Scope3Category } : {}),
      ...(filters.supplier ? { supplier: filters.supplier } : {}),
      ...(filters.vessel ? { vesselImo: filters.vessel } : {}),
      ...(filters.month.startsWith(String(year)) ? { month: filters.month } : {}),
      ...(filters.method ? { method: filters.method as EmissionMethod } : {}),
    }),
    [year, filters],
  );
  const [result, refetch] = useQuery({ query: EmissionResultsQuery, variables: { filter, pagination: list.pagination } });
  const connection = result.data?.emissionResults;
  const rows = connection?.data ?? [];
  const [open, setOpen] = useState<{ entryId: string; runId: string } | null>(null);

  const narrow = (patch: Partial<Record<ResultFilterKey, string>>) => list.setFilters(patch);
  /** The address of these results narrowed further (a supplier or vessel of a row). */
  const within = useCallback((patch: ResultsFilter) => resultsHref(year, { ...(filters as ResultsFilter), ...patch }), [year, filters]);
  const columns = useMemo<Column<EmissionResult>[]>(
    () => [
      {
        id: 'file',
        header: 'File and row',
        card: 'title',
        cell: (r) => (
          <span className="flex flex-col">
            <span className="font-medium [overflow-wrap:anywhere]">{r.fileName}</span>
            <span className="text-xs text-muted-foreground">Row {r.rowNumber}</span>
          </span>
        ),
      },
      {
        id: 'supplier',
        header: 'Supplier',
        cell: (r) => {
          const key = r.supplierOrganizationId ?? 'own';
          const name = r.supplierName ?? 'Your own data';
          return filters.supplier === key ? (
            name
          ) : (
            <Link to={within({ supplier: key })} className={CELL_LINK} aria-label={`${name}: only this supplier’s results`}>
              {name}
            </Link>
          );
        },
      },
      {
        id: 'vessel',
        header: 'Vessel',
        cell: (r) => {
          if (!r.vesselImo) return <span className="text-muted-foreground">—</span>;
          const name = r.vesselName ? `${r.vesselName} (${r.vesselImo})` : r.vesselImo;
          const imo = r.vesselImo;
          return filters.vessel === imo ? (
            name
          ) : (
            <Link to={within({ vessel: imo })} className={CELL_LINK} aria-label={`${name}: only this vessel’s results`}>
              {name}
            </Link>
          );
        },
      },
      { id: 'month', header: 'Month', cell: (r) => (r.month ? monthLabel(r.month, 'long') : '—') },
      {
        id: 'category',
        header: 'Category',
        cell: (r) => <span title={SCOPE3_LABELS[r.scope3Category]}>{SCOPE3_SHORT_LABELS[r.scope3Category]}</span>,
      },
      { id: 'method', header: 'Method', cell: (r) => METHOD_LABELS[r.method] },
      { id: 'quality', header: 'Quality', cell: (r) => QUALITY_LABELS[r.dataQuality] },
      { id: 'kg', header: 'CO2e WtW (kg)', className: NUMERIC, cell: (r) => kilograms(r.co2eWtwKg) },
      { id: 't', header: 'CO2e WtW (t)', className: NUMERIC, cell: (r) => tonnes(r.co2eWtwKg) },
    ],
    [filters.supplier, filters.vessel, within],
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Emission results"
        description="Each entry’s emissions as the last run computed them. Open a row for its factors, the Scope 3 rule and its history."
        actions={
          <Button variant="outline" asChild>
            <Link to={reportHref(year)}>Back to the {year} report</Link>
          </Button>
        }
      />
      <EmissionsNav year={year} />
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <YearPicker year={year} onChange={setYear} id="results-year" />
          <div className="flex flex-col gap-2">
            <Label htmlFor="results-category">Category</Label>
            <Select id="results-category" value={filters.category} onChange={(e) => narrow({ category: e.target.value })}>
              <option value="">Every category</option>
              {SCOPE3_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SCOPE3_LABELS[category]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="results-month">Month</Label>
            <Select id="results-month" value={filters.month} onChange={(e) => narrow({ month: e.target.value })}>
              <option value="">Every month</option>
              {Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`).map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="results-method">Method</Label>
            <Select id="results-method" value={filters.method} onChange={(e) => narrow({ method: e.target.value })}>
              <option value="">Every method</option>
              {METHODS.map((method) => (
                <option key={method} value={method}>
                  {METHOD_LABELS[method]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <ResultFilterChips filters={list.activeFilters} rows={rows} onClear={(key) => list.setFilters({ [key]: '' })} />
      </div>
      <ListTable
        caption={`Emission results, ${year}`}
        columns={columns}
        list={list}
        connection={connection}
        fetching={result.fetching}
        error={result.error}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
        getRowId={(r) => `${r.runId}:${r.entryId}`}
        rowLabel={(r) => `${r.fileName}, row ${r.rowNumber}: ${tonnes(r.co2eWtwKg)} t CO2e`}
        onRowActivate={(r) => setOpen({ entryId: r.entryId, runId: r.runId })}
        empty={
          <EmptyState
            icon={ListChecks}
            title={list.hasFilters ? 'No results match these filters' : `No results for ${year}`}
            description={
              list.hasFilters
                ? 'Drop a filter, or pick another year.'
                : 'Results appear once entries of the year are computed. See the report for what to do.'
            }
            action={<ClearFiltersButton list={list}>Drop every filter</ClearFiltersButton>}
          />
        }
      />
      <ResultSheet entryId={open?.entryId ?? null} runId={open?.runId ?? null} onClose={() => setOpen(null)} />
    </div>
  );
};
