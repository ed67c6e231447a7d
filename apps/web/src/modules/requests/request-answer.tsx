import { Download, FileSpreadsheet, TableProperties } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { cn } from '../../lib/cn.ts';
import { mutationFailure } from '../../lib/errors.ts';
import { formatNumber, humanize } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import {
  type AnswerEntry,
  AnswerEntriesQuery,
  AnswerIssuesExportMutation,
  type AnswerFileValidation,
  AnswerValidationQuery,
  type RequestDetail,
} from './graphql.ts';

const ENTRY_PAGE_SIZE = 25;
/** The value columns the answer's table shows; the data entries screen has them all. */
const KEY_COLUMNS = 4;

type EntryValue = AnswerEntry['values'][number];

/** A value as text: the number with its unit, yes/no, the date, or the text. */
export const entryValueText = (v: EntryValue | undefined): string => {
  if (!v) return '—';
  if (v.numberValue !== null && v.numberValue !== undefined) return `${formatNumber(v.numberValue)}${v.unit ? ` ${v.unit}` : ''}`;
  if (v.booleanValue !== null && v.booleanValue !== undefined) return v.booleanValue ? 'Yes' : 'No';
  if (v.dateValue) return v.dateValue.slice(0, 10);
  return v.stringValue ?? '—';
};

/** The first fields the entries carry, in the order of the first entry, as the table's columns. */
export const keyFields = (entries: readonly AnswerEntry[], limit = KEY_COLUMNS) => {
  const seen = new Map<string, string>();
  for (const entry of entries)
    for (const v of entry.values) if (!seen.has(v.fieldName)) seen.set(v.fieldName, v.label || humanize(v.fieldName));
  return [...seen].slice(0, limit).map(([key, label]) => ({ key, label }));
};

const Totals = ({ items }: { items: { term: string; value: number; tone?: 'bad' | 'warn' | 'good' }[] }) => (
  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
    {items.map((item) => (
      <div key={item.term} className="flex flex-col gap-1 rounded-md border border-border p-3">
        <dt className="text-xs text-muted-foreground">{item.term}</dt>
        <dd
          className={cn(
            'text-lg font-semibold tabular-nums',
            item.tone === 'bad' && item.value > 0 && 'text-destructive',
            item.tone === 'warn' && item.value > 0 && 'text-amber-700 dark:text-amber-400',
            item.tone === 'good' && item.value > 0 && 'text-success',
          )}
        >
          {formatNumber(item.value)}
        </dd>
      </div>
    ))}
  </dl>
);

/** Saves the file's issues as CSV through a short-lived link; the page stays, and a refusal shows beside the button. */
const IssuesDownload = ({ fileId, name }: { fileId: string; name: string }) => {
  const [exporting, exportIssues] = useMutation(AnswerIssuesExportMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    const answer = await exportIssues({ fileId });
    const refusal = mutationFailure(answer, (d) => d.exportValidationIssues);
    const link = answer.data?.exportValidationIssues;
    if (refusal || !link) {
      setFailure(refusal ?? 'The issues could not be prepared. Please try again.');
      return;
    }
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = link.fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={download}
        disabled={exporting.fetching}
        aria-label={`Download the issues of ${name} (CSV)`}
      >
        <Download aria-hidden="true" />
        Issues (CSV)
      </Button>
      {failure ? (
        <span role="alert" className="text-sm text-destructive">
          {failure}
        </span>
      ) : null}
    </div>
  );
};

