import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useQuery } from 'urql';
import { cn } from '../../lib/cn.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { cellText } from './format.ts';
import { RowMappingsQuery, RowSnippetQuery, type ValidationIssue } from './graphql.ts';

/** Rows read before the estimated position: empty rows are not stored, so a row may sit a little earlier. */
const LOOK_BACK = 20;

/**
 * The stored rows to ask for to find the row the sheet numbers `rowNumber`: data rows start under the
 * header row, so its position among them is at most rowNumber − header row.
 */
export const rowWindow = (rowNumber: number, headerRowNumber: number | null | undefined) => {
  const position = Math.max(1, rowNumber - (headerRowNumber ?? 1));
  return { fromRow: Math.max(1, position - LOOK_BACK), toRow: position };
};

/** One row of the file as it was read, opened from an issue: every column's value, the issue's column marked. */
export const RowDialog = ({
  fileId,
  fileName,
  issue,
  fieldLabel,
  headerRowNumber,
  onClose,
}: {
  fileId: string;
  fileName: string;
  issue: (ValidationIssue & { rowNumber: number }) | null;
  fieldLabel: string | null;
  headerRowNumber: number | null | undefined;
  onClose: () => void;
}) => (
  <Dialog open={issue !== null} onOpenChange={(open) => !open && onClose()}>
    {issue ? (
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Row {issue.rowNumber}</DialogTitle>
          <DialogDescription>
            Row {issue.rowNumber} of {fileName}, as it was read.
          </DialogDescription>
        </DialogHeader>
        <p
          className={cn(
            'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
            issue.type === 'error' ? 'border-destructive/60 bg-destructive/10 text-destructive' : 'border-amber-500/50 bg-amber-500/10',
          )}
        >
          {issue.type === 'error' ? (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            <span className="font-semibold">{issue.type === 'error' ? 'Error' : 'Warning'}: </span>
            {fieldLabel ? `${fieldLabel}: ` : ''}
            {issue.message}
          </span>
        </p>
        <RowValues fileId={fileId} issue={issue} headerRowNumber={headerRowNumber} />
      </DialogContent>
    ) : null}
  </Dialog>
);

const RowValues = ({
  fileId,
  issue,
  headerRowNumber,
}: {
  fileId: string;
  issue: ValidationIssue & { rowNumber: number };
  headerRowNumber: number | null | undefined;
}) => {
  const [result, refetch] = useQuery({ query: RowSnippetQuery, variables: { fileId, ...rowWindow(issue.rowNumber, headerRowNumber) } });
  const [mappingsResult] = useQuery({ query: RowMappingsQuery, variables: { fileId } });
  const snippet = result.data?.fileRowSnippets;
  if (result.error && !snippet) {
    return (
      <QueryError title="The row could not be loaded" error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  }
  if (!snippet) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span role="status" className="sr-only">
          Loading the row
        </span>
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  const row = snippet.rows.find((r) => r.rowNumber === issue.rowNumber);
  if (!row) return <p className="text-sm text-muted-foreground">This row is not among the rows stored for the file.</p>;
  const mapping = issue.field ? mappingsResult.data?.fileMappings.find((m) => m.targetField === issue.field) : undefined;
  const byIndex = new Map((mappingsResult.data?.fileMappings ?? []).map((m) => [m.sourceIndex, m.targetLabel]));

  return (
    <dl className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      {snippet.columns.map((name, index) => {
        const marked = mapping?.sourceIndex === index;
        const text = cellText(row.values[index]);
        const target = byIndex.get(index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; two may share a name
          <div key={index} className={cn('contents', marked && '[&>*]:bg-destructive/10')}>
            <dt className={cn('px-2 pt-2 text-muted-foreground sm:py-2', marked && 'font-semibold text-destructive')}>
              {name || `Column ${index + 1}`}
              {target ? <span className="block text-xs font-normal">→ {target}</span> : null}
            </dt>
            <dd className={cn('break-words px-2 pb-2 font-mono sm:py-2', marked && 'text-destructive')}>
              {text === '' ? <span className="font-sans text-muted-foreground">Empty</span> : text}
              {marked ? <span className="sr-only"> (the value this issue is about)</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
};
