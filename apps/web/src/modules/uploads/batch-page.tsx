import { supplierEmailsSchema } from '@tidewise/shared/uploads';
import { CheckCircle2, ChevronLeft, CircleAlert, FolderUp, Trash2, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { mutationError, mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { TextareaField } from '../../ui/form.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { MissingRecord } from './missing-record.tsx';
import { useStageAnnouncements } from './announcements.ts';
import { AnsweredRequestBanner, BatchSuppliersCard } from './batch-request-cards.tsx';
import { type BatchFileRow, batchFileRows, batchProgress } from './batch-files.ts';
import { DropZone } from './drop-zone.tsx';
import { checkFiles } from './file-checks.ts';
import { FileLine, stageLabel } from './file-line.tsx';
import { FILE_UPLOAD_STATUS_LABELS, FILE_UPLOAD_STATUS_VARIANT, formatBytes, isNotFound } from './format.ts';
import {
  CancelPendingFilesMutation,
  CompleteFileUploadMutation,
  DeleteFileMutation,
  DeleteFileUploadMutation,
  type FileUploadBatch,
  FileUploadBatchQuery,
  RetryFileProcessingMutation,
  type UploadedFile,
  type UploadProcessingConfig,
} from './graphql.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { useLiveFiles } from './use-live-files.ts';
import { useUploadQueue } from './use-upload-queue.ts';

type Row = BatchFileRow<UploadedFile>;

const FILE_CONTEXT = { additionalTypenames: ['File', 'FileUpload'] };

/**
 * Supplier addresses typed one per line or separated by commas, checked with the server's rule; a
 * wrong one is named in the field's message.
 */
const completeSchema = z.object({
  supplierEmails: z.string().transform((text, ctx) => {
    const emails = text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const checked = supplierEmailsSchema.safeParse(emails);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0];
    const index = issue?.path[0];
    const wrong = typeof index === 'number' ? emails[index] : undefined;
    ctx.addIssue({ code: 'custom', message: wrong ? `${wrong}: ${issue?.message}` : (issue?.message ?? 'Check the addresses.') });
    return z.NEVER;
  }),
});

/**
 * One upload (a batch of files): files are dropped or chosen, checked against the limits before a
 * byte is sent, sent with a progress bar each, then read by the server with their progress live
 * (`filesUpdated`). A failed file says why while the others carry on. When every file is settled
 * and one was read, the upload can be completed (handed in).
 */
export const BatchPage = () => {
  const { fileUploadId = '' } = useParams();
  const [result, refetch] = useQuery({ query: FileUploadBatchQuery, variables: { id: fileUploadId } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const batch = result.data?.fileUpload;
  const config = result.data?.uploadProcessingConfig;
  usePageMeta({ title: batch?.name ?? 'Upload', description: 'The files of an upload and how their reading went.' });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <BackLink />
      {batch && config ? (
        <BatchView batch={batch} config={config} refresh={refresh} />
      ) : isNotFound(result.error) ? (
        <MissingRecord title="This upload does not exist" description="It may have been deleted, or the link is wrong." />
      ) : result.error ? (
        <>
          <PageHeader title="Upload" />
          <QueryError title="This upload could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the upload" cards={2} />
      )}
    </div>
  );
};

const BackLink = () => (
  <Link
    to="/app/uploads"
    className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
  >
    <ChevronLeft className="size-4" aria-hidden="true" />
    All uploads
  </Link>
);

type Refused = { key: string; name: string; reason: string };

const BatchView = ({ batch, config, refresh }: { batch: FileUploadBatch; config: UploadProcessingConfig; refresh: () => void }) => {
  const navigate = useNavigate();
  const { formatDateTime } = useDateFormat();
  const { can } = useViewer();
  const { queue, entries } = useUploadQueue(batch.id);
  const live = useLiveFiles(batch.id, batch.files, refresh);
  const rows = batchFileRows(batch.files, live, entries);
  const progress = batchProgress(rows);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [working, setWorking] = useState<ReadonlySet<string>>(new Set());
  const [deletingFile, setDeletingFile] = useState<Row | null>(null);
  const [dialog, setDialog] = useState<'complete' | 'delete' | null>(null);
  const [, cancelPending] = useMutation(CancelPendingFilesMutation);
  const [, retryProcessing] = useMutation(RetryFileProcessingMutation);
  const [, deleteFile] = useMutation(DeleteFileMutation);
  const [, deleteBatch] = useMutation(DeleteFileUploadMutation);
  const [, completeBatch] = useMutation(CompleteFileUploadMutation);

  const completed = batch.status === 'completed';
  const canAdd = !completed && can('uploads:create');
  const liveCount = rows.filter((r) => r.stage !== 'cancelled' && r.stage !== 'upload-cancelled' && r.stage !== 'upload-failed').length;
  const remaining = Math.max(0, config.maxFilesPerUpload - liveCount);
  const { messages, announce } = useStageAnnouncements(rows, stageLabel);

  const addFiles = (files: File[]) => {
    const checked = checkFiles(files, config, liveCount);
    const accepted = checked.flatMap((c) => (c.accepted ? [c.file] : []));
    const refusedNow = checked.flatMap((c) =>
      c.accepted
        ? []
        : [{ key: `${c.file.name}-${c.file.size}-${Math.random().toString(36).slice(2)}`, name: c.file.name, reason: c.reason }],
    );
    setRefused((current) => [...refusedNow, ...current]);
    announce(refusedNow.map((r) => `${r.name} was not added: ${r.reason}`));
    if (accepted.length > 0) queue.add(accepted);
  };

  /** Runs one server action for a line, showing it busy meanwhile; a failure shows above the files. */
  const act = async (row: Row, action: () => Promise<string | null>) => {
    setWorking((w) => new Set(w).add(row.key));
    setNotice(null);
    const failure = await action();
    setWorking((w) => {
      const next = new Set(w);
      next.delete(row.key);
      return next;
    });
    if (failure) setNotice({ ok: false, text: `${row.name}: ${failure}` });
  };

  const actions = {
    onCancel: (row: Row) => {
      if (row.local && row.stage !== 'pending') queue.cancel(row.local.key);
      else if (row.file) {
        const fileId = row.file.id;
        void act(row, async () =>
          mutationFailure(await cancelPending({ fileUploadId: batch.id, fileIds: [fileId] }, FILE_CONTEXT), (d) => d.cancelPendingFiles),
        );
      }
    },
    onRetry: (row: Row) => {
      if (row.stage === 'failed' && row.file) {
        const fileId = row.file.id;
        void act(row, async () => mutationFailure(await retryProcessing({ fileId }, FILE_CONTEXT), (d) => d.retryFileProcessing));
      } else if (row.local) queue.retry(row.local.key);
    },
    onDismiss: (row: Row) => row.local && queue.dismiss(row.local.key),
    onDelete: can('uploads:delete') && !completed ? (row: Row) => setDeletingFile(row) : undefined,
  };

  const settledText = [
    `${progress.processed} of ${progress.total} ${progress.total === 1 ? 'file' : 'files'} read`,
    progress.failed > 0 ? `${progress.failed} failed` : null,
    progress.moving > 0 ? `${progress.moving} in progress` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const readyToComplete = batch.status === 'ready' && progress.moving === 0;

  return (
    <>
      <PageHeader
        title={batch.name}
        description={batch.description ?? undefined}
        actions={
          <>
            {can('uploads:update') && !completed ? (
              <Button onClick={() => setDialog('complete')} disabled={!readyToComplete} aria-describedby="complete-hint">
                <CheckCircle2 aria-hidden="true" />
                Complete upload
              </Button>
            ) : null}
            {can('uploads:delete') && !completed ? (
              <Button variant="outline" className="text-destructive" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" />
                Delete upload
              </Button>
            ) : null}
          </>
        }
      />

      <AnsweredRequestBanner fileUploadId={batch.id} />

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <StatusBadge variant={FILE_UPLOAD_STATUS_VARIANT[batch.status]}>{FILE_UPLOAD_STATUS_LABELS[batch.status]}</StatusBadge>
              <span className="text-sm text-muted-foreground">{settledText}</span>
            </div>
            <span className="text-sm tabular-nums text-muted-foreground" aria-hidden="true">
              {progress.percent}%
            </span>
          </div>
          <ProgressBar
            label={`Overall progress of ${batch.name}`}
            value={completed ? 100 : progress.percent}
            tone={batch.status === 'failed' ? 'destructive' : batch.status === 'ready' || completed ? 'success' : 'default'}
          />
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Started</dt>
              <dd>{formatDateTime(batch.startedAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Uploaded by</dt>
              <dd className="break-all">{batch.uploadedByEmail ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{completed ? 'Completed' : 'Total size'}</dt>
              <dd>{completed ? formatDateTime(batch.completedAt) : formatBytes(batch.totalSize)}</dd>
            </div>
          </dl>
          {!completed && can('uploads:update') ? (
            <p id="complete-hint" className="text-sm text-muted-foreground">
              {readyToComplete
                ? 'Every file is settled. Complete the upload to hand it in; its files can no longer change after that.'
                : 'You can complete the upload once every file has been read (failed files may stay).'}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <BatchSuppliersCard fileUploadId={batch.id} completed={completed} />

      {notice ? notice.ok ? <Alert variant="success">{notice.text}</Alert> : <ServerAlert message={notice.text} /> : null}

      {canAdd ? <DropZone limits={config} onFiles={addFiles} remaining={remaining} disabled={remaining === 0} /> : null}

      {refused.length > 0 ? <RefusedFiles refused={refused} onClear={() => setRefused([])} /> : null}

      <section aria-labelledby="batch-files" className="flex flex-col gap-3">
        <h2 id="batch-files" className="text-lg font-semibold">
          Files
        </h2>
        {rows.length === 0 ? (
          <Card>
            <EmptyState
              icon={FolderUp}
              title={completed ? 'No files' : 'No files yet'}
              description={
                canAdd
                  ? 'Drop CSV or Excel files above, or choose them. Each one is checked and read as soon as it arrives.'
                  : 'Files added to this upload show here.'
              }
            />
          </Card>
        ) : (
          <ul className="flex flex-col gap-3">
            {rows.map((row) => (
              <FileLine key={row.key} row={row} batchId={batch.id} actions={actions} busy={working.has(row.key)} />
            ))}
          </ul>
        )}
      </section>

      <div role="log" aria-live="polite" aria-label="File status changes" className="sr-only">
        {messages.map((message) => (
          <p key={message.id}>{message.text}</p>
        ))}
      </div>

      <ConfirmDialog
        open={deletingFile !== null}
        onOpenChange={(open) => !open && setDeletingFile(null)}
        title={`Delete “${deletingFile?.name ?? ''}”?`}
        description="The file and the rows read from it are deleted from this upload. This cannot be undone."
        confirmLabel="Delete file"
        onConfirm={async () => {
          const fileId = deletingFile?.file?.id;
          if (!fileId) return null;
          const failure = mutationFailure(await deleteFile({ fileId }, FILE_CONTEXT), (d) => d.deleteFile);
          if (!failure) {
            if (deletingFile?.local) queue.dismiss(deletingFile.local.key);
            setNotice({ ok: true, text: `Deleted “${deletingFile?.name}”.` });
            refresh();
          }
          return failure;
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete “${batch.name}”?`}
        description="The upload, its files and the rows read from them are deleted. This cannot be undone."
        confirmLabel="Delete upload"
        onConfirm={async () => {
          const failure = mutationFailure(await deleteBatch({ id: batch.id }, FILE_CONTEXT), (d) => d.deleteFileUpload);
          if (!failure) navigate('/app/uploads');
          return failure;
        }}
      />
      <ConfirmDialog
        open={dialog === 'complete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Complete “${batch.name}”?`}
        description={`${progress.processed} of ${progress.total} files were read. Once completed, no file can be added, changed or removed.`}
        confirmLabel="Complete upload"
        destructive={false}
        schema={completeSchema}
        defaultValues={{ supplierEmails: batch.supplierEmails.join('\n') }}
        onConfirm={async (values) => {
          const response = await completeBatch({ input: { fileUploadId: batch.id, supplierEmails: values.supplierEmails } }, FILE_CONTEXT);
          const failure = mutationError(response, (d) => d.completeFileUpload);
          if (!failure) {
            setNotice({ ok: true, text: `“${batch.name}” is completed.` });
            refresh();
          }
          return failure ? { ...failure, field: failure.field?.replace(/^input\./, '') ?? null } : null;
        }}
      >
        {(form) => (
          <TextareaField
            control={form.control}
            name="supplierEmails"
            label="Supplier email addresses"
            optional
            className="min-h-20"
            hint="One per line or separated by commas: the suppliers this data is about."
          />
        )}
      </ConfirmDialog>
    </>
  );
};

/** Files refused before sending, each with its reason; they stay until cleared. */
const RefusedFiles = ({ refused, onClear }: { refused: readonly Refused[]; onClear: () => void }) => (
  <Card className="border-destructive/60">
    <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-3">
      <div className="flex flex-col gap-1">
        <CardTitle className="flex items-center gap-2 text-base">
          <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
          {refused.length === 1 ? '1 file was not added' : `${refused.length} files were not added`}
        </CardTitle>
        <CardDescription>Nothing was sent for these files.</CardDescription>
      </div>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear
      </Button>
    </CardHeader>
    <CardContent>
      <ul className="flex flex-col gap-2 text-sm" aria-label="Files not added">
        {refused.map((r) => (
          <li key={r.key} className="flex flex-col gap-0.5">
            <span className="break-all font-medium">{r.name}</span>
            <span className="text-destructive">{r.reason}</span>
          </li>
        ))}
      </ul>
    </CardContent>
  </Card>
);
