import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { CalendarDays, Inbox } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { personName, useDateFormat } from '../../lib/format.ts';
import { useFilterForm, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { CalendarTasksUpdatedSubscription, InboxCountsQuery, InboxCustomersQuery, type InboxTask, InboxTasksQuery } from './graphql.ts';
import { InboxCountsBar } from './inbox-counts.tsx';
import { DeadlineCell } from './deadline-cell.tsx';
import { INBOX_LIST, INBOX_STATUS_LABELS, INBOX_STATUSES, inboxFilterRefusal, STATUS_VARIANT, toInboxFilter } from './inbox-logic.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useServerNow } from './use-now.ts';

/** Counts the live events, so each one asks the list again. */
const countEvents = (previous: number | undefined) => (previous ?? 0) + 1;

/** The distinct customers of the supplier's relationships, by name. */
const customerOptions = (
  data: { organizationRelationships: { data: { customerOrganization: { id: string; name: string } }[] } } | undefined,
) => {
  const byId = new Map<string, string>();
  for (const r of data?.organizationRelationships.data ?? []) byId.set(r.customerOrganization.id, r.customerOrganization.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};

/**
 * The supplier's inbox: every data request its customers sent it, in one list, with what is due and what is
 * late. Filters (status, overdue included; customer; period; search) live in the address. Kept live by
 * `calendarTasksUpdated`: a new request or a customer's review shows without reloading.
 */
export const InboxPage = () => {
  usePageMeta({ title: 'Requests inbox', description: 'Data requests from your customers, with their deadlines.' });
  const { formatDate } = useDateFormat();
  const now = useServerNow();
  const list = useListParams(INBOX_LIST);
  const form = useFilterForm(list, inboxFilterRefusal);
  const [result, refetch] = useQuery({
    query: InboxTasksQuery,
    variables: { pagination: list.pagination, filter: toInboxFilter(list.filters), sort: list.sortInput },
  });
  const [counts, refetchCounts] = useQuery({ query: InboxCountsQuery });
  const [customers] = useQuery({ query: InboxCustomersQuery });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);

  const [{ data: events }] = useSubscription({ query: CalendarTasksUpdatedSubscription }, countEvents);
  useEffect(() => {
    if (!events) return;
    refetch({ requestPolicy: 'network-only' });
    refetchCounts({ requestPolicy: 'network-only' });
  }, [events, refetch, refetchCounts]);

  const options = customerOptions(customers.data);
  const columns: Column<InboxTask>[] = [
    {
      id: 'title',
      header: 'Request',
      sortable: true,
      card: 'title',
      cell: (t) => (
        <div className="flex min-w-0 flex-col">
          <Link
            to={`/app/inbox/${t.id}`}
            className="font-medium text-foreground underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t.title}
          </Link>
          {t.subTitle ? <span className="line-clamp-1 text-xs text-muted-foreground">{t.subTitle}</span> : null}
        </div>
      ),
    },
    { id: 'customer', header: 'Customer', cell: (t) => <span className="[overflow-wrap:anywhere]">{t.customerOrganization.name}</span> },
    {
      id: 'category',
      header: 'Data asked for',
      className: 'hidden lg:table-cell',
      cell: (t) => (t.requiredUploadPurpose ? FILE_CATEGORY_LABELS[t.requiredUploadPurpose] : '—'),
    },
    { id: 'period', header: 'Period', cell: (t) => <span className="whitespace-nowrap">{t.requiredUploadSecondaryPurpose ?? '—'}</span> },
    {
      id: 'deadline',
      header: 'Deadline',
      sortable: true,
      cell: (t) => <DeadlineCell task={t} formatDate={formatDate} now={now} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (t) => (
        <StatusBadge variant={STATUS_VARIANT[t.displayStatus]} className="whitespace-nowrap">
          {t.statusLabel}
        </StatusBadge>
      ),
    },
    {
      id: 'assignee',
      header: 'Assigned to',
      className: 'hidden md:table-cell',
      cell: (t) =>
        t.assignedUser ? (
          <span className="[overflow-wrap:anywhere]">{personName(t.assignedUser)}</span>
        ) : (
          <span className="text-muted-foreground">Nobody</span>
        ),
    },
  ];

  return (
    <ListPage
      width="max-w-7xl"
      title="Requests inbox"
      description="Every data request your customers sent you, with its deadline. Open one to download its template, upload your answer and submit it."
      actions={
        <Button asChild variant="outline">
          <Link to="/app/inbox/calendar">
            <CalendarDays aria-hidden="true" />
            Calendar
          </Link>
        </Button>
      }
      intro={<InboxCountsBar result={counts} onStatus={(status) => list.setFilters({ status })} />}
      filters={
        <FilterBar label="Filter the requests" onApply={form.apply} onReset={form.reset} error={form.error} errorId="inbox-filter-error">
          <FormField id="inbox-search" label="Search" className="flex min-w-0 flex-col gap-2">
            <Input
              id="inbox-search"
              type="search"
              value={form.form.search}
              onChange={form.bind('search')}
              placeholder="Title or customer"
            />
          </FormField>
          <FormField id="inbox-status" label="Status" className="flex min-w-0 flex-col gap-2">
            <Select id="inbox-status" value={form.form.status} onChange={form.bind('status')}>
              <option value="">All statuses</option>
              {INBOX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {INBOX_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="inbox-customer" label="Customer" className="flex min-w-0 flex-col gap-2">
            <Select id="inbox-customer" value={form.form.customer} onChange={form.bind('customer')}>
              <option value="">All customers</option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="inbox-period" label="Period" className="flex min-w-0 flex-col gap-2">
            <Input
              id="inbox-period"
              value={form.form.period}
              onChange={form.bind('period')}
              placeholder="2025 or 2025-Q3"
              aria-invalid={Boolean(form.error) || undefined}
              aria-describedby={form.error ? 'inbox-filter-error' : undefined}
            />
          </FormField>
        </FilterBar>
      }
      list={list}
      connection={result.data?.calendarTasks}
      fetching={result.fetching}
      error={result.error}
      onRetry={refresh}
      caption="Data requests from your customers"
      columns={columns}
      getRowId={(t) => t.id}
      empty={
        list.hasFilters ? (
          <EmptyState
            icon={Inbox}
            title="No requests match"
            description="Try another status, customer or period."
            action={
              <Button variant="outline" onClick={form.reset}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Inbox}
            title="No requests yet"
            description={
              <>
                When a customer asks you for data (fuel per vessel, voyages, port calls, purchases) for a period and by a deadline, the
                request arrives here. You download a template already filled with the rows they know, upload your answer, and submit it. You
                also get an email for each new request.
              </>
            }
          />
        )
      }
    />
  );
};
