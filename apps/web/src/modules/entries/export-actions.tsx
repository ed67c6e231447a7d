import { useMutation } from 'urql';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { countOf } from './format-value.ts';
import { type DataEntryFilter, type DataEntryOrder, ExportDataEntriesMutation, type ExportFormat } from './graphql.ts';

/** From this many rows an export is said to take a while: the server streams it, but it still takes time. */
export const LARGE_EXPORT_ROWS = 100_000;

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export Excel' },
];

/**
 * "Export CSV" and "Export Excel" of the entries the list shows: the same filter and order, every
 * page. The server answers with a short-lived link and the browser follows it to download.
 */
export const ExportActions = ({
  filter,
  order,
  totalCount,
  onDownload,
}: {
  filter: DataEntryFilter | null;
  order: DataEntryOrder | null;
  /** Entries matching the filter, when known: a large export gets a note. */
  totalCount: number | undefined;
  onDownload?: (url: string) => void;
}) => {
  const [, exportEntries] = useMutation(ExportDataEntriesMutation);
  const large = totalCount !== undefined && totalCount > LARGE_EXPORT_ROWS;
  return (
    <ExportButtons
      formats={FORMATS}
      request={(format) => exportEntries({ input: { format, ...(filter ? { filter } : {}), ...(order ? { order } : {}) } })}
      pick={(data) => data.exportDataEntries}
      disabled={totalCount === 0}
      onDownload={onDownload}
      rowClassName="sm:flex-nowrap"
      note={
        large ? (
          <p className="max-w-xs text-xs text-muted-foreground sm:text-right">
            {countOf(totalCount, 'entry', 'entries')} to export: the download may take a minute to start.
          </p>
        ) : null
      }
    />
  );
};
