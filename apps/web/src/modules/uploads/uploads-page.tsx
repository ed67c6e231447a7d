import { FILE_UPLOAD_STATUSES, type FileUploadStatus } from '@tidewise/shared/uploads';
import { FolderUp, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { compactFilter, type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { TemplateMenu } from '../../ui/template-menu.tsx';
import { newerFile } from './batch-files.ts';
import { FILE_UPLOAD_STATUS_LABELS, FILE_UPLOAD_STATUS_VARIANT, formatBytes, isBatchActive } from './format.ts';
import {
  DeleteFileUploadMutation,
  DeleteManyFileUploadsMutation,
  type FileUpload,
  type FileUploadSortField,
  FileUploadsQuery,
  FileUploadsUpdatedSubscription,
} from './graphql.ts';
import { NewUploadDialog } from './new-upload-dialog.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';

/** The list's URL: `?search=&status=&sort=&dir=&page=&size=`. */
const LIST = {
  sortFields: { name: 'name', status: 'status', started: 'createdAt', size: 'totalSize' },
  filters: { search: param.text(), status: param.oneOf(FILE_UPLOAD_STATUSES) },
} satisfies ListConfig<'search' | 'status', FileUploadSortField>;

const DELETE_CONTEXT = { additionalTypenames: ['FileUpload'] };

/** A completed upload was handed in: it stays as it is. */
const isDeletable = (upload: FileUpload) => upload.status !== 'completed';

/** Each batch's newest answer from the live channel, by id. */
const collectUpdates = (previous: Map<string, FileUpload> | undefined, data: { fileUploadsUpdated: FileUpload }) => {
  const next = new Map(previous);
  next.set(data.fileUploadsUpdated.id, data.fileUploadsUpdated);
  return next;
};

/**
 * The organisation's uploads (batches of files): status and progress kept live by the
 * `fileUploadsUpdated` subscription, so a batch being read moves on screen without reloading.
 * Search, filter by status, sort, and delete one or several.
 */
export const UploadsPage = () => {
  usePageMeta({ title: 'Uploads', description: 'Data files your organisation has uploaded, and how their reading went.' });
  const { formatDateTime } = useDateFormat();
  const { can } = useViewer();
  const canDelete = can('uploads:delete');
  const list = useListParams(LIST);
  const { search } = list.filters;
  const status = list.filters.status as FileUploadStatus | '';
  const [result, refetch] = useQuery({
    query: FileUploadsQuery,
    variables: { pagination: list.pagination, filter: compactFilter({ search, status: status || null }), sort: list.sortInput },
  });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const [{ data: updates }] = useSubscription({ query: FileUploadsUpdatedSubscription }, collectUpdates);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<readonly FileUpload[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [, deleteOne] = useMutation(DeleteFileUploadMutation);
  const [, deleteMany] = useMutation(DeleteManyFileUploadsMutation);

  const connection = result.data?.fileUploads;
  const rows = useMemo(() => (connection?.data ?? []).map((row) => newerFile(row, updates?.get(row.id)) ?? row), [connection, updates]);
  const page = connection ? { ...connection, data: rows } : undefined;

  // A batch this page has not shown yet (started elsewhere) brings the list up to date once.
  const known = useRef(new Set<string>());
  useEffect(() => {
    for (const row of connection?.data ?? []) known.current.add(row.id);
    const unknown = [...(updates?.keys() ?? [])].filter((id) => !known.current.has(id));
    if (unknown.length === 0) return;
    for (const id of unknown) known.current.add(id);
    refresh();
  }, [updates, connection, refresh]);

  // Selection covers the rows on screen only.
  const visibleIds = rows.map((r) => r.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of rows starts a new selection
  useEffect(() => setSelected(new Set()), [visibleIds]);
  const deletable = rows.filter(isDeletable);
  const selectedRows = deletable.filter((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = deletable.length > 0 && selectedRows.length === deletable.length;

  const columns: Column<FileUpload>[] = [
    ...(canDelete
      ? [
          {
            id: 'select',
            header: 'Select',
            hideHeader: true,
            className: 'w-10',
            card: 'actions',
            cell: (r: FileUpload) =>
              isDeletable(r) ? (
                <Checkbox checked={selected.has(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} aria-label={`Select ${r.name}`} />
              ) : null,
          } satisfies Column<FileUpload>,
        ]
      : []),
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      card: 'title',
      cell: (r) => (
        <div className="flex min-w-0 flex-col">
          <Link
            to={`/app/uploads/${r.id}`}
            className="font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {r.name}
          </Link>
          {r.description ? <span className="line-clamp-1 text-xs text-muted-foreground">{r.description}</span> : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (r) => (
        <div className="flex min-w-32 flex-col gap-1.5">
          <StatusBadge variant={FILE_UPLOAD_STATUS_VARIANT[r.status]} className="self-start">
            {FILE_UPLOAD_STATUS_LABELS[r.status]}
          </StatusBadge>
          {isBatchActive(r.status) ? <ProgressBar label={`Progress of ${r.name}`} value={r.progress.percent} size="sm" /> : null}
        </div>
      ),
    },
    {
      id: 'files',
      header: 'Files processed',
      cell: (r) => (
        <span className="whitespace-nowrap tabular-nums">
          {r.progress.filesProcessed} of {r.progress.filesTotal}
          {r.progress.filesFailed > 0 ? <span className="text-destructive"> · {r.progress.filesFailed} failed</span> : null}
        </span>
      ),
    },
    { id: 'uploadedBy', header: 'Uploaded by', className: 'hidden lg:table-cell', cell: (r) => r.uploadedByEmail ?? '—' },
    {
      id: 'started',
      header: 'Started',
      sortable: true,
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.startedAt)}</span>,
    },
    {
      id: 'size',
      header: 'Total size',
      sortable: true,
      className: 'text-right',
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatBytes(r.totalSize)}</span>,
    },
    ...(canDelete
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            className: 'w-12 text-right',
            cell: (r: FileUpload) =>
              isDeletable(r) ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive"
                  aria-label={`Delete ${r.name}`}
                  onClick={() => setDeleting([r])}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null,
          } satisfies Column<FileUpload>,
        ]
      : []),
  ];

  const filtered = Boolean(search || status);
  const newUpload = can('uploads:create') ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      New upload
    </Button>
  ) : null;

  return (
    <ListPage
      title="Uploads"
      description="Spreadsheets of emissions data, sent in batches. Each file is checked and read; you see its rows before anything uses them."
      actions={
        <>
          <TemplateMenu />
          {newUpload}
        </>
      }
      filters={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchInput
            id="uploads-search"
            label="Search uploads"
            placeholder="Search by name, description or uploader"
            value={search}
            onChange={(value) => list.setFilters({ search: value })}
          />
          <div className="flex flex-col gap-2 sm:w-48">
            <Label htmlFor="uploads-status">Status</Label>
            <Select id="uploads-status" value={status} onChange={(e) => list.setFilters({ status: e.target.value })}>
              <option value="">All statuses</option>
              {FILE_UPLOAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FILE_UPLOAD_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      }
      notices={
        <>
          {message ? message.ok ? <Alert variant="success">{message.text}</Alert> : <ServerAlert message={message.text} /> : null}
          {canDelete && deletable.length > 0 ? (
            <div className="flex min-h-10 flex-wrap items-center gap-3 text-sm">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="uploads-select-all"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(deletable.map((r) => r.id)) : new Set())}
                />
                <Label htmlFor="uploads-select-all" className="font-normal">
                  Select all on this page
                </Label>
              </div>
              {selectedRows.length > 0 ? (
                <>
                  <span className="text-muted-foreground" aria-live="polite">
                    {selectedRows.length} selected
                  </span>
                  <Button variant="outline" size="sm" className="text-destructive" onClick={() => setDeleting(selectedRows)}>
                    <Trash2 aria-hidden="true" />
                    Delete selected
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
        </>
      }
      list={list}
      connection={page}
      fetching={result.fetching}
      error={result.error}
      onRetry={refresh}
      caption="Uploads"
      columns={columns}
      getRowId={(r) => r.id}
      empty={
        <EmptyState
          icon={FolderUp}
          title={filtered ? 'No uploads match' : 'No uploads yet'}
          description={
            filtered
              ? 'Try another name or status.'
              : 'Upload your first spreadsheet: CSV or Excel files of fuel, voyages, port calls or purchases. You will see each file read, row by row.'
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={list.resetFilters}>
                Clear filters
              </Button>
            ) : (
              newUpload
            )
          }
        />
      }
    >
      <NewUploadDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.length === 1 ? `Delete “${deleting[0]?.name}”?` : `Delete ${deleting?.length ?? 0} uploads?`}
        description={
          deleting?.length === 1
            ? 'The upload, its files and the rows read from them are deleted. This cannot be undone.'
            : 'These uploads, their files and the rows read from them are deleted. This cannot be undone.'
        }
        confirmLabel={deleting?.length === 1 ? 'Delete upload' : 'Delete uploads'}
        onConfirm={async () => {
          if (!deleting) return null;
          const ids = deleting.map((d) => d.id);
          const failure =
            ids.length === 1
              ? mutationFailure(await deleteOne({ id: ids[0] ?? '' }, DELETE_CONTEXT), (d) => d.deleteFileUpload)
              : mutationFailure(await deleteMany({ ids }, DELETE_CONTEXT), (d) => d.deleteManyFileUploads);
          if (!failure) {
            setMessage({ ok: true, text: ids.length === 1 ? `Deleted “${deleting[0]?.name}”.` : `Deleted ${ids.length} uploads.` });
            setSelected(new Set());
            refresh();
          }
          return failure;
        }}
      />
    </ListPage>
  );
};