const FileIssues = ({ file, name }: { file: AnswerFileValidation; name: string }) => {
  const issues = [...file.errors, ...file.warnings].slice(0, 20);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-medium [overflow-wrap:anywhere]">
          <FileSpreadsheet className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {name}
        </span>
        <StatusBadge variant={file.errorCount > 0 ? 'destructive' : file.isValid ? 'success' : 'secondary'}>
          {file.errorCount > 0 ? 'Has errors' : file.isValid ? 'Valid' : humanize(file.status)}
        </StatusBadge>
      </div>
      <p className="text-sm text-muted-foreground">
        {formatNumber(file.validRows)} of {formatNumber(file.totalRows)} rows valid · {formatNumber(file.errorCount)} errors ·{' '}
        {formatNumber(file.warningCount)} warnings
      </p>
      {file.errorCount + file.warningCount > 0 ? <IssuesDownload fileId={file.fileId} name={name} /> : null}
      {file.missingRequiredFields.length > 0 ? (
        <p className="text-sm text-destructive">Missing required fields: {file.missingRequiredFields.map(humanize).join(', ')}</p>
      ) : null}
      {issues.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">
            Show {issues.length === file.errorCount + file.warningCount ? 'the' : `the first ${issues.length}`} issues
          </summary>
          <ul className="mt-2 flex flex-col gap-1">
            {issues.map((issue, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id and keep their order
              <li key={i} className="flex gap-2">
                <span
                  className={cn('shrink-0 font-medium', issue.type === 'error' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}
                >
                  {issue.type === 'error' ? 'Error' : 'Warning'}
                </span>
                <span className="[overflow-wrap:anywhere]">
                  {issue.rowNumber ? `Row ${issue.rowNumber}` : 'File'}
                  {issue.field ? `, ${humanize(issue.field)}` : ''}: {issue.message}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
};

/**
 * The supplier's answer as the customer reviews it: the response upload's files, their validation
 * (totals, errors and warnings) and the entries read from them, a page at a time.
 */
export const RequestAnswer = ({ task }: { task: RequestDetail }) => {
  const upload = task.responseUpload;
  const [page, setPage] = useState(1);
  const [validation, refetchValidation] = useQuery({
    query: AnswerValidationQuery,
    variables: { fileUploadId: upload?.id ?? '' },
    pause: !upload,
  });
  const [entries, refetchEntries] = useQuery({
    query: AnswerEntriesQuery,
    variables: { filter: { calendarTaskId: task.id }, pagination: { page, pageSize: ENTRY_PAGE_SIZE } },
    pause: !upload,
  });

  if (!upload) return null;
  const v = validation.data?.fileUploadValidation;
  const fileName = (id: string) => upload.files.find((f) => f.id === id)?.originalName ?? 'File';
  const rows = entries.data?.dataEntries.data ?? [];
  const fields = keyFields(rows);
  const columns: Column<AnswerEntry>[] = [
    {
      id: 'row',
      header: 'Row',
      card: 'title',
      className: 'w-16',
      cell: (e) => <span className="tabular-nums">{e.rowNumber}</span>,
    },
    ...fields.map(
      (f): Column<AnswerEntry> => ({
        id: `field-${f.key}`,
        header: f.label,
        cell: (e) => <span className="[overflow-wrap:anywhere]">{entryValueText(e.values.find((x) => x.fieldName === f.key))}</span>,
      }),
    ),
    {
      id: 'valid',
      header: 'Check',
      cell: (e) => <StatusBadge variant={e.isValid ? 'success' : 'destructive'}>{e.isValid ? 'Valid' : 'Has errors'}</StatusBadge>,
    },
  ];
  const pageInfo = entries.data?.dataEntries.pageInfo;

  return (
    <Card>
      <CardHeader>
        <CardTitle>The supplier’s answer</CardTitle>
        <CardDescription>
          {upload.files.length === 1 ? 'One file' : `${upload.files.length} files`} in “{upload.name}”, checked against the fields of the
          requested data.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="answer-validation" className="flex flex-col gap-3">
          <h3 id="answer-validation" className="font-semibold">
            Validation
          </h3>
          {v ? (
            <>
              <Totals
                items={[
                  { term: 'Rows', value: v.totalRowCount },
                  { term: 'Valid rows', value: v.validRowCount, tone: 'good' },
                  { term: 'Rows with errors', value: v.invalidRowCount, tone: 'bad' },
                  { term: 'Empty rows', value: v.emptyRowCount },
                  { term: 'Values with errors', value: v.dataPointErrors, tone: 'bad' },
                  { term: 'Values with warnings', value: v.dataPointWarnings, tone: 'warn' },
                ]}
              />
              <ul className="flex flex-col gap-2">
                {v.files.map((file) => (
                  <FileIssues key={file.fileId} file={file} name={fileName(file.fileId)} />
                ))}
              </ul>
            </>
          ) : validation.error ? (
            <QueryError
              error={validation.error}
              title="The validation could not be loaded"
              onRetry={() => refetchValidation({ requestPolicy: 'network-only' })}
            />
          ) : (
            <>
              <span role="status" className="sr-only">
                Loading the validation
              </span>
              <Skeleton className="h-20 w-full" />
            </>
          )}
        </section>
        <section aria-labelledby="answer-entries" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="answer-entries" className="font-semibold">
              Entries{pageInfo ? <span className="font-normal text-muted-foreground"> ({formatNumber(pageInfo.totalCount)})</span> : null}
            </h3>
            <Button variant="outline" size="sm" asChild>
              <Link to={`/app/data-entries?request=${task.id}`}>
                <TableProperties aria-hidden="true" />
                Open in data entries
              </Link>
            </Button>
          </div>
          <DataTable
            caption="Entries of the answer"
            columns={columns}
            rows={rows}
            getRowId={(e) => e.id}
            loading={entries.fetching && !entries.data}
            refreshing={entries.fetching && Boolean(entries.data)}
            error={
              entries.error && !entries.data ? (
                <QueryError error={entries.error} onRetry={() => refetchEntries({ requestPolicy: 'network-only' })} />
              ) : null
            }
            empty={
              <EmptyState
                icon={TableProperties}
                title="No entries in the answer"
                description="The answer's files have no rows that were read into entries."
              />
            }
            pagination={
              pageInfo
                ? {
                    page: Math.min(page, Math.max(1, pageInfo.totalPages)),
                    totalPages: pageInfo.totalPages,
                    totalCount: pageInfo.totalCount,
                    pageSize: ENTRY_PAGE_SIZE,
                    onPageChange: setPage,
                  }
                : undefined
            }
          />
        </section>
      </CardContent>
    </Card>
  );
};
