import { CalendarDays, Inbox, Plus } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { compactFilter, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FieldError, Label } from '../../ui/label.tsx';
import { Input } from '../../ui/input.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { Select } from '../../ui/select.tsx';
import { type RequestRow, RequestOverviewQuery, RequestsQuery, RequestsUpdatedSubscription } from './graphql.ts';
import { NewRequestDialog } from './new-request-dialog.tsx';
import {
  categoryLabel,
  periodLabel,
  periodRefusal,
  REQUEST_FILTER_STATUSES,
  REQUEST_LIST,
  REQUEST_STATUS_LABELS,
  readPeriod,
  toRequestsFilter,
} from './request-logic.ts';
import { OverviewFigures, SupplierStatsCard } from './request-overview.tsx';
import { DeadlineText, RequestStatusBadge, useNow } from './request-parts.tsx';

const BY_DEADLINE = { field: 'deadline', direction: 'ASC' } as const;
/** The order the list has until someone sorts it: the table shows it as sorted by deadline. */
const BY_DEADLINE_COLUMN = { columnId: 'deadline', direction: 'asc' } as const;

/** Counts live events, so each one reads the list and the figures again. */
const countEvents = (previous: number | undefined) => (previous ?? 0) + 1;

/** The period filter: typed freely, applied on Enter or when leaving the box, refused when it is not a period. */
const PeriodFilter = ({ value, onApply }: { value: string; onApply: (period: string) => void }) => {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(value), [value]);
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const refusal = periodRefusal(text);
    setError(refusal);
    if (!refusal) onApply(text.trim() ? (readPeriod(text) ?? '') : '');
  };
  return (
    <form className="flex flex-col gap-2 sm:w-44" onSubmit={apply} noValidate>
      <Label htmlFor="requests-period">Period</Label>
      <Input
        id="requests-period"
        value={text}
        placeholder="2025 or 2025-Q3"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => apply()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'requests-period-error' : undefined}
        autoComplete="off"
      />
      <FieldError id="requests-period-error">{error}</FieldError>
    </form>
  );
};

/**
 * The customer's data requests: how suppliers answer (response rate, on time, open, overdue, to review,
 * accepted; per supplier), and the requests sent, filtered by status (overdue included), period and
 * search in the address, by deadline unless sorted otherwise. Kept live by `calendarTasksUpdated`.
 */
