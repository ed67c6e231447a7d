import { Inbox, Info, Plug } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatNumber, useDateFormat } from '../../lib/format.ts';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ClearFiltersButton, ListTable } from '../../ui/list-page.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { type PactConnection, PactConnectionsQuery, type PactReceivedFootprint, PactReceivedFootprintsQuery } from './graphql.ts';
import { CONNECTION_STATUS, FOOTPRINT_STATUS } from './pact-format.ts';
import { PactNav } from './pact-nav.tsx';
import { QuantityCell } from './quantity-cell.tsx';

type FilterKey = 'connection' | 'status';

/** The list's address: `?connection=<id>&status=Active|Deprecated&page=&size=`; without a connection, the first one. */
const RECEIVED_LIST = {
  sortFields: {},
  filters: { connection: param.id, status: param.oneOf(['Active', 'Deprecated']) },
} satisfies ListConfig<FilterKey, never>;

/**
 * Footprints received from one supplier's host system, with the checks they failed and the quantity of declared
 * units bought in their reference period: only a footprint with a quantity makes a data entry of the supplier.
 */
export const PactReceivedPage = () => {
  usePageMeta({ title: 'Received footprints', description: 'Product footprints your suppliers publish to you over the PACT API.' });
  const { can } = useViewer();
  const canManage = can('pact:manage');
  const { formatDate, formatDateTime } = useDateFormat();
  const list = useListParams(RECEIVED_LIST);
  const context = useMemo(() => ({ additionalTypenames: ['PactConnection'] }), []);
  const [connectionsResult, refetchConnections] = useQuery({ query: PactConnectionsQuery, context });
  const connections = connectionsResult.data?.pactConnections;
  // No connection (or one that is gone) in the address: the first one.
  const chosen = connections?.find((c) => c.id === list.filters.connection) ?? connections?.[0] ?? null;

  const filter = useMemo(
    () => ({
      ...(chosen ? { connectionId: chosen.id } : {}),
      ...(list.filters.status ? { status: list.filters.status as 'Active' | 'Deprecated' } : {}),
    }),
    [chosen, list.filters.status],
  );
  const [result, refetch] = useQuery({
    query: PactReceivedFootprintsQuery,
    variables: { filter, pagination: list.pagination },
    pause: !chosen,
  });

  // The same columns from render to render: the table renders each cell function as a component, so a new function
  // would mount the row's quantity field afresh and drop what it shows (the typed text, the outcome of a save).
  const columns = useMemo<Column<PactReceivedFootprint>[]>(
    () => [
      {
        id: 'product',
        header: 'Product',
        cell: (f) => (
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">{f.productName}</span>
            <span className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{f.productIds.join(', ')}</span>
          </span>
        ),
      },
      { id: 'company', header: 'Company', cell: (f) => f.companyName },
      {
        id: 'pcf',
        header: 'kg CO2e per unit',
        cell: (f) => <span className="font-mono tabular-nums">{f.pcfExcludingBiogenic}</span>,
      },
      { id: 'unit', header: 'Unit', cell: (f) => f.declaredUnit },
      {
        id: 'period',
        header: 'Reference period',
        cell: (f) => (
          <span className="md:whitespace-nowrap">
            {formatDate(f.referencePeriodStart)} – {formatDate(f.referencePeriodEnd)}
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: (f) => (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge variant={FOOTPRINT_STATUS[f.status].variant}>{FOOTPRINT_STATUS[f.status].label}</StatusBadge>
            <span className="text-xs text-muted-foreground">
              Version {f.version}, received {formatDateTime(f.receivedAt)}
            </span>
          </span>
        ),
      },
      {
        id: 'problems',
        header: 'Validity',
        cell: (f) =>
          f.isValid && f.problems.length === 0 ? (
            <StatusBadge variant="success">Valid</StatusBadge>
          ) : (
            <span className="flex flex-col items-start gap-1">
              <StatusBadge variant="destructive">{f.isValid ? 'Warnings' : 'Invalid: no entry'}</StatusBadge>
              <ul className="list-disc pl-4 text-xs text-destructive">
                {f.problems.map((problem) => (
                  <li key={problem} className="[overflow-wrap:anywhere]">
                    {problem}
                  </li>
                ))}
              </ul>
            </span>
          ),
      },
      {
        id: 'quantity',
        header: 'Quantity bought',
        cell: (f) => <QuantityCell key={f.id} footprint={f} canManage={canManage && f.isValid} />,
      },
    ],
    [canManage, formatDate, formatDateTime],
  );

  const header = (
    <>
      <PageHeader
        title="Received footprints"
        description="Footprints your suppliers’ PACT host systems publish to you, pulled by a sync or sent in answer to your requests."
      />
      <PactNav />
    </>
  );

  if (connectionsResult.error && !connections) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <QueryError error={connectionsResult.error} onRetry={() => refetchConnections({ requestPolicy: 'network-only' })} />
      </div>
    );
  }
  if (!connections) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6" aria-busy="true">
        {header}
        <span role="status" className="sr-only">
          Loading the connections
        </span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (connections.length === 0) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <div className="rounded-xl border border-border bg-card">
          <EmptyState
            icon={Plug}
            title="No connections yet"
            description="Footprints arrive through a connection to a supplier’s PACT host system."
            action={
              <Button variant="outline" asChild>
                <Link to="/app/pact/connections">Go to connections</Link>
              </Button>
            }
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      {header}
      <div className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-2 lg:col-span-2">
          <Label htmlFor="received-connection">Connection</Label>
          <Select id="received-connection" value={chosen?.id ?? ''} onChange={(e) => list.setFilters({ connection: e.target.value })}>
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.supplier ? `${c.name} (${c.supplier.name})` : c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="received-status">Status</Label>
          <Select id="received-status" value={list.filters.status} onChange={(e) => list.setFilters({ status: e.target.value })}>
            <option value="">Active and deprecated</option>
            <option value="Active">Active</option>
            <option value="Deprecated">Deprecated</option>
          </Select>
        </div>
      </div>
      {chosen ? <ConnectionSummary connection={chosen} /> : null}
      {chosen ? (
        <ListTable
          caption={`Footprints received from ${chosen.name}`}
          columns={columns}
          list={list}
          connection={result.data?.pactReceivedFootprints}
          fetching={result.fetching}
          error={result.error}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
          getRowId={(f) => f.id}
          empty={
            <EmptyState
              icon={Inbox}
              title={list.filters.status ? 'No footprints match' : 'Nothing received yet'}
              description={
                list.filters.status
                  ? 'Try the other status.'
                  : 'Sync the connection, or request footprints by product id, under Connections.'
              }
              action={
                list.filters.status ? (
                  <ClearFiltersButton list={{ hasFilters: true, resetFilters: () => list.setFilters({ status: '' }) }}>
                    Show every status
                  </ClearFiltersButton>
                ) : (
                  <Button variant="outline" asChild>
                    <Link to="/app/pact/connections">Go to connections</Link>
                  </Button>
                )
              }
            />
          }
        />
      ) : null}
    </div>
  );
};

/** Where the chosen connection stands, what its footprints make, and the entries file once there is one. */
const ConnectionSummary = ({ connection }: { connection: PactConnection }) => (
  <Alert className="flex items-start gap-2">
    <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
    <div className="flex flex-col gap-1">
      <p>
        <span className="font-medium">{connection.name}</span>{' '}
        <StatusBadge variant={CONNECTION_STATUS[connection.status].variant}>{CONNECTION_STATUS[connection.status].label}</StatusBadge> ·{' '}
        {formatNumber(connection.footprintCount)} received, {formatNumber(connection.footprintsWithQuantity)} with a quantity.
      </p>
      <p className="text-muted-foreground">
        A footprint is per declared unit: only with the quantity you bought in its reference period does it make emissions. Those without a
        quantity, and invalid ones, make no data entry.
        {connection.supplier ? ` Entries are ${connection.supplier.name}’s, in your report.` : ''}
      </p>
      {connection.entriesFile ? (
        <p>
          <Link
            to={`/app/data-entries?file=${connection.entriesFile.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Open the data entries made from these footprints
          </Link>
        </p>
      ) : (
        <p className="text-muted-foreground">No data entries yet: they are made once a valid footprint has a quantity.</p>
      )}
    </div>
  </Alert>
);
