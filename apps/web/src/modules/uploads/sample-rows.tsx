import { ChevronLeft, ChevronRight, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatNumber } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { cellText } from './format.ts';
import { type FileRowSnippet, FileRowSnippetsQuery } from './graphql.ts';

/** Rows shown at a time. */
export const SAMPLE_PAGE_SIZE = 50;

type SampleRow = FileRowSnippet['rows'][number];

/** "Rows 51–100 of 1,234" for a page of data rows. */
export const rowRange = (page: number, totalRows: number, pageSize = SAMPLE_PAGE_SIZE) => {
  if (totalRows === 0) return 'No rows';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalRows);
  return `Rows ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(totalRows)}`;
};

/**
 * The file's rows as they were read, 50 at a time (fileRowSnippets), with the row number as in the
 * spreadsheet. Mounted afresh (by key) after each reading, so a changed sheet shows its own rows.
 */
export const SampleRows = ({ fileId, fileName }: { fileId: string; fileName: string }) => {
  const [page, setPage] = useState(1);
  const fromRow = (page - 1) * SAMPLE_PAGE_SIZE + 1;
  const [result, refetch] = useQuery({
    query: FileRowSnippetsQuery,
    variables: { fileId, fromRow, toRow: fromRow + SAMPLE_PAGE_SIZE - 1 },
    requestPolicy: 'network-only',
  });
  const snippet = result.data?.fileRowSnippets;
  const totalRows = snippet?.totalRows ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalRows / SAMPLE_PAGE_SIZE));

  if (result.error && !snippet) {
    return (
      <QueryError title="The rows could not be loaded" error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  }

  const columns: Column<SampleRow>[] = [
    {
      id: 'row',
      header: 'Row',
      className: 'w-16 text-right tabular-nums text-muted-foreground',
      cell: (r) => r.rowNumber,
    },
    ...(snippet?.columns ?? []).map(
      (name, index): Column<SampleRow> => ({
        id: `c${index}`,
        header: name || `Column ${index + 1}`,
        className: 'max-w-64 truncate whitespace-nowrap',
        cell: (r) => {
          const text = cellText(r.values[index]);
          return text === '' ? <span className="text-muted-foreground">—</span> : <span title={text}>{text}</span>;
        },
      }),
    ),
  ];

  return (
    <div className="flex flex-col gap-3">
      <DataTable
        caption={`Rows of ${fileName}`}
        columns={columns}
        rows={snippet?.rows ?? []}
        getRowId={(r) => String(r.rowNumber)}
        loading={result.fetching && !snippet}
        refreshing={result.fetching && Boolean(snippet)}
        layout="table"
        empty={<EmptyState icon={Rows3} title="No rows" description="The file was read, but it holds no data rows under its header." />}
      />
      {totalRows > 0 ? (
        <nav aria-label={`Pages of rows of ${fileName}`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-muted-foreground" aria-live="polite">
            {rowRange(page, totalRows)}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
              <ChevronLeft aria-hidden="true" />
              Previous {SAMPLE_PAGE_SIZE}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(totalPages, p + 1))} disabled={page >= totalPages}>
              Next {SAMPLE_PAGE_SIZE}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
};
