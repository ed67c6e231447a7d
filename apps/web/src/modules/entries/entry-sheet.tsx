import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { FileText, ListFilter } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { shownValue } from './format-value.ts';
import { type DataEntryDetail, DataEntryQuery, type DataEntryValidationError, type FieldDefinition } from './graphql.ts';

const rawText = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const IssueList = ({ issues, labelOf }: { issues: readonly DataEntryValidationError[]; labelOf: (field: string) => string }) => (
  <ul className="flex flex-col gap-2">
    {issues.map((issue, index) => (
      <li
        // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id and keep their order
        key={index}
        className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm"
      >
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge variant={issue.type === 'error' ? 'destructive' : 'secondary'}>
            {issue.type === 'error' ? 'Error' : 'Warning'}
          </StatusBadge>
          <span className="font-medium">{issue.field ? labelOf(issue.field) : 'Whole row'}</span>
        </div>
        <p>{issue.error}</p>
        {issue.value ? (
          <p className="text-xs text-muted-foreground">
            Value: <span className="font-mono [overflow-wrap:anywhere]">{issue.value}</span>
          </p>
        ) : null}
      </li>
    ))}
  </ul>
);

const EntryDetail = ({
  entry,
  fields,
  locale,
  onLeave,
}: {
  entry: DataEntryDetail;
  fields: readonly FieldDefinition[];
  locale?: string;
  /** Closes the sheet when one of its links moves elsewhere. */
  onLeave: () => void;
}) => {
  const { formatDate } = useDateFormat();
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const labelOf = (key: string) => entry.values.find((v) => v.fieldName === key)?.label ?? byKey.get(key)?.label ?? key;
  const raw = entry.rawData && typeof entry.rawData === 'object' && !Array.isArray(entry.rawData) ? Object.entries(entry.rawData) : [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <StatusBadge variant={entry.isValid ? 'success' : 'destructive'}>{entry.isValid ? 'Valid' : 'Has errors'}</StatusBadge>
        <span>Row {entry.rowNumber}</span>
        <span>Entry date: {entry.entryDate ? formatDate(entry.entryDate) : 'none'}</span>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {entry.fileUploadId ? (
          <Link
            to={`/app/uploads/${entry.fileUploadId}/files/${entry.fileId}`}
            className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <FileText className="size-4" aria-hidden="true" />
            Open the file
          </Link>
        ) : null}
        <Link
          to={`/app/data-entries?file=${entry.fileId}`}
          onClick={onLeave}
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ListFilter className="size-4" aria-hidden="true" />
          All entries of this file
        </Link>
      </div>
      <DetailSection title="Values">
        {entry.values.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mapped values in this row.</p>
        ) : (
          <DetailList
            items={entry.values.map((value) => [
              value.label,
              <span key={value.fieldName} className="flex flex-col gap-0.5">
                <span className={value.isValid ? undefined : 'text-destructive'}>
                  {shownValue(value, entry.validationErrors, {
                    locale,
                    withUnit: true,
                    allowedValues: byKey.get(value.fieldName)?.allowedValues,
                  })}
                </span>
                {value.isValid ? null : <span className="text-xs text-destructive">{value.validationError ?? 'Not valid'}</span>}
              </span>,
              value.fieldName,
            ])}
          />
        )}
      </DetailSection>
      <DetailSection title="Validation">
        {entry.validationErrors.length === 0 ? (
          <p className="text-sm text-muted-foreground">No errors or warnings.</p>
        ) : (
          <IssueList issues={entry.validationErrors} labelOf={labelOf} />
        )}
      </DetailSection>
      <DetailSection title={`Source row ${entry.rowNumber}, as read`}>
        {raw.length === 0 ? (
          <p className="text-sm text-muted-foreground">The source row is empty.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Source row as read: column and value</caption>
              <thead className="bg-muted/40 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Column
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {raw.map(([column, value]) => (
                  <tr key={column} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 font-medium [overflow-wrap:anywhere]">
                      {column}
                    </th>
                    <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">{rawText(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DetailSection>
    </div>
  );
};

/**
 * One entry in a side sheet: every value with its unit and validity, the row's errors and warnings,
 * the source row as it was read, and the way back to its file.
 */
export const EntrySheet = ({
  entryId,
  fields,
  locale,
  onClose,
}: {
  entryId: string | null;
  /** The chosen category's fields, for enum labels; empty without a category. */
  fields: readonly FieldDefinition[];
  locale?: string;
  onClose: () => void;
}) => {
  const [result, refetch] = useQuery({ query: DataEntryQuery, variables: { id: entryId ?? '' }, pause: !entryId });
  const entry = result.data?.dataEntry.id === entryId ? result.data?.dataEntry : undefined;
  return (
    <Dialog open={entryId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel="Close the entry"
        className="left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 rounded-none border-y-0 border-r-0 sm:w-[36rem]"
      >
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{entry?.sourceReference ?? 'Data entry'}</DialogTitle>
          <DialogDescription>
            {entry ? `${FILE_CATEGORY_LABELS[entry.category as FileCategory] ?? entry.category} entry` : 'Loading the entry…'}
          </DialogDescription>
        </DialogHeader>
        {entry ? (
          <EntryDetail entry={entry} fields={fields} locale={locale} onLeave={onClose} />
        ) : result.error ? (
          <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
};
