import { LogIn, UserRound } from 'lucide-react';
import { useQuery } from 'urql';
import { dropReversedRange, endOfDayIn, rangeError, startOfDayIn } from '../../lib/date-range.ts';
import { humanize, useDateFormat } from '../../lib/format.ts';
import { compactFilter, type ListConfig, param, useFilterForm, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { DateRangeFields, FilterBar } from '../../ui/filter-bar.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { type LoginLog, type LoginLogSortField, LoginLogsQuery } from './graphql.ts';
import { UserSelect } from './user-select.tsx';

const STATUS_LABELS: Record<string, string> = { success: 'Signed in', mfa_required: 'Second factor asked', failure: 'Failed' };
const METHOD_LABELS: Record<string, string> = {
  password: 'Password',
  Email: 'Email code',
  Authenticator: 'Authenticator app',
  refresh: 'Session refresh',
};

/** The list's URL: `?user=&status=&method=&from=&to=&sort=&dir=&page=&size=`. */
const LIST = {
  sortFields: { time: 'createdAt', user: 'email', method: 'method', status: 'status', device: 'device', ip: 'ipAddress' },
  filters: {
    user: param.id,
    status: param.oneOf(Object.keys(STATUS_LABELS)),
    method: param.oneOf(Object.keys(METHOD_LABELS)),
    from: param.day,
    to: param.day,
  },
  normalize: dropReversedRange,
} satisfies ListConfig<'user' | 'status' | 'method' | 'from' | 'to', LoginLogSortField>;

const statusVariant = (status: string) => (status === 'success' ? 'success' : status === 'failure' ? 'destructive' : 'secondary');

/** Every sign-in attempt of the organisation's users: who, how, from where, and why it failed. */
export const SignInLogPage = () => {
  const { formatDateTime, timeZone } = useDateFormat();
  usePageMeta({ title: 'Sign-in log', description: 'Sign-in attempts of your organisation’s users.' });
  const { can, viewer } = useViewer();
  const list = useListParams(LIST);
  const form = useFilterForm(list, (f) => rangeError(f.from, f.to));
  const { user, status, method, from, to } = list.filters;
  const [result, refetch] = useQuery({
    query: LoginLogsQuery,
    variables: {
      filter: compactFilter({ userId: user, status, method, from: startOfDayIn(from, timeZone), to: endOfDayIn(to, timeZone) }),
      pagination: list.pagination,
      sort: list.sortInput,
    },
  });

  const columns: Column<LoginLog>[] = [
    { id: 'time', header: 'Time', sortable: true, cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.createdAt)}</span> },
    { id: 'user', header: 'User', sortable: true, cell: (l) => <span className="[overflow-wrap:anywhere]">{l.email ?? 'Unknown'}</span> },
    { id: 'method', header: 'Method', sortable: true, cell: (l) => METHOD_LABELS[l.method] ?? l.method },
    {
      id: 'status',
      header: 'Result',
      sortable: true,
      cell: (l) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge variant={statusVariant(l.status)}>{STATUS_LABELS[l.status] ?? humanize(l.status)}</StatusBadge>
          {l.failureReason ? <span className="text-xs text-muted-foreground">{humanize(l.failureReason)}</span> : null}
        </div>
      ),
    },
    {
      id: 'device',
      header: 'Device',
      sortable: true,
      className: 'hidden lg:table-cell',
      cell: (l) => [l.browser, l.os].filter(Boolean).join(' on ') || '—',
    },
    {
      id: 'ip',
      header: 'IP address',
      sortable: true,
      className: 'hidden lg:table-cell',
      cell: (l) => <span className="font-mono text-xs">{l.ipAddress ?? '—'}</span>,
    },
  ];

  return (
    <ListPage
      width="max-w-7xl"
      title="Sign-in log"
      description="Sign-in attempts, successful or not, newest first."
      actions={
        viewer && user !== viewer.userId ? (
          <Button variant="outline" onClick={() => list.setFilters({ user: viewer.userId })}>
            <UserRound aria-hidden="true" />
            My sign-ins
          </Button>
        ) : null
      }
      filters={
        <FilterBar label="Filter the sign-in log" onApply={form.apply} onReset={form.reset} error={form.error} errorId="login-range-error">
          <FormField id="login-user" label="User" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <UserSelect
              id="login-user"
              value={form.form.user}
              onChange={(value) => form.setValue('user', value)}
              enabled={can('users:read')}
            />
          </FormField>
          <FormField id="login-status" label="Result" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="login-status" value={form.form.status} onChange={form.bind('status')}>
              <option value="">Any result</option>
              {Object.entries(STATUS_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="login-method" label="Method" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="login-method" value={form.form.method} onChange={form.bind('method')}>
              <option value="">Any method</option>
              {Object.entries(METHOD_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          </FormField>
          <DateRangeFields
            idPrefix="login"
            from={form.form.from}
            to={form.form.to}
            onFromChange={form.bind('from')}
            onToChange={form.bind('to')}
            error={form.error}
            errorId="login-range-error"
          />
        </FilterBar>
      }
      list={list}
      connection={result.data?.loginLogs}
      fetching={result.fetching}
      error={result.error}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      caption="Sign-in attempts"
      columns={columns}
      getRowId={(l) => l.id}
      empty={
        <EmptyState
          icon={LogIn}
          title={list.hasFilters ? 'No sign-ins match these filters' : 'No sign-ins yet'}
          description={list.hasFilters ? 'Widen the date range or reset the filters.' : 'Each sign-in attempt of your users appears here.'}
          action={
            list.hasFilters ? (
              <Button variant="outline" onClick={form.reset}>
                Reset filters
              </Button>
            ) : undefined
          }
        />
      }
    />
  );
};
