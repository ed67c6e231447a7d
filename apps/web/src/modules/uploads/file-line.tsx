import { Copy, FileSpreadsheet, RotateCcw, Trash2, X } from 'lucide-react';
import { Link } from 'react-router';
import { useDateFormat } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import type { BatchFileRow, Stage } from './batch-files.ts';
import { FILE_STATUS_LABELS, FILE_STATUS_VARIANT, formatBytes, formatRows } from './format.ts';
import type { UploadedFile } from './graphql.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';

const LOCAL_LABELS: Record<Exclude<Stage, keyof typeof FILE_STATUS_LABELS>, string> = {
  waiting: 'Waiting to upload',
  requesting: 'Starting upload',
  uploading: 'Uploading',
  completing: 'Checking the file',
  'upload-failed': 'Upload failed',
  'upload-cancelled': 'Cancelled',
};

/** The words for a line's stage, the same in the badge and in what the live region announces. */
export const stageLabel = (stage: Stage) =>
  stage in LOCAL_LABELS ? LOCAL_LABELS[stage as keyof typeof LOCAL_LABELS] : FILE_STATUS_LABELS[stage as keyof typeof FILE_STATUS_LABELS];

const stageVariant = (stage: Stage) => {
  if (stage === 'upload-failed') return 'destructive' as const;
  if (stage === 'upload-cancelled') return 'outline' as const;
  if (stage in LOCAL_LABELS) return 'secondary' as const;
  return FILE_STATUS_VARIANT[stage as keyof typeof FILE_STATUS_VARIANT];
};

export type FileLineActions = {
  /** Stops a file on its way (or gives up a pending one). */
  onCancel?: (row: BatchFileRow<UploadedFile>) => void;
  /** A failed upload again with a new URL, or a failed reading again. */
  onRetry?: (row: BatchFileRow<UploadedFile>) => void;
  /** Deletes a file on the server (asks first). */
  onDelete?: (row: BatchFileRow<UploadedFile>) => void;
  /** Takes a line that never reached the server off the list. */
  onDismiss?: (row: BatchFileRow<UploadedFile>) => void;
};

const canCancel = (stage: Stage) => stage === 'waiting' || stage === 'requesting' || stage === 'uploading' || stage === 'pending';

/** Whether a failed line can start again: a failed upload, or a reading that failed on stored bytes. */
export const canRetry = (row: BatchFileRow<UploadedFile>) =>
  row.stage === 'upload-failed' || row.stage === 'upload-cancelled' || (row.stage === 'failed' && Boolean(row.file?.uploadedAt));

/**
 * One file of a batch: its name (a link to the file once it is stored), size and status; a bar for
 * its upload and one for its reading; why it failed; whether the same content was uploaded before;
 * and what can be done with it now.
 */
