import { CircleAlert, PartyPopper, Rows3, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { humanize } from '../../lib/format.ts';
import { type Filters, type ListConfig, param, useFilterForm, useListParams } from '../../lib/list-params.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { ListTable } from '../../ui/list-page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { type ValidationIssue, ValidationIssuesQuery } from './graphql.ts';
import { RowDialog } from './row-dialog.tsx';

/** The issue list's URL: `?type=&field=&code=&page=&size=`; the server orders by row, then field. */
export const ISSUE_LIST = {
  sortFields: {},
  filters: { type: param.oneOf(['error', 'warning']), field: param.text(100), code: param.text(100) },
} satisfies ListConfig<'type' | 'field' | 'code', never>;

type Located = ValidationIssue & { rowNumber: number };

/** The query's filter from the URL's: only the values in use, or null. */
export const issueFilter = ({ type, field, code }: Filters<'type' | 'field' | 'code'>) => {
  const filter: { type?: 'error' | 'warning'; field?: string; code?: string } = {
    ...(type === 'error' || type === 'warning' ? { type: type as 'error' | 'warning' } : {}),
    ...(field ? { field } : {}),
    ...(code ? { code } : {}),
  };
  return Object.keys(filter).length > 0 ? filter : null;
};

/**
 * The issues of the file's validation, a page at a time from the server, filtered by type, field and
 * code (kept in the URL). "Open row" shows the row as it was read.
 */
export const IssuesTable = ({
  fileId,
  fileName,
  labels,
  codes,
  headerRowNumber,
  revision,
}: {
  fileId: string;
  fileName: string;
  /** Field key → label, in catalogue order. */
  labels: ReadonlyMap<string, string>;
  /** Issue codes to offer in the filter. */
  codes: readonly string[];
  headerRowNumber: number | null | undefined;
  /** Changes when a new validation finished, so the list is read again. */
  revision: string;
}) => {
  const list = useListParams(ISSUE_LIST);
  const form = useFilterForm(list);
  const { field, code } = list.filters;
  const [result, refetch] = useQuery({
    query: ValidationIssuesQuery,
    variables: {
      fileId,
      filter: issueFilter(list.filters),
      pagination: list.pagination,
    },
    requestPolicy: 'cache-and-network',
  });
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    refetch({ requestPolicy: 'network-only' });
  }, [revision, refetch]);
  const [opened, setOpened] = useState<Located | null>(null);
  const codeChoices = [...new Set([...codes, ...(code ? [code] : [])])].sort();
  const fieldChoices = [...labels, ...(field && !labels.has(field) ? [[field, humanize(field)] as const] : [])];

  const columns: Column<ValidationIssue>[] = [
    {
      id: 'row',
      header: 'Row',
      className: 'w-24 whitespace-nowrap tabular-nums',
      card: 'title',
      cell: (i) => (i.rowNumber === null || i.rowNumber === undefined ? 'Whole file' : `Row ${i.rowNumber}`),
    },
    {
      id: 'type',
      header: 'Type',
      cell: (i) =>
        i.type === 'error' ? (
          <StatusBadge variant="destructive" className="gap-1">
            <CircleAlert className="size-3.5" aria-hidden="true" />
            Error
          </StatusBadge>
        ) : (
          <StatusBadge variant="outline" className="gap-1 border-amber-500/60">
            <TriangleAlert className="size-3.5" aria-hidden="true" />
            Warning
          </StatusBadge>
        ),
    },
    { id: 'field', header: 'Field', cell: (i) => (i.field ? (labels.get(i.field) ?? humanize(i.field)) : '—') },
    {
      id: 'value',
      header: 'Value',
      className: 'max-w-48',
      cell: (i) =>
        i.value === null || i.value === undefined || i.value === '' ? (
          <span className="text-muted-foreground">{i.field ? 'Empty' : '—'}</span>
        ) : (
          <span className="break-words font-mono text-xs">{i.value}</span>
        ),
    },
    { id: 'message', header: 'Problem', className: 'min-w-48', cell: (i) => i.message },
    {
      id: 'open',
      header: 'Open the row',
      hideHeader: true,
      cell: (i) =>
        i.rowNumber === null || i.rowNumber === undefined ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Open row ${i.rowNumber}`}
            onClick={() => setOpened({ ...i, rowNumber: i.rowNumber as number })}
          >
            <Rows3 aria-hidden="true" />
            Open row
          </Button>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <FilterBar label="Filter the issues" onApply={form.apply} onReset={form.reset} errorId="issue-filter-error">
        <FormField id="issue-type" label="Type" className="flex min-w-0 flex-col gap-2 lg:col-span-1">
          <Select id="issue-type" value={form.form.type} onChange={form.bind('type')}>
            <option value="">Any type</option>
            <option value="error">Errors</option>
            <option value="warning">Warnings</option>
          </Select>
        </FormField>
        <FormField id="issue-field" label="Field" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
          <Select id="issue-field" value={form.form.field} onChange={form.bind('field')}>
            <option value="">Any field</option>
            {fieldChoices.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="issue-code" label="Kind of problem" className="flex min-w-0 flex-col gap-2 lg:col-span-1">
          <Select id="issue-code" value={form.form.code} onChange={form.bind('code')}>
            <option value="">Any kind</option>
            {codeChoices.map((c) => (
              <option key={c} value={c}>
                {humanize(c)}
              </option>
            ))}
          </Select>
        </FormField>
      </FilterBar>
      <ListTable
        list={list}
        connection={result.data?.validationIssues}
        fetching={result.fetching}
        error={result.error}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
        caption={`Issues found in ${fileName}`}
        columns={columns}
        getRowId={(i) => `${i.rowNumber ?? 'file'}-${i.field ?? ''}-${i.code}-${i.message}`}
        empty={
          list.hasFilters ? (
            <EmptyState
              title="No issue matches these filters"
              action={
                <Button variant="outline" onClick={form.reset}>
                  Show all issues
                </Button>
              }
            />
          ) : (
            <EmptyState icon={PartyPopper} title="No issues" description="Every row passed the checks." />
          )
        }
      />
      <RowDialog
        fileId={fileId}
        fileName={fileName}
        issue={opened}
        fieldLabel={opened?.field ? (labels.get(opened.field) ?? humanize(opened.field)) : null}
        headerRowNumber={headerRowNumber}
        onClose={() => setOpened(null)}
      />
    </div>
  );
};
