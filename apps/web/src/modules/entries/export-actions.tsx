import { Download } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { countOf } from './format-value.ts';
import { type DataEntryFilter, type DataEntryOrder, ExportDataEntriesMutation, type ExportFormat } from './graphql.ts';

/** From this many rows an export is said to take a while: the server streams it, but it still takes time. */
export const LARGE_EXPORT_ROWS = 100_000;

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'Export CSV', xlsx: 'Export Excel' };

/** Sends the browser to the download; the signed link answers with the file as an attachment. */
const goTo = (url: string) => window.location.assign(url);

/**
 * "Export CSV" and "Export Excel" of the entries the list shows: the same filter and order, every
 * page. The server answers with a short-lived link and the browser follows it to download.
 */
export const ExportActions = ({
  filter,
  order,
  totalCount,
  onDownload = goTo,
}: {
  filter: DataEntryFilter | null;
  order: DataEntryOrder | null;
  /** Entries matching the filter, when known: a large export gets a note. */
  totalCount: number | undefined;
  onDownload?: (url: string) => void;
}) => {
  const [{ fetching }, exportEntries] = useMutation(ExportDataEntriesMutation);
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);

  const run = async (format: ExportFormat) => {
    setPending(format);
    setFailure(null);
    setStarted(null);
    const result = await exportEntries({ input: { format, ...(filter ? { filter } : {}), ...(order ? { order } : {}) } });
    setPending(null);
    const refusal = mutationFailure(result, (d) => d.exportDataEntries);
    const link = result.data?.exportDataEntries;
    if (refusal || !link) {
      setFailure(refusal ?? 'The export could not be prepared.');
      return;
    }
    setStarted(`Downloading ${link.fileName}.`);
    onDownload(link.url);
  };

  const large = totalCount !== undefined && totalCount > LARGE_EXPORT_ROWS;
  const empty = totalCount === 0;
  return (
    <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button key={format} variant="outline" onClick={() => run(format)} disabled={fetching || empty} aria-busy={pending === format}>
            {pending === format ? <Spinner label="Preparing" /> : <Download aria-hidden="true" />}
            {FORMAT_LABELS[format]}
          </Button>
        ))}
      </div>
      {large ? (
        <p className="max-w-xs text-xs text-muted-foreground sm:text-right">
          {countOf(totalCount, 'entry', 'entries')} to export: the download may take a minute to start.
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {started ?? ''}
      </p>
      <ServerAlert message={failure} title="Export failed" />
    </div>
  );
};