export const FileLine = ({
  row,
  batchId,
  actions,
  busy = false,
}: {
  row: BatchFileRow<UploadedFile>;
  batchId: string;
  actions: FileLineActions;
  /** An action on this line is running. */
  busy?: boolean;
}) => {
  const { formatDate } = useDateFormat();
  const { file, stage } = row;
  const linkable = file && stage !== 'pending' && stage !== 'cancelled' && !(stage in LOCAL_LABELS);
  const failed = stage === 'failed' || stage === 'upload-failed';
  const showUpload = !(stage === 'failed' && !file?.uploadedAt) && stage !== 'upload-cancelled' && stage !== 'cancelled';
  const rowsRead = file?.progress.rowsRead ?? 0;
  const duplicate = file?.duplicateOf;
  const retryLabel = row.stage === 'failed' ? 'Read again' : 'Upload again';

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4" aria-label={row.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="flex min-w-0 flex-col gap-1">
            {linkable ? (
              <Link
                to={`/app/uploads/${batchId}/files/${file.id}`}
                className="break-all font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {row.name}
              </Link>
            ) : (
              <span className="break-all font-medium">{row.name}</span>
            )}
            <span className="text-xs text-muted-foreground">
              {[
                formatBytes(row.size),
                stage === 'processed' && file?.fileMetadata ? formatRows(file.fileMetadata.totalRows) : null,
                file?.fileType ? file.fileType.toUpperCase() : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge variant={stageVariant(stage)}>{stageLabel(stage)}</StatusBadge>
          {busy ? <Spinner label={`Working on ${row.name}`} /> : null}
        </div>
      </div>

      {showUpload ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span aria-hidden="true">Upload</span>
            <span aria-hidden="true">{row.uploadPercent}%</span>
          </div>
          <ProgressBar
            label={`Upload of ${row.name}`}
            value={row.uploadPercent}
            indeterminate={stage === 'waiting' || stage === 'requesting'}
            tone={stage === 'upload-failed' ? 'destructive' : row.uploadPercent === 100 ? 'success' : 'default'}
            size="sm"
          />
        </div>
      ) : null}

      {row.readPercent !== null ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span aria-hidden="true">Reading{rowsRead > 0 ? ` · ${formatRows(rowsRead)}` : ''}</span>
            <span aria-hidden="true">{row.readPercent}%</span>
          </div>
          <ProgressBar
            label={`Reading of ${row.name}`}
            value={row.readPercent}
            valueText={`${row.readPercent}%${rowsRead > 0 ? `, ${formatRows(rowsRead)} read` : ''}`}
            indeterminate={stage === 'queued' || stage === 'uploaded'}
            tone={stage === 'failed' ? 'destructive' : stage === 'processed' ? 'success' : 'default'}
            size="sm"
          />
        </div>
      ) : null}

      {failed && row.error ? <p className="text-sm text-destructive">{row.error}</p> : null}

      {duplicate ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Copy className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Same content as{' '}
            {duplicate.fileUploadId ? (
              <Link
                to={`/app/uploads/${duplicate.fileUploadId}/files/${duplicate.fileId}`}
                className="font-medium text-foreground underline underline-offset-4"
              >
                {duplicate.originalName}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{duplicate.originalName}</span>
            )}{' '}
            uploaded on {formatDate(duplicate.uploadedAt)}
          </span>
        </p>
      ) : null}

      <LineActions row={row} actions={actions} busy={busy} retryLabel={retryLabel} />
    </li>
  );
};

const LineActions = ({
  row,
  actions,
  busy,
  retryLabel,
}: {
  row: BatchFileRow<UploadedFile>;
  actions: FileLineActions;
  busy: boolean;
  retryLabel: string;
}) => {
  const { stage } = row;
  const cancel = actions.onCancel && canCancel(stage);
  const retry = actions.onRetry && canRetry(row);
  // A file whose sending was given up is cancelled on the server already: it is taken off the list, not deleted.
  const remove =
    actions.onDelete && row.file && !canCancel(stage) && !['cancelled', 'completing', 'upload-failed', 'upload-cancelled'].includes(stage);
  const dismiss = actions.onDismiss && (stage === 'upload-failed' || stage === 'upload-cancelled');
  if (!cancel && !retry && !remove && !dismiss) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {cancel ? (
        <Button variant="outline" size="sm" onClick={() => actions.onCancel?.(row)} disabled={busy} aria-label={`Cancel ${row.name}`}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
      {retry ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onRetry?.(row)}
          disabled={busy}
          aria-label={`${retryLabel}: ${row.name}`}
        >
          <RotateCcw aria-hidden="true" />
          {retryLabel}
        </Button>
      ) : null}
      {dismiss ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actions.onDismiss?.(row)}
          disabled={busy}
          aria-label={`Remove ${row.name} from the list`}
        >
          Remove from list
        </Button>
      ) : null}
      {remove ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          onClick={() => actions.onDelete?.(row)}
          disabled={busy}
          aria-label={`Delete ${row.name}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      ) : null}
    </div>
  );
};
