import { FileClock } from 'lucide-react';
import { useState } from 'react';
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
import { Input } from '../../ui/input.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { ChainStatus } from './chain-status.tsx';
import { type AuditLog, type AuditLogSortField, AuditLogsQuery } from './graphql.ts';
import { auditStatusVariant } from './status.ts';
import { UserSelect } from './user-select.tsx';

const STATUSES = ['success', 'failure', 'denied'];

/** The list's URL: `?user=&action=&resource=&status=&from=&to=&sort=&dir=&page=&size=`. */
const LIST = {
  sortFields: { time: 'createdAt', user: 'email', action: 'action', resource: 'resource', status: 'status' },
  filters: { user: param.id, action: param.text(), resource: param.text(), status: param.oneOf(STATUSES), from: param.day, to: param.day },
  normalize: dropReversedRange,
} satisfies ListConfig<'user' | 'action' | 'resource' | 'status' | 'from' | 'to', AuditLogSortField>;

/** The organisation's audit trail: integrity first, then every recorded change, filterable, with a before/after view. */
export const AuditLogPage = () => {
  const { formatDateTime, timeZone } = useDateFormat();
  usePageMeta({ title: 'Audit log', description: 'Every change made in your organisation, tamper-evident.' });
  const { can } = useViewer();
  const list = useListParams(LIST);
  const form = useFilterForm(list, (f) => rangeError(f.from, f.to));
  const { user, action, resource, status, from, to } = list.filters;
  const [open, setOpen] = useState<AuditLog | null>(null);
  const [result, refetch] = useQuery({
    query: AuditLogsQuery,
    variables: {
      filter: compactFilter({ userId: user, action, resource, status, from: startOfDayIn(from, timeZone), to: endOfDayIn(to, timeZone) }),
      pagination: list.pagination,
      sort: list.sortInput,
    },
  });

  const columns: Column<AuditLog>[] = [
    { id: 'time', header: 'Time', sortable: true, cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.createdAt)}</span> },
    { id: 'user', header: 'User', sortable: true, cell: (l) => <span className="[overflow-wrap:anywhere]">{l.email ?? 'System'}</span> },
    { id: 'action', header: 'Action', sortable: true, cell: (l) => <span className="font-mono text-xs">{l.action}</span> },
    { id: 'resource', header: 'Resource', sortable: true, className: 'hidden lg:table-cell', cell: (l) => humanize(l.resource) },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (l) => <StatusBadge variant={auditStatusVariant(l.status)}>{humanize(l.status)}</StatusBadge>,
    },
    { id: 'description', header: 'Description', cell: (l) => <span className="line-clamp-2">{l.description}</span> },
  ];

  return (
    <ListPage
      width="max-w-7xl"
      title="Audit log"
      description="Every change, successful or refused, in the order it happened. Open an entry to see what changed."
      intro={<ChainStatus />}
      filters={
        <FilterBar label="Filter the audit log" onApply={form.apply} onReset={form.reset} error={form.error} errorId="audit-range-error">
          <FormField id="audit-user" label="User" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <UserSelect
              id="audit-user"
              value={form.form.user}
              onChange={(value) => form.setValue('user', value)}
              enabled={can('users:read')}
            />
          </FormField>
          <FormField id="audit-action" label="Action">
            <Input id="audit-action" value={form.form.action} onChange={form.bind('action')} placeholder="e.g. createOrganizationUser" />
          </FormField>
          <FormField id="audit-resource" label="Resource">
            <Input id="audit-resource" value={form.form.resource} onChange={form.bind('resource')} placeholder="e.g. organizationUser" />
          </FormField>
          <FormField id="audit-status" label="Status" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
            <Select id="audit-status" value={form.form.status} onChange={form.bind('status')}>
              <option value="">Any status</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </Select>
          </FormField>
          <DateRangeFields
            idPrefix="audit"
            from={form.form.from}
            to={form.form.to}
            onFromChange={form.bind('from')}
            onToChange={form.bind('to')}
            error={form.error}
            errorId="audit-range-error"
          />
        </FilterBar>
      }
      list={list}
      connection={result.data?.auditLogs}
      fetching={result.fetching}
      error={result.error}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      caption="Audit log entries"
      columns={columns}
      getRowId={(l) => l.id}
      onRowActivate={setOpen}
      rowLabel={(l) => `${formatDateTime(l.createdAt)}, ${l.email ?? 'System'}: ${l.description}`}
      empty={
        <EmptyState
          icon={FileClock}
          title={list.hasFilters ? 'No entries match these filters' : 'No entries yet'}
          description={
            list.hasFilters
              ? 'Widen the date range or reset the filters.'
              : 'Changes made in your organisation appear here as they happen. Sign-ins are recorded in the sign-in log.'
          }
          action={
            list.hasFilters ? (
              <Button variant="outline" onClick={form.reset}>
                Reset filters
              </Button>
            ) : undefined
          }
        />
      }
    >
      <AuditEntryDialog entry={open} onOpenChange={(next) => !next && setOpen(null)} />
    </ListPage>
  );
};
