import { CheckCircle2, CircleAlert, FileSpreadsheet } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../ui/status-badge.tsx';
import type { AnswerFile } from './graphql.ts';

type Badge = { label: string; variant: 'default' | 'secondary' | 'outline' | 'success' | 'destructive' };

/** Where a file of the answer stands: read, mapped, validated (with or without errors). */
export const answerFileBadge = (file: AnswerFile): Badge => {
  if (file.status === 'failed') return { label: 'Could not be read', variant: 'destructive' };
  if (file.status === 'cancelled') return { label: 'Cancelled', variant: 'outline' };
  if (file.status !== 'processed') return { label: 'Being read', variant: 'secondary' };
  const v = file.validation;
  switch (v.status) {
    case 'not_started':
      return { label: 'To map and validate', variant: 'outline' };
    case 'queued':
      return { label: 'Waiting to validate', variant: 'secondary' };
    case 'validating':
      return { label: 'Validating', variant: 'secondary' };
    case 'failed':
      return { label: 'Validation failed', variant: 'destructive' };
    case 'validated':
      return v.isValid
        ? { label: 'Validated', variant: 'success' }
        : { label: `Validated, ${v.errorCount === 1 ? '1 error' : `${v.errorCount} errors`}`, variant: 'destructive' };
  }
};

const linkClass = 'text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The files of the answer, each with its state and the screens to map and validate it. */
export const AnswerFiles = ({ uploadId, files, editable }: { uploadId: string; files: readonly AnswerFile[]; editable: boolean }) => {
  const shown = files.filter((f) => f.status !== 'cancelled');
  if (shown.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No file yet.{' '}
        {editable ? (
          <Link to={`/app/uploads/${uploadId}`} className={linkClass}>
            Add your file to the answer
          </Link>
        ) : null}
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Files of your answer">
      {shown.map((file) => {
        const badge = answerFileBadge(file);
        const base = `/app/uploads/${uploadId}/files/${file.id}`;
        const v = file.validation;
        return (
          <li key={file.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-2">
              <FileSpreadsheet className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-medium [overflow-wrap:anywhere]">{file.originalName}</span>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge variant={badge.variant} className="gap-1">
                    {badge.variant === 'success' ? <CheckCircle2 className="size-3" aria-hidden="true" /> : null}
                    {badge.variant === 'destructive' ? <CircleAlert className="size-3" aria-hidden="true" /> : null}
                    {badge.label}
                  </StatusBadge>
                  {v.status === 'validated' ? (
                    <span className="text-xs text-muted-foreground">
                      {v.validRows} of {v.totalRows} rows valid
                    </span>
                  ) : null}
                </div>
                {file.error?.message || v.failureReason ? (
                  <span className="text-xs text-destructive">{file.error?.message ?? v.failureReason}</span>
                ) : null}
              </div>
            </div>
            {file.status === 'processed' ? (
              <div className="flex shrink-0 gap-4 pl-6 sm:pl-0">
                {editable ? (
                  <Link to={`${base}/mapping`} className={linkClass} aria-label={`Mapping of ${file.originalName}`}>
                    Mapping
                  </Link>
                ) : null}
                <Link to={`${base}/validation`} className={linkClass} aria-label={`Validation of ${file.originalName}`}>
                  Validation
                </Link>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
};
