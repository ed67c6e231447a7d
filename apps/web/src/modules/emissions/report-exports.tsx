import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { Button } from '../../ui/button.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { type Period, printHref } from './emission-format.ts';
import { type ExportFormat, ExportEmissionReportMutation } from './graphql.ts';

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Export XLSX' },
  { format: 'csv', label: 'Export CSV' },
];

/**
 * The report as a file (XLSX or CSV, through a short-lived signed link) or as a page to print for the
 * sustainability report.
 */
export const ReportExports = ({
  period,
  disabled = false,
  onDownload,
}: {
  period: Period;
  /** Nothing to export yet (nothing computed). */
  disabled?: boolean;
  onDownload?: (url: string) => void;
}) => {
  const [, exportReport] = useMutation(ExportEmissionReportMutation);
  return (
    <ExportButtons
      formats={FORMATS}
      request={(format) => exportReport({ input: { format, ...period } })}
      pick={(data) => data.exportEmissionReport}
      disabled={disabled}
      onDownload={onDownload}
      extra={
        disabled ? (
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
        )
      }
    />
  );
};
