import { Activity } from 'lucide-react';
import { useMemo } from 'react';
import { useDateFormat } from '../../lib/format.ts';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ClearFiltersButton, ListPage } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useQuery } from 'urql';
import { type PactEvent, PactEventsQuery } from './graphql.ts';
import { EVENT_DIRECTION, EVENT_STATUS, eventTypeLabel } from './pact-format.ts';
import { PactNav } from './pact-nav.tsx';

type FilterKey = 'direction';

/** The list's address: `?direction=received|sent&page=&size=`. */
const EVENT_LIST = {
  sortFields: {},
  filters: { direction: param.oneOf(['received', 'sent']) },
} satisfies ListConfig<FilterKey, never>;

/** Who the event came from or went to: the credentials it came with, or the connection. */
const partnerOf = (event: PactEvent) => event.connection?.name ?? event.client?.name ?? null;

/**
 * The CloudEvents exchanged with partners: those received at POST /2/events (published footprints, requests and their
 * answers) and those sent, each with what became of it.
 */
export const PactEventsPage = () => {
  usePageMeta({ title: 'PACT events', description: 'Events received from and sent to your PACT partners.' });
  const { formatDateTime } = useDateFormat();
  const list = useListParams(EVENT_LIST);
  const filter = useMemo(
    () => (list.filters.direction ? { direction: list.filters.direction as PactEvent['direction'] } : {}),
    [list.filters.direction],
  );
  const [result, refetch] = useQuery({ query: PactEventsQuery, variables: { filter, pagination: list.pagination } });

  const columns: Column<PactEvent>[] = [
    {
      id: 'type',
      header: 'Event',
      cell: (e) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{eventTypeLabel(e.eventType)}</span>
          <span className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{e.eventType}</span>
        </span>
      ),
    },
    {
      id: 'direction',
      header: 'Direction',
      cell: (e) => (
        <span className="flex flex-col">
          <span>{EVENT_DIRECTION[e.direction]}</span>
          {partnerOf(e) ? (
            <span className="text-xs text-muted-foreground">
              {e.direction === 'received' ? 'from' : 'to'} {partnerOf(e)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => <StatusBadge variant={EVENT_STATUS[e.status].variant}>{EVENT_STATUS[e.status].label}</StatusBadge>,
    },
    { id: 'note', header: 'Note', cell: (e) => (e.note ? <span className="[overflow-wrap:anywhere]">{e.note}</span> : '—') },
    { id: 'count', header: 'Footprints', cell: (e) => <span className="tabular-nums">{e.footprintCount}</span> },
    {
      id: 'time',
      header: 'Time',
      cell: (e) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{formatDateTime(e.createdAt)}</span>
          {e.processedAt ? <span className="text-xs text-muted-foreground">done {formatDateTime(e.processedAt)}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      width="max-w-7xl"
      title="Events"
      description="Events your partners sent to POST /2/events and those you sent them, with what became of each."
      intro={<PactNav />}
      filters={
        <div className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="events-direction">Direction</Label>
            <Select id="events-direction" value={list.filters.direction} onChange={(e) => list.setFilters({ direction: e.target.value })}>
              <option value="">Received and sent</option>
              <option value="received">Received</option>
              <option value="sent">Sent</option>
            </Select>
          </div>
        </div>
      }
      caption="PACT events"
      columns={columns}
      list={list}
      connection={result.data?.pactEvents}
      fetching={result.fetching}
      error={result.error}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      getRowId={(e) => e.id}
      empty={
        <EmptyState
          icon={Activity}
          title={list.hasFilters ? 'No events match' : 'No events yet'}
          description={
            list.hasFilters
              ? 'Try the other direction.'
              : 'Events appear when a partner notifies you of new footprints or asks for some, and when you request footprints.'
          }
          action={<ClearFiltersButton list={list}>Show both directions</ClearFiltersButton>}
        />
      }
    />
  );
};