export const RequestsPage = () => {
  usePageMeta({ title: 'Data requests', description: 'Data you asked your suppliers for, with deadlines and answers.' });
  const now = useNow();
  const { can } = useViewer();
  const list = useListParams(REQUEST_LIST);
  const { search, status, period } = list.filters;
  const [result, refetch] = useQuery({
    query: RequestsQuery,
    variables: { pagination: list.pagination, filter: toRequestsFilter(list.filters), sort: list.sortInput ?? BY_DEADLINE },
  });
  const [overview, refetchOverview] = useQuery({
    query: RequestOverviewQuery,
    variables: { filter: compactFilter({ period }) },
  });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const refreshOverview = useCallback(() => refetchOverview({ requestPolicy: 'network-only' }), [refetchOverview]);
  const [{ data: events }] = useSubscription({ query: RequestsUpdatedSubscription }, countEvents);
  useEffect(() => {
    if (!events) return;
    refresh();
    refreshOverview();
  }, [events, refresh, refreshOverview]);

  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);

  const columns: Column<RequestRow>[] = [
    {
      id: 'title',
      header: 'Request',
      sortable: true,
      card: 'title',
      cell: (t) => (
        <div className="flex min-w-0 flex-col">
          <Link
            to={`/app/requests/${t.id}`}
            className="font-medium text-foreground underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t.title}
            {/* Requests sent from one file share a title; the supplier tells them apart. */}
            <span className="sr-only">, {t.supplierOrganization.name}</span>
          </Link>
          {t.subTitle ? <span className="line-clamp-1 text-xs text-muted-foreground">{t.subTitle}</span> : null}
        </div>
      ),
    },
    { id: 'supplier', header: 'Supplier', cell: (t) => <span className="[overflow-wrap:anywhere]">{t.supplierOrganization.name}</span> },
    {
      id: 'category',
      header: 'Data',
      className: 'hidden lg:table-cell',
      cell: (t) => categoryLabel(t.requiredUploadPurpose),
    },
    {
      id: 'period',
      header: 'Period',
      cell: (t) => <span className="whitespace-nowrap">{periodLabel(t.requiredUploadSecondaryPurpose)}</span>,
    },
    {
      id: 'deadline',
      header: 'Deadline',
      sortable: true,
      cell: (t) => <DeadlineText deadline={t.deadline} status={t.status} now={now} />,
    },
    { id: 'status', header: 'Status', sortable: true, cell: (t) => <RequestStatusBadge status={t.displayStatus} /> },
  ];

  const filtered = list.hasFilters;
  const newRequest = can('calendar:create') ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      New request
    </Button>
  ) : null;

  return (
    <ListPage
      width="max-w-7xl"
      title="Data requests"
      description="Data you asked your suppliers for: who has answered, what is late, and what waits for your review."
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to="/app/requests/calendar">
              <CalendarDays aria-hidden="true" />
              Calendar
            </Link>
          </Button>
          {newRequest}
        </>
      }
      intro={
        <div className="flex flex-col gap-6">
          <OverviewFigures
            overview={overview.data?.dataRequestOverview}
            fetching={overview.fetching}
            error={overview.error}
            onRetry={refreshOverview}
          />
          <SupplierStatsCard overview={overview.data?.dataRequestOverview} />
          <h2 className="text-lg font-semibold">Requests</h2>
        </div>
      }
      filters={
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
          <div className="flex flex-col gap-2 sm:w-72">
            <span aria-hidden="true" className="hidden text-sm font-medium leading-none sm:block">
              &nbsp;
            </span>
            <SearchInput
              id="requests-search"
              label="Search requests"
              placeholder="Search by title or supplier"
              value={search}
              onChange={(value) => list.setFilters({ search: value })}
            />
          </div>
          <div className="flex flex-col gap-2 sm:w-52">
            <Label htmlFor="requests-status">Status</Label>
            <Select id="requests-status" value={status} onChange={(e) => list.setFilters({ status: e.target.value })}>
              <option value="">All statuses</option>
              {REQUEST_FILTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {REQUEST_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <PeriodFilter value={period} onApply={(value) => list.setFilters({ period: value })} />
        </div>
      }
      notices={
        <>
          {created ? (
            <Alert variant="success">
              Request “{created.title}” sent. The supplier has been emailed.{' '}
              <Link to={`/app/requests/${created.id}`} className="font-semibold underline underline-offset-4">
                Open it
              </Link>
            </Alert>
          ) : null}
          <span className="sr-only" aria-live="polite">
            {events ? 'Requests updated.' : ''}
          </span>
        </>
      }
      list={{ ...list, sort: list.sort ?? BY_DEADLINE_COLUMN }}
      connection={result.data?.calendarTasks}
      fetching={result.fetching}
      error={result.error}
      onRetry={refresh}
      caption="Data requests"
      columns={columns}
      getRowId={(t) => t.id}
      empty={
        <EmptyState
          icon={Inbox}
          title={filtered ? 'No requests match' : 'No data requests yet'}
          description={
            filtered
              ? 'Try another status, period or search.'
              : 'Ask a supplier for data by hand, or upload a file that names your suppliers and send them requests from its supplier review.'
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={list.resetFilters}>
                Clear filters
              </Button>
            ) : (
              newRequest
            )
          }
        />
      }
    >
      <NewRequestDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(request) => {
          setCreated(request);
          refresh();
          refreshOverview();
        }}
      />
    </ListPage>
  );
};
