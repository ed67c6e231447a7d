import { Filter, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { type Column, DataTable, type SortState } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { humanize, useDateFormat } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import { compactFilter, endOfDay, startOfDay } from './filters.ts';
import { useLogFilters } from './use-log-filters.ts';
import { type LoginLog, type LoginLogFilter, LoginLogsQuery } from './graphql.ts';
import { UserSelect } from './user-select.tsx';
import { toSortInput } from '../../lib/sort.ts';
import type { LoginLogSortField } from './graphql.ts';

/** Table column id → the list's server-side sort field. */
const SORT_FIELDS: Record<string, LoginLogSortField> = {
  time: 'createdAt',
  user: 'email',
  method: 'method',
  status: 'status',
  device: 'device',
  ip: 'ipAddress',
};

const PAGE_SIZE = 25;
const STATUS_LABELS: Record<string, string> = { success: 'Signed in', mfa_required: 'Second factor asked', failure: 'Failed' };
const METHOD_LABELS: Record<string, string> = {
  password: 'Password',
  Email: 'Email code',
  Authenticator: 'Authenticator app',
  refresh: 'Session refresh',
};
type Form = { userId: string; status: string; method: string; from: string; to: string };
const EMPTY: Form = { userId: '', status: '', method: '', from: '', to: '' };

export const toLoginFilter = (form: Form): LoginLogFilter | null =>
  compactFilter({ userId: form.userId, status: form.status, method: form.method, from: startOfDay(form.from), to: endOfDay(form.to) });

const statusVariant = (status: string) => (status === 'success' ? 'success' : status === 'failure' ? 'destructive' : 'secondary');

/** Every sign-in attempt of the organisation's users: who, how, from where, and why it failed. */
export const SignInLogPage = () => {
  const { formatDateTime } = useDateFormat();
  usePageMeta({ title: 'Sign-in log', description: 'Sign-in attempts of your organisation’s users.' });
  const { can } = useViewer();
  const { form, set, setUserId, filter, formError, page, setPage, apply, reset } = useLogFilters(EMPTY, toLoginFilter);
  const [sort, setSort] = useState<SortState>(null);
  const [result, refetch] = useQuery({
    query: LoginLogsQuery,
    variables: { filter, pagination: { page, pageSize: PAGE_SIZE }, sort: toSortInput(sort, SORT_FIELDS) },
  });
  const logs = result.data?.loginLogs.data ?? [];
  const pageInfo = result.data?.loginLogs.pageInfo;

  const columns: Column<LoginLog>[] = [
    {
      id: 'time',
      header: 'Time',
      sortable: true,
      cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.createdAt)}</span>,
    },
    {
      id: 'user',
      header: 'User',
      sortable: true,
      cell: (l) => <span className="[overflow-wrap:anywhere]">{l.email ?? 'Unknown'}</span>,
    },
    {
      id: 'method',
      header: 'Method',
      sortable: true,
      className: 'hidden md:table-cell',
      cell: (l) => METHOD_LABELS[l.method] ?? l.method,
    },
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
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title="Sign-in log" description="Sign-in attempts, successful or not, newest first." />
      <form
        onSubmit={apply}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4"
        aria-label="Filter the sign-in log"
        noValidate
      >
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-6">
          <FormField id="login-user" label="User" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <UserSelect id="login-user" value={form.userId} onChange={setUserId} enabled={can('users:read')} />
          </FormField>
          <FormField id="login-status" label="Result" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="login-status" value={form.status} onChange={set('status')}>
              <option value="">Any result</option>
              {Object.entries(STATUS_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="login-method" label="Method" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="login-method" value={form.method} onChange={set('method')}>
              <option value="">Any method</option>
              {Object.entries(METHOD_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="login-from" label="From" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Input id="login-from" type="date" value={form.from} onChange={set('from')} />
          </FormField>
          <FormField id="login-to" label="To" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Input
              id="login-to"
              type="date"
              value={form.to}
              onChange={set('to')}
              aria-invalid={Boolean(formError) || undefined}
              aria-describedby={formError ? 'login-range-error' : undefined}
            />
          </FormField>
          <div className="flex items-end gap-2 md:col-span-2 lg:col-span-2">
            <Button type="submit">
              <Filter aria-hidden="true" />
              Apply filters
            </Button>
            <Button variant="outline" onClick={reset}>
              Reset
            </Button>
          </div>
        </div>
        {formError ? (
          <p id="login-range-error" role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
      </form>
      <DataTable
        caption="Sign-in attempts"
        columns={columns}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        rows={logs}
        getRowId={(l) => l.id}
        loading={result.fetching && !result.data}
        error={
          result.error && !result.data ? (
            <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
          ) : null
        }
        empty={
          <EmptyState
            icon={LogIn}
            title={filter ? 'No sign-ins match these filters' : 'No sign-ins yet'}
            description={filter ? 'Widen the date range or reset the filters.' : 'Each sign-in attempt of your users appears here.'}
            action={
              filter ? (
                <Button variant="outline" onClick={reset}>
                  Reset filters
                </Button>
              ) : undefined
            }
          />
        }
        pagination={
          pageInfo
            ? {
                page: pageInfo.currentPage,
                totalPages: pageInfo.totalPages,
                totalCount: pageInfo.totalCount,
                pageSize: PAGE_SIZE,
                onPageChange: setPage,
              }
            : undefined
        }
      />
    </div>
  );
};
