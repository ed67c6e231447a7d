import { KeyRound, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { cn } from '../../lib/cn.ts';
import { mutationError } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { CreateCredentialsDialog } from './create-credentials-dialog.tsx';
import { type PactClient, PactClientsQuery, RevokePactClientMutation } from './graphql.ts';
import { PactNav } from './pact-nav.tsx';

/** Revoked credentials read greyed. */
const Dim = ({ client, children }: { client: PactClient; children: ReactNode }) => (
  <span className={cn(!client.active && 'text-muted-foreground')}>{children}</span>
);

/**
 * The API client credentials this organisation issued for its PACT host: who they are for, the secret's last four
 * characters, when they were last used. Administrators create them (the secret shows once) and revoke them; revoked
 * ones are kept for the audit trail and listed on request (`?revoked=1`).
 */
export const PactCredentialsPage = () => {
  usePageMeta({ title: 'PACT API credentials', description: 'Client credentials your partners use to read your footprints.' });
  const { can } = useViewer();
  const canManage = can('pact:manage');
  const { formatDate, formatDateTime } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const showRevoked = params.get('revoked') === '1';
  const context = useMemo(() => ({ additionalTypenames: ['PactClient'] }), []);
  const [result, refetch] = useQuery({ query: PactClientsQuery, variables: { includeRevoked: showRevoked }, context });
  const [, revoke] = useMutation(RevokePactClientMutation);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<PactClient | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const toggleRevoked = (checked: boolean) => {
    const next = new URLSearchParams(params);
    if (checked) next.set('revoked', '1');
    else next.delete('revoked');
    setParams(next, { preventScrollReset: true });
  };

  const columns: Column<PactClient>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (c) => (
        <span className="flex flex-col">
          <Dim client={c}>
            <span className="font-medium [overflow-wrap:anywhere]">{c.name}</span>
          </Dim>
          {c.connection ? <span className="text-xs text-muted-foreground">For {c.connection.name}</span> : null}
        </span>
      ),
    },
    {
      id: 'clientId',
      header: 'Client ID',
      cell: (c) => (
        <Dim client={c}>
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{c.clientId}</span>
        </Dim>
      ),
    },
    {
      id: 'secret',
      header: 'Secret',
      cell: (c) => (
        <Dim client={c}>
          <span className="font-mono text-xs">
            <span className="sr-only">Ending in </span>
            <span aria-hidden="true">••••</span>
            {c.secretHint}
          </span>
        </Dim>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (c) => (
        <Dim client={c}>
          <span className="flex flex-col">
            <span className="whitespace-nowrap">{formatDate(c.createdAt)}</span>
            {c.createdByEmail ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{c.createdByEmail}</span> : null}
          </span>
        </Dim>
      ),
    },
    { id: 'used', header: 'Last used', cell: (c) => <Dim client={c}>{c.lastUsedAt ? formatDateTime(c.lastUsedAt) : 'Never'}</Dim> },
    {
      id: 'status',
      header: 'Status',
      cell: (c) =>
        c.active ? (
          <StatusBadge variant="success">Active</StatusBadge>
        ) : (
          <StatusBadge variant="outline" className="whitespace-nowrap text-muted-foreground">
            Revoked {c.revokedAt ? formatDate(c.revokedAt) : ''}
          </StatusBadge>
        ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            className: 'text-right',
            cell: (c: PactClient) =>
              c.active ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  onClick={() => setRevoking(c)}
                  aria-label={`Revoke ${c.name}`}
                >
                  Revoke
                </Button>
              ) : null,
          } satisfies Column<PactClient>,
        ]
      : []),
  ];

  const clients = result.data?.pactClients ?? [];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="API credentials"
        description="Partners exchange these for an access token at POST /auth/token and read the footprints you publish. Each use is in the audit log."
        actions={
          canManage ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create credentials
            </Button>
          ) : null
        }
      />
      <PactNav />
      <label className="flex items-center gap-2 self-start text-sm" htmlFor="credentials-revoked">
        <Checkbox id="credentials-revoked" checked={showRevoked} onChange={(e) => toggleRevoked(e.target.checked)} />
        Show revoked credentials
      </label>
      {notice ? (
        <p role="status" className="text-sm text-success">
          {notice}
        </p>
      ) : null}
      <DataTable
        caption="API credentials"
        columns={columns}
        rows={clients}
        getRowId={(c) => c.id}
        loading={result.fetching && !result.data}
        refreshing={result.fetching && Boolean(result.data)}
        error={result.error && !result.data ? <QueryError error={result.error} onRetry={reload} /> : null}
        empty={
          <EmptyState
            icon={KeyRound}
            title={showRevoked ? 'No credentials issued' : 'No active credentials'}
            description={
              canManage
                ? 'Create credentials for each partner that reads your footprints; the secret is shown once, when you create them.'
                : 'An administrator creates credentials for each partner that reads your footprints.'
            }
            action={
              canManage ? (
                <Button variant="outline" onClick={() => setCreating(true)}>
                  Create credentials
                </Button>
              ) : null
            }
          />
        }
      />
      <CreateCredentialsDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => {
          setNotice(null);
          reload();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'the credentials'}?`}
        description={
          <p>
            Tokens are no longer issued for client ID <span className="font-mono [overflow-wrap:anywhere]">{revoking?.clientId}</span>, and
            tokens already issued are refused. The partner stops reading your footprints until you give it new credentials. This cannot be
            undone.
          </p>
        }
        confirmLabel="Revoke"
        onConfirm={async () => {
          if (!revoking) return null;
          const answer = await revoke({ id: revoking.id });
          const failure = mutationError(answer, (d) => d.revokePactClient);
          if (failure) return failure;
          setNotice(`${revoking.name} revoked. Its tokens are refused from now on.`);
          reload();
          return null;
        }}
      />
    </div>
  );
};
