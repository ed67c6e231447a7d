import { List } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import {
  calendarRange,
  DeadlineCalendar,
  type DeadlineCalendarView,
  type DeadlineListGrouping,
  isMonthKey,
  monthKeyOf,
  monthTitle,
} from '../../ui/deadline-calendar.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { RequestsQuery, RequestsUpdatedSubscription } from './graphql.ts';
import { toDeadlineItem } from './request-logic.ts';

/** At most this many deadlines are loaded for one month's grid (the API's largest page). */
const MONTH_LIMIT = 100;

const countEvents = (previous: number | undefined) => (previous ?? 0) + 1;

/**
 * The customer's request deadlines in a month grid or a list (by week or day). The month, the view and
 * the grouping are kept in the address (`?month=2026-03&view=list&group=day`); each item opens its request.
 */
export const RequestsCalendarPage = () => {
  usePageMeta({ title: 'Request calendar', description: 'Deadlines of the data requests you sent, by month.' });
  const { timeZone } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const rawMonth = params.get('month') ?? '';
  const month = isMonthKey(rawMonth) ? rawMonth : monthKeyOf(new Date(), timeZone);
  const view: DeadlineCalendarView = params.get('view') === 'list' ? 'list' : 'month';
  const grouping: DeadlineListGrouping = params.get('group') === 'day' ? 'day' : 'week';

  const setParam = useCallback(
    (key: string, value: string | null) => {
      const next = new URLSearchParams(params);
      if (value) next.set(key, value);
      else next.delete(key);
      setParams(next, { preventScrollReset: true });
    },
    [params, setParams],
  );

  const range = useMemo(() => calendarRange(month, timeZone), [month, timeZone]);
  const [result, refetch] = useQuery({
    query: RequestsQuery,
    variables: {
      filter: { side: 'customer', deadlineFrom: range.from.toISOString(), deadlineTo: range.to.toISOString() },
      pagination: { page: 1, pageSize: MONTH_LIMIT },
      sort: { field: 'deadline', direction: 'ASC' },
    },
  });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const [{ data: events }] = useSubscription({ query: RequestsUpdatedSubscription }, countEvents);
  useEffect(() => {
    if (events) refresh();
  }, [events, refresh]);

  // While another month loads, the grid stays (with the last month's items dimmed) so the keyboard focus stays in it.
  const lastPage = useRef(result.data?.calendarTasks);
  if (result.data?.calendarTasks) lastPage.current = result.data.calendarTasks;
  const page = result.data?.calendarTasks ?? lastPage.current;
  const items = useMemo(() => (page?.data ?? []).map(toDeadlineItem), [page]);
  const more = page ? page.pageInfo.totalCount - page.data.length : 0;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Request calendar"
        description="When your data requests are due. Open one to see its answer."
        actions={
          <Button variant="outline" asChild>
            <Link to="/app/requests">
              <List aria-hidden="true" />
              All requests
            </Link>
          </Button>
        }
      />
      {result.error && !page ? <QueryError error={result.error} onRetry={refresh} title="The deadlines could not be loaded" /> : null}
      {more > 0 && result.data ? (
        <Alert>
          {monthTitle(month)} has {page?.pageInfo.totalCount} deadlines; the first {MONTH_LIMIT} are shown.{' '}
          <Link to="/app/requests" className="font-medium text-primary underline-offset-4 hover:underline">
            See them all in the list
          </Link>
          .
        </Alert>
      ) : null}
      <div className="relative" aria-busy={result.fetching}>
        {result.fetching && !page ? (
          <>
            <span role="status" className="sr-only">
              Loading the deadlines
            </span>
            <Skeleton className="h-[32rem] w-full" />
          </>
        ) : (
          <DeadlineCalendar
            label="Request deadlines"
            items={result.data ? items : []}
            month={month}
            onMonthChange={(next) => setParam('month', next)}
            view={view}
            onViewChange={(next) => setParam('view', next === 'list' ? 'list' : null)}
            grouping={grouping}
            onGroupingChange={(next) => setParam('group', next === 'day' ? 'day' : null)}
            timeZone={timeZone}
            emptyText="No requests are due"
            className={result.fetching ? 'opacity-70 transition-opacity' : undefined}
          />
        )}
      </div>
    </div>
  );
};
