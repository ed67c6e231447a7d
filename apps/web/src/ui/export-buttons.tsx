import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { CombinedError } from 'urql';
import { cn } from '../lib/cn.ts';
import { mutationFailure } from '../lib/errors.ts';
import { Button } from './button.tsx';
import { ServerAlert } from './server-alert.tsx';
import { Spinner } from './spinner.tsx';

/** The short-lived signed link an export mutation answers with. */
export type ExportLink = { url: string; fileName: string };

/** Sends the browser to the download; the signed link answers with the file as an attachment. */
const openLink = (url: string) => window.location.assign(url);

/**
 * One button a file format. A click asks the server for the file (`request`, the export mutation),
 * then follows the signed link it answers with, saying so to a screen reader; a refusal shows under
 * the buttons. While one export is being prepared, none can start another.
 */
export const ExportButtons = <F extends string, T>({
  formats,
  request,
  pick,
  disabled = false,
  onDownload = openLink,
  rowClassName,
  extra,
  note,
}: {
  /** The formats in the order shown, each with its button's text. */
  formats: readonly { format: F; label: string }[];
  request: (format: F) => Promise<{ data?: T | null; error?: CombinedError }>;
  /** The link in the mutation's answer. */
  pick: (data: T) => ExportLink | null | undefined;
  /** Nothing to export. */
  disabled?: boolean;
  onDownload?: (url: string) => void;
  rowClassName?: string;
  /** More actions beside the buttons (a printable page). */
  extra?: ReactNode;
  /** A line under the buttons (a large export takes a while). */
  note?: ReactNode;
}) => {
  const [pending, setPending] = useState<F | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);

  const run = async (format: F) => {
    setPending(format);
    setFailure(null);
    setStarted(null);
    const result = await request(format);
    setPending(null);
    const refusal = mutationFailure(result, pick);
    const link = result.data ? pick(result.data) : null;
    if (refusal || !link) {
      setFailure(refusal ?? 'The export could not be prepared.');
      return;
    }
    setStarted(`Downloading ${link.fileName}.`);
    onDownload(link.url);
  };

  return (
    <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
      <div className={cn('flex flex-wrap gap-2', rowClassName)}>
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            variant="outline"
            onClick={() => run(format)}
            disabled={pending !== null || disabled}
            aria-busy={pending === format}
          >
            {pending === format ? <Spinner label="Preparing" /> : <Download aria-hidden="true" />}
            {label}
          </Button>
        ))}
        {extra}
      </div>
      {note}
      <p className="sr-only" role="status">
        {started ?? ''}
      </p>
      <ServerAlert message={failure} title="Export failed" />
    </div>
  );
};
