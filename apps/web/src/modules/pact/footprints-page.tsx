import { FileJson, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ClearFiltersButton, ListPage } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FootprintSheet } from './footprint-sheet.tsx';
import { type PactFootprint, type PactFootprintFilter, PactFootprintsQuery } from './graphql.ts';
import { PactNav } from './pact-nav.tsx';
import { FOOTPRINT_STATUS, formatShare, publishYears } from './pact-format.ts';
import { PublishDialog } from './publish-dialog.tsx';

type FilterKey = 'status' | 'year';

/** The list's address: `?status=Active|Deprecated&year=2025&page=&size=`. */
const FOOTPRINT_LIST = {
  sortFields: {},
  filters: { status: param.oneOf(['Active', 'Deprecated']), year: param.oneOf(publishYears().map(String)) },
} satisfies ListConfig<FilterKey, never>;

const toFilter = (f: Record<FilterKey, string>): PactFootprintFilter => ({
  ...(f.status ? { status: f.status as PactFootprintFilter['status'] } : {}),
  ...(f.year ? { year: Number(f.year) } : {}),
});

/**
 * The footprints this organisation publishes at GET /2/footprints: every version, with its figures and status. An
 * administrator publishes a year's footprints from the completed emission run; a row opens the document as served.
 */
export const PactFootprintsPage = () => {
  usePageMeta({ title: 'PACT exchange', description: 'Product carbon footprints you publish to your customers over the PACT API.' });
  const { can } = useViewer();
  const canManage = can('pact:manage');
  const { formatDate, formatDateTime } = useDateFormat();
  const list = useListParams(FOOTPRINT_LIST);
  const filter = useMemo(() => toFilter(list.filters), [list.filters]);
  const [result, refetch] = useQuery({ query: PactFootprintsQuery, variables: { filter, pagination: list.pagination } });
  const [openId, setOpenId] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);

  const columns: Column<PactFootprint>[] = [
    {
      id: 'product',
      header: 'Product',
      cell: (f) => (
        <span className="flex flex-col">
          <span className="font-medium">{f.productName}</span>
          <span className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{f.productKey}</span>
        </span>
      ),
    },
    { id: 'version', header: 'Version', cell: (f) => f.version },
    {
      id: 'status',
      header: 'Status',
      cell: (f) => <StatusBadge variant={FOOTPRINT_STATUS[f.status].variant}>{FOOTPRINT_STATUS[f.status].label}</StatusBadge>,
    },
    {
      id: 'pcf',
      header: 'kg CO2e per declared unit',
      cell: (f) => (
        <span className="md:whitespace-nowrap">
          <span className="font-mono tabular-nums">{f.pcfExcludingBiogenic}</span>{' '}
          <span className="text-muted-foreground">per {f.declaredUnit}</span>
        </span>
      ),
    },
    { id: 'primary', header: 'Primary data share', cell: (f) => formatShare(f.primaryDataShare) },
    {
      id: 'period',
      header: 'Reference period',
      cell: (f) => (
        <span className="md:whitespace-nowrap">
          {formatDate(f.referencePeriodStart)} – {formatDate(f.referencePeriodEnd)}
        </span>
      ),
    },
    { id: 'created', header: 'Created', className: 'hidden lg:table-cell', cell: (f) => formatDateTime(f.created) },
  ];

  const nothingYet = !list.hasFilters;
  return (
    <ListPage
      width="max-w-7xl"
      title="PACT exchange"
      description="Footprints you publish over the PACT API (Technical Specifications v2), and those your suppliers publish to you."
      actions={
        canManage ? (
          <Button onClick={() => setPublishing(true)}>
            <Upload aria-hidden="true" />
            Publish footprints
          </Button>
        ) : null
      }
      intro={<PactNav />}
      filters={
        <div className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="footprints-status">Status</Label>
            <Select id="footprints-status" value={list.filters.status} onChange={(e) => list.setFilters({ status: e.target.value })}>
              <option value="">Active and deprecated</option>
              <option value="Active">Active</option>
              <option value="Deprecated">Deprecated</option>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="footprints-year">Reference year</Label>
            <Select id="footprints-year" value={list.filters.year} onChange={(e) => list.setFilters({ year: e.target.value })}>
              <option value="">Every year</option>
              {publishYears().map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </Select>
          </div>
        </div>
      }
      caption="Published footprints"
      columns={columns}
      list={list}
      connection={result.data?.pactFootprints}
      fetching={result.fetching}
      error={result.error}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      getRowId={(f) => f.id}
      rowLabel={(f) => `${f.productName}, version ${f.version}`}
      onRowActivate={(f) => setOpenId(f.id)}
      empty={
        <EmptyState
          icon={FileJson}
          title={nothingYet ? 'Nothing published yet' : 'No footprints match'}
          description={
            nothingYet
              ? canManage
                ? 'Publish a year’s footprints from its completed emission run; partners then read them at GET /2/footprints with the credentials you issue them.'
                : 'An administrator publishes the footprints of a year from its completed emission run.'
              : 'Try another year or status.'
          }
          action={
            nothingYet && canManage ? (
              <Button onClick={() => setPublishing(true)}>Publish footprints</Button>
            ) : (
              <ClearFiltersButton list={list}>Drop every filter</ClearFiltersButton>
            )
          }
        />
      }
    >
      <FootprintSheet id={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
      <PublishDialog
        open={publishing}
        onOpenChange={setPublishing}
        onPublished={() => refetch({ requestPolicy: 'network-only' })}
        onOpenFootprint={(id) => {
          setPublishing(false);
          setOpenId(id);
        }}
      />
    </ListPage>
  );
};
