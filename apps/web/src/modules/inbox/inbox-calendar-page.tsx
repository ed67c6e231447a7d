import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { Inbox } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { param } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { type DeadlineItem, DeadlineCalendar, calendarRange, isMonthKey, monthKeyOf } from '../../ui/deadline-calendar.tsx';
import { Label } from '../../ui/label.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CalendarTasksUpdatedSubscription, InboxCustomersQuery, type InboxTask, InboxTasksQuery } from './graphql.ts';
import { CALENDAR_TONE, readCalendarView } from './inbox-logic.ts';
import { useServerNow } from './use-now.ts';

/** The most the API answers in one page; a month with more says so. */
const PAGE_SIZE = 100;

const countEvents = (previous: number | undefined) => (previous ?? 0) + 1;

const toItem = (t: InboxTask): DeadlineItem => ({
  id: t.id,
  date: new Date(t.deadline),
  title: t.title,
  subtitle: [
    t.customerOrganization.name,
    t.requiredUploadPurpose ? FILE_CATEGORY_LABELS[t.requiredUploadPurpose] : null,
    t.requiredUploadSecondaryPurpose,
  ]
    .filter(Boolean)
    .join(' · '),
  statusLabel: t.statusLabel,
  tone: CALENDAR_TONE[t.displayStatus],
  href: `/app/inbox/${t.id}`,
});

/**
 * The deadlines of every request sent to the supplier, by month or as a list, from every customer (or one).
 * Month, view and customer are kept in the address; live through `calendarTasksUpdated`.
 */
export const InboxCalendarPage = () => {
  usePageMeta({ title: 'Request calendar', description: 'The deadlines of your customers’ data requests.' });
  const { timeZone } = useDateFormat();
  const now = useServerNow();
  const [params, setParams] = useSearchParams();
  const rawMonth = params.get('month') ?? '';
  const month = isMonthKey(rawMonth) ? rawMonth : monthKeyOf(new Date(), timeZone);
  const view = readCalendarView(params.get('view'));
  const customer = param.id(params.get('customer') ?? '') ?? '';
  const range = useMemo(() => calendarRange(month, timeZone), [month, timeZone]);
  const [result, refetch] = useQuery({
    query: InboxTasksQuery,
    variables: {
      filter: {
        side: 'supplier',
        deadlineFrom: range.from.toISOString(),
        deadlineTo: range.to.toISOString(),
        ...(customer ? { customerOrganizationId: customer } : {}),
      },
      pagination: { page: 1, pageSize: PAGE_SIZE },
      sort: { field: 'deadline', direction: 'ASC' },
    },
  });
  const [customers] = useQuery({ query: InboxCustomersQuery });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const [{ data: events }] = useSubscription({ query: CalendarTasksUpdatedSubscription }, countEvents);
  useEffect(() => {
    if (events) refetch({ requestPolicy: 'network-only' });
  }, [events, refetch]);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { preventScrollReset: true });
  };
  const page = result.data?.calendarTasks;
  const items = useMemo(() => (page?.data ?? []).map(toItem), [page]);
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const r of customers.data?.organizationRelationships.data ?? []) byId.set(r.customerOrganization.id, r.customerOrganization.name);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [customers.data]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Request calendar"
        description="When your customers expect your data. Open a request to answer it."
        actions={
          <Button asChild variant="outline">
            <Link to="/app/inbox">
              <Inbox aria-hidden="true" />
              Inbox
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-2 sm:w-72">
        <Label htmlFor="calendar-customer">Customer</Label>
        <Select id="calendar-customer" value={customer} onChange={(e) => set('customer', e.target.value)}>
          <option value="">All customers</option>
          {options.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      {page && page.pageInfo.totalCount > page.data.length ? (
        <Alert>
          {page.pageInfo.totalCount} requests are due around this month; the first {page.data.length} by deadline are shown. Pick a customer
          or use the inbox to see the others.
        </Alert>
      ) : null}
      {result.error && !page ? (
        <QueryError title="The deadlines could not be loaded" error={result.error} onRetry={refresh} />
      ) : !page ? (
        <Card className="flex flex-col gap-3 p-6" aria-busy="true">
          <span role="status" className="sr-only">
            Loading the deadlines
          </span>
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-72 w-full" />
        </Card>
      ) : (
        <DeadlineCalendar
          label="Request deadlines"
          now={now}
          items={items}
          month={month}
          onMonthChange={(next) => set('month', next)}
          view={view}
          onViewChange={(next) => set('view', next === 'month' ? '' : next)}
          emptyText={customer ? 'No request of this customer is due' : 'No request is due'}
          className={result.fetching ? 'opacity-70 transition-opacity' : undefined}
        />
      )}
    </div>
  );
};
