import { FileClock, Filter } from 'lucide-react';
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
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { ChainStatus } from './chain-status.tsx';
import { compactFilter, endOfDay, startOfDay } from './filters.ts';
import { useLogFilters } from './use-log-filters.ts';
import { type AuditLog, type AuditLogFilter, AuditLogsQuery } from './graphql.ts';
import { auditStatusVariant } from './status.ts';
import { UserSelect } from './user-select.tsx';
import { toSortInput } from '../../lib/sort.ts';
import type { AuditLogSortField } from './graphql.ts';

/** Table column id → the list's server-side sort field. */
const SORT_FIELDS: Record<string, AuditLogSortField> = {
  time: 'createdAt',
  user: 'email',
  action: 'action',
  resource: 'resource',
  status: 'status',
};

const PAGE_SIZE = 25;
const STATUSES = ['success', 'failure', 'denied'];
type Form = { userId: string; action: string; resource: string; status: string; from: string; to: string };
const EMPTY: Form = { userId: '', action: '', resource: '', status: '', from: '', to: '' };

export const toAuditFilter = (form: Form): AuditLogFilter | null =>
  compactFilter({
    userId: form.userId,
    action: form.action.trim(),
    resource: form.resource.trim(),
    status: form.status,
    from: startOfDay(form.from),
    to: endOfDay(form.to),
  });

/** The organisation's audit trail: integrity first, then every recorded change, filterable, with a before/after view. */
export const AuditLogPage = () => {
  const { formatDateTime } = useDateFormat();
  usePageMeta({ title: 'Audit log', description: 'Every change made in your organisation, tamper-evident.' });
  const { can } = useViewer();
  const { form, set, setUserId, filter, formError, page, setPage, apply, reset } = useLogFilters(EMPTY, toAuditFilter);
  const [sort, setSort] = useState<SortState>(null);
  const [open, setOpen] = useState<AuditLog | null>(null);
  const [result, refetch] = useQuery({
    query: AuditLogsQuery,
    variables: { filter, pagination: { page, pageSize: PAGE_SIZE }, sort: toSortInput(sort, SORT_FIELDS) },
  });
  const logs = result.data?.auditLogs.data ?? [];
  const pageInfo = result.data?.auditLogs.pageInfo;

  const columns: Column<AuditLog>[] = [
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
      cell: (l) => <span className="[overflow-wrap:anywhere]">{l.email ?? 'System'}</span>,
    },
    {
      id: 'action',
      header: 'Action',
      sortable: true,
      className: 'hidden md:table-cell',
      cell: (l) => <span className="font-mono text-xs">{l.action}</span>,
    },
    {
      id: 'resource',
      header: 'Resource',
      sortable: true,
      className: 'hidden lg:table-cell',
      cell: (l) => humanize(l.resource),
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (l) => <StatusBadge variant={auditStatusVariant(l.status)}>{humanize(l.status)}</StatusBadge>,
    },
    {
      id: 'description',
      header: 'Description',
      className: 'hidden md:table-cell',
      cell: (l) => <span className="line-clamp-2">{l.description}</span>,
    },
  ];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Audit log"
        description="Every change, successful or refused, in the order it happened. Open an entry to see what changed."
      />
      <ChainStatus />
      <form
        onSubmit={apply}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4"
        aria-label="Filter the audit log"
        noValidate
      >
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-6">
          <FormField id="audit-user" label="User" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <UserSelect id="audit-user" value={form.userId} onChange={setUserId} enabled={can('users:read')} />
          </FormField>
          <FormField id="audit-action" label="Action">
            <Input id="audit-action" value={form.action} onChange={set('action')} placeholder="e.g. createOrganizationUser" />
          </FormField>
          <FormField id="audit-resource" label="Resource">
            <Input id="audit-resource" value={form.resource} onChange={set('resource')} placeholder="e.g. organizationUser" />
          </FormField>
          <FormField id="audit-status" label="Status" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="audit-status" value={form.status} onChange={set('status')}>
              <option value="">Any status</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="audit-from" label="From" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Input
              id="audit-from"
              type="date"
              value={form.from}
              onChange={set('from')}
              aria-describedby={formError ? 'audit-range-error' : undefined}
            />
          </FormField>
          <FormField id="audit-to" label="To" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Input
              id="audit-to"
              type="date"
              value={form.to}
              onChange={set('to')}
              aria-invalid={Boolean(formError) || undefined}
              aria-describedby={formError ? 'audit-range-error' : undefined}
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
          <p id="audit-range-error" role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
      </form>
      <DataTable
        caption="Audit log entries"
        columns={columns}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        rows={logs}
        getRowId={(l) => l.id}
        onRowActivate={setOpen}
        rowLabel={(l) => `${formatDateTime(l.createdAt)}, ${l.email ?? 'System'}: ${l.description}`}
        loading={result.fetching && !result.data}
        error={
          result.error && !result.data ? (
            <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
          ) : null
        }
        empty={
          <EmptyState
            icon={FileClock}
            title={filter ? 'No entries match these filters' : 'No entries yet'}
            description={
              filter ? 'Widen the date range or reset the filters.' : 'Changes made in your organisation appear here as they happen.'
            }
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
      <AuditEntryDialog entry={open} onOpenChange={(next) => !next && setOpen(null)} />
    </div>
  );
};
