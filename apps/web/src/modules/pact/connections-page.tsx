import { MoreHorizontal, Pencil, Plug, Plus, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { mutationError, mutationFailure } from '../../lib/errors.ts';
import { formatNumber, useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ConnectionFormDialog } from './connection-form-dialog.tsx';
import {
  DeletePactConnectionMutation,
  type PactConnection,
  PactConnectionsQuery,
  PactConnectionUpdatedSubscription,
  SyncPactConnectionMutation,
} from './graphql.ts';
import { CONNECTION_STATUS } from './pact-format.ts';
import { PactNav } from './pact-nav.tsx';
import { RequestFootprintsDialog } from './request-footprints-dialog.tsx';

const latestLive = (_previous: PactConnection | undefined, data: { pactConnectionUpdated: PactConnection }) => data.pactConnectionUpdated;

/** The listed connections with the newest state each has reported since the list was read. */
export const withLive = (listed: readonly PactConnection[], live: ReadonlyMap<string, PactConnection>) =>
  listed.map((connection) => live.get(connection.id) ?? connection);

/**
 * The partners' PACT host systems this organisation pulls footprints from: each with its sync status, live as the
 * pull runs (`pactConnectionUpdated`), the last error and what it received. Administrators add, edit and delete
 * connections, start a sync and ask a partner for footprints by product id.
 */
export const PactConnectionsPage = () => {
  usePageMeta({ title: 'PACT connections', description: 'Your suppliers’ PACT host systems and their sync status.' });
  const { can } = useViewer();
  const canManage = can('pact:manage');
  const { formatDateTime } = useDateFormat();
  const context = useMemo(() => ({ additionalTypenames: ['PactConnection'] }), []);
  const [result, refetch] = useQuery({ query: PactConnectionsQuery, context });
  const [{ data: pushed }] = useSubscription({ query: PactConnectionUpdatedSubscription }, latestLive);
  const [live, setLive] = useState<Map<string, PactConnection>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ connection: PactConnection | null } | null>(null);
  const [deleting, setDeleting] = useState<PactConnection | null>(null);
  const [requesting, setRequesting] = useState<PactConnection | null>(null);
  const [syncing, setSyncing] = useState<string | null>(null);
  const [, sync] = useMutation(SyncPactConnectionMutation);
  const [, remove] = useMutation(DeletePactConnectionMutation);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const listed = result.data?.pactConnections;
  // A fresh read of the list holds everything reported before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer of the list starts afresh
  useEffect(() => setLive(new Map()), [listed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each pushed state is taken once, when it arrives
  useEffect(() => {
    if (!pushed) return;
    setLive((current) => new Map(current).set(pushed.id, pushed));
    setAnnouncement(`${pushed.name}: ${CONNECTION_STATUS[pushed.status].label.toLowerCase()}.`);
    if (listed && !listed.some((c) => c.id === pushed.id)) reload();
  }, [pushed]);

  const connections = withLive(listed ?? [], live);

  const startSync = async (connection: PactConnection) => {
    setFailure(null);
    setNotice(null);
    setSyncing(connection.id);
    const answer = await sync({ id: connection.id });
    setSyncing(null);
    const refusal = mutationFailure(answer, (d) => d.syncPactConnection);
    if (refusal || !answer.data) {
      setFailure(refusal ?? `${connection.name} could not be synced.`);
      return;
    }
    const started = answer.data.syncPactConnection;
    setLive((current) => new Map(current).set(started.id, started));
    setAnnouncement(`${started.name}: sync started.`);
  };

  const columns: Column<PactConnection>[] = [
    {
      id: 'name',
      header: 'Connection',
      cell: (c) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{c.name}</span>
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{c.baseUrl}</span>
        </span>
      ),
    },
    { id: 'supplier', header: 'Supplier', cell: (c) => c.supplier?.name ?? <span className="text-muted-foreground">None</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <span className="inline-flex items-center gap-2">
          {c.status === 'syncing' ? <Spinner className="size-3.5" label="Syncing" /> : null}
          <StatusBadge variant={CONNECTION_STATUS[c.status].variant}>{CONNECTION_STATUS[c.status].label}</StatusBadge>
        </span>
      ),
    },
    {
      id: 'synced',
      header: 'Last sync',
      cell: (c) =>
        c.status === 'syncing' && c.lastSyncStartedAt ? (
          <span>Started {formatDateTime(c.lastSyncStartedAt)}</span>
        ) : c.lastSyncedAt ? (
          formatDateTime(c.lastSyncedAt)
        ) : (
          'Never'
        ),
    },
    {
      id: 'error',
      header: 'Last error',
      cell: (c) => (c.lastError ? <span className="text-destructive [overflow-wrap:anywhere]">{c.lastError}</span> : '—'),
    },
    {
      id: 'received',
      header: 'Footprints',
      cell: (c) => (
        <span className="flex flex-col gap-0.5">
          <Link to={`/app/pact/received?connection=${c.id}`} className="text-primary underline-offset-4 hover:underline">
            {formatNumber(c.footprintCount)} received
          </Link>
          <span className="text-xs text-muted-foreground">{formatNumber(c.footprintsWithQuantity)} with a quantity</span>
        </span>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            className: 'w-12 text-right',
            cell: (c: PactConnection) => (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for ${c.name}`}>
                    {syncing === c.id ? <Spinner label="Starting the sync" /> : <MoreHorizontal aria-hidden="true" />}
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem disabled={c.status === 'syncing' || syncing === c.id} onSelect={() => void startSync(c)}>
                    <RefreshCw aria-hidden="true" />
                    Sync now
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setRequesting(c)}>
                    <Send aria-hidden="true" />
                    Request footprints
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setEditing({ connection: c })}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem destructive onSelect={() => setDeleting(c)}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ),
          } satisfies Column<PactConnection>,
        ]
      : []),
  ];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Connections"
        description="Your suppliers’ PACT host systems. A sync pulls every footprint they list; with the quantities you bought, they become the supplier’s data entries."
        actions={
          canManage ? (
            <Button onClick={() => setEditing({ connection: null })}>
              <Plus aria-hidden="true" />
              Add connection
            </Button>
          ) : null
        }
      />
      <PactNav />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {notice ? (
        <p role="status" className="text-sm text-success">
          {notice}
        </p>
      ) : null}
      <ServerAlert message={failure} />
      <DataTable
        caption="Connections"
        columns={columns}
        rows={connections}
        getRowId={(c) => c.id}
        loading={result.fetching && !result.data}
        refreshing={result.fetching && Boolean(result.data)}
        error={result.error && !result.data ? <QueryError error={result.error} onRetry={reload} /> : null}
        empty={
          <EmptyState
            icon={Plug}
            title="No connections yet"
            description={
              canManage
                ? 'Add a supplier’s PACT host system with the credentials it issued you, then sync to receive its footprints.'
                : 'An administrator adds your suppliers’ PACT host systems here.'
            }
            action={
              canManage ? (
                <Button variant="outline" onClick={() => setEditing({ connection: null })}>
                  Add connection
                </Button>
              ) : null
            }
          />
        }
      />
      <ConnectionFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        connection={editing?.connection ?? null}
        onSaved={(saved, added) => {
          setFailure(null);
          setNotice(added ? `${saved.name} added. Sync it to receive its footprints.` : `${saved.name} saved.`);
          reload();
        }}
      />
      <RequestFootprintsDialog
        connection={requesting}
        onClose={() => setRequesting(null)}
        onSent={(connection, note) => setNotice(note || `Request sent to ${connection.name}. Its answer will show under Events.`)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'the connection'}?`}
        description={
          <p>
            The footprints received through it are deleted with it and no longer pulled. Credentials you issued to this partner stay valid
            until you revoke them under API credentials.
          </p>
        }
        confirmLabel="Delete connection"
        onConfirm={async () => {
          if (!deleting) return null;
          const answer = await remove({ id: deleting.id });
          const refusal = mutationError(answer, (d) => d.deletePactConnection);
          if (refusal) return refusal;
          setNotice(`${deleting.name} deleted.`);
          reload();
          return null;
        }}
      />
    </div>
  );
};
