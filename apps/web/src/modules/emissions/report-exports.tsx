import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type Period, printHref } from './emission-format.ts';
import { type ExportFormat, ExportEmissionReportMutation } from './graphql.ts';

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Export XLSX', csv: 'Export CSV' };

/** Sends the browser to the download; the signed link answers with the file as an attachment. */
const openLink = (url: string) => window.location.assign(url);

/**
 * The report as a file (XLSX or CSV, through a short-lived signed link) or as a page to print for the
 * sustainability report.
 */
export const ReportExports = ({
  period,
  disabled = false,
  onDownload = openLink,
}: {
  period: Period;
  /** Nothing to export yet (nothing computed). */
  disabled?: boolean;
  onDownload?: (url: string) => void;
}) => {
  const [{ fetching }, exportReport] = useMutation(ExportEmissionReportMutation);
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);

  const run = async (format: ExportFormat) => {
    setPending(format);
    setFailure(null);
    setStarted(null);
    const result = await exportReport({ input: { format, ...period } });
    setPending(null);
    const refusal = mutationFailure(result, (d) => d.exportEmissionReport);
    const link = result.data?.exportEmissionReport;
    if (refusal || !link) {
      setFailure(refusal ?? 'The export could not be prepared.');
      return;
    }
    setStarted(`Downloading ${link.fileName}.`);
    onDownload(link.url);
  };

  return (
    <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button key={format} variant="outline" onClick={() => run(format)} disabled={fetching || disabled} aria-busy={pending === format}>
            {pending === format ? <Spinner label="Preparing" /> : <Download aria-hidden="true" />}
            {FORMAT_LABELS[format]}
          </Button>
        ))}
        {disabled ? (
          <Button variant="outline" disabled>
            <Printer aria-hidden="true" />
            Printable report
          </Button>
        ) : (
          <Button variant="outline" asChild>
            <Link to={printHref(period)}>
              <Printer aria-hidden="true" />
              Printable report
            </Link>
          </Button>
        )}
      </div>
      <p className="sr-only" role="status">
        {started ?? ''}
      </p>
      <ServerAlert message={failure} title="Export failed" />
    </div>
  );
};
