import { CircleAlert, Eye, TriangleAlert } from 'lucide-react';
import type { CombinedError } from 'urql';
import { QueryError } from '../../lib/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { countOf, valueText } from './format.ts';
import type { MappingPreview, PreviewRow, ValidationIssue } from './graphql.ts';

/** Rows the preview reads through the mappings. */
export const PREVIEW_ROWS = 10;

/** The preview's columns: every field a row has a value for, in the order the rows give them. */
const previewFields = (rows: readonly PreviewRow[]) => {
  const fields = new Map<string, string>();
  for (const row of rows) for (const value of row.values) if (!fields.has(value.fieldName)) fields.set(value.fieldName, value.label);
  return [...fields];
};

const IssueLine = ({ issue, labels }: { issue: ValidationIssue; labels: ReadonlyMap<string, string> }) => {
  const Icon = issue.type === 'error' ? CircleAlert : TriangleAlert;
  return (
    <li className={issue.type === 'error' ? 'flex items-start gap-2 text-destructive' : 'flex items-start gap-2'}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{issue.type === 'error' ? 'Error' : 'Warning'}: </span>
        {issue.field ? `${labels.get(issue.field) ?? issue.field}: ` : ''}
        {issue.message}
      </span>
    </li>
  );
};

/**
 * The first rows as they would become data entries: typed values with their units, each cell the
 * validation refuses marked with its message, and problems of the mapping as a whole on top.
 */
export const MappingPreviewPanel = ({
  preview,
  fetching,
  error,
  labels,
  valueLabels,
  onRetry,
}: {
  preview: MappingPreview | undefined;
  fetching: boolean;
  error: CombinedError | undefined;
  /** Field key → label, for issues that name a field. */
  labels: ReadonlyMap<string, string>;
  /** Field key → allowed value → its label, so a list value reads "Heavy fuel oil" rather than "HFO". */
  valueLabels: ReadonlyMap<string, ReadonlyMap<string, string>>;
  onRetry: () => void;
}) => {
  const rows = preview?.rows ?? [];
  const fields = previewFields(rows);
  const invalidRows = rows.filter((r) => !r.isValid).length;
  const columns: Column<PreviewRow>[] = [
    {
      id: 'row',
      header: 'Row',
      className: 'w-16 text-right tabular-nums text-muted-foreground',
      cell: (r) => (
        <span className="inline-flex items-center gap-1">
          {r.isValid ? null : <CircleAlert className="size-3.5 text-destructive" aria-label="Row with problems" />}
          {r.rowNumber}
        </span>
      ),
    },
    ...fields.map(
      ([key, label]): Column<PreviewRow> => ({
        id: `f-${key}`,
        header: label,
        className: 'min-w-32 max-w-64',
        cell: (r) => {
          const value = r.values.find((v) => v.fieldName === key);
          if (!value) return <span className="text-muted-foreground">—</span>;
          const text = valueText(value);
          if (!value.isValid) {
            // A refused value is not typed: the text as read is on the row's issue for the field.
            const read = text || r.issues.find((i) => i.field === key && i.value)?.value || '';
            return (
              <span className="flex flex-col gap-0.5 rounded-md border border-destructive/50 bg-destructive/10 px-2 py-1 text-destructive">
                <span className="flex items-center gap-1 break-words font-medium">
                  <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
                  {read || 'Empty'}
                </span>
                <span className="text-xs">{value.validationError ?? 'Not valid'}</span>
              </span>
            );
          }
          if (text === '') return <span className="text-muted-foreground">—</span>;
          return <span className="break-words tabular-nums">{(value.dataType === 'enum' && valueLabels.get(key)?.get(text)) || text}</span>;
        },
      }),
    ),
  ];
  const planIssues = preview?.issues ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>
          The first {PREVIEW_ROWS} rows as they would be stored, with the mappings above. Nothing is saved until you validate.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error && !preview ? <QueryError title="The preview could not be loaded" error={error} onRetry={onRetry} /> : null}
        {planIssues.length > 0 ? (
          <section aria-label="Problems with the mapping" className="rounded-lg border border-border p-3">
            <ul className="flex flex-col gap-1.5 text-sm">
              {planIssues.map((issue) => (
                <IssueLine key={`${issue.code}-${issue.field ?? ''}-${issue.message}`} issue={issue} labels={labels} />
              ))}
            </ul>
          </section>
        ) : null}
        {preview && rows.length > 0 && fields.length > 0 ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {invalidRows === 0
              ? `All ${countOf(rows.length, 'row')} shown are valid.`
              : `${countOf(invalidRows, 'row')} of ${rows.length} shown ${invalidRows === 1 ? 'has' : 'have'} problems.`}
          </p>
        ) : null}
        {error && !preview ? null : (
          <DataTable
            caption="Preview of the mapped rows"
            columns={columns}
            rows={fields.length === 0 ? [] : rows}
            getRowId={(r) => String(r.rowNumber)}
            loading={fetching && !preview}
            refreshing={fetching && Boolean(preview)}
            layout="table"
            empty={
              <EmptyState
                icon={Eye}
                title={fields.length === 0 ? 'Nothing mapped yet' : 'No rows to preview'}
                description={fields.length === 0 ? 'Accept a suggestion or choose a field for a column to see its values here.' : undefined}
              />
            }
          />
        )}
      </CardContent>
    </Card>
  );
};
