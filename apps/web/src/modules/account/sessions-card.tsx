import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { type AccountSession, MySessionsQuery, RevokeOtherSessionsMutation } from './graphql.ts';

const device = (s: AccountSession) => [s.browser, s.os].filter(Boolean).join(' on ') || 'Unknown device';

/** Where the user is signed in, and signing out everywhere else at once. */
export const SessionsCard = () => {
  const { formatDateTime } = useDateFormat();
  const [result, refetch] = useQuery({ query: MySessionsQuery, requestPolicy: 'network-only' });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [, revoke] = useMutation(RevokeOtherSessionsMutation);
  const sessions = result.data?.mySessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const columns: Column<AccountSession>[] = [
    {
      id: 'device',
      header: 'Device',
      sortValue: device,
      cell: (s) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{device(s)}</span>
          {s.current ? <StatusBadge variant="success">This device</StatusBadge> : null}
        </div>
      ),
    },
    {
      id: 'ip',
      header: 'IP address',
      sortValue: (s) => s.ipAddress,
      className: 'hidden md:table-cell',
      cell: (s) => <span className="font-mono text-xs">{s.ipAddress ?? '—'}</span>,
    },
    {
      id: 'created',
      header: 'Signed in',
      sortValue: (s) => s.createdAt,
      className: 'hidden lg:table-cell',
      cell: (s) => formatDateTime(s.createdAt),
    },
    { id: 'last', header: 'Last active', sortValue: (s) => s.lastUsedAt, cell: (s) => formatDateTime(s.lastUsedAt) },
  ];

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Where you are signed in</CardTitle>
            <CardDescription>Sign out of other devices if you no longer use them or do not recognise one.</CardDescription>
          </div>
          <Button variant="outline" onClick={() => setConfirmOpen(true)} disabled={others === 0}>
            <LogOut aria-hidden="true" />
            Sign out of other sessions
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notice ? <Alert variant="success">{notice}</Alert> : null}
        <DataTable
          caption="Your sessions"
          columns={columns}
          rows={sessions}
          getRowId={(s) => s.id}
          defaultSort={{ columnId: 'last', direction: 'desc' }}
          loading={result.fetching && !result.data}
          error={
            result.error && !result.data ? (
              <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
            ) : null
          }
          empty={<EmptyState icon={MonitorSmartphone} title="No active sessions" description="Sessions appear here after you sign in." />}
        />
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Sign out of other sessions?"
        description={`${others} other ${others === 1 ? 'session is' : 'sessions are'} signed out at once. This device stays signed in.`}
        confirmLabel="Sign out others"
        onConfirm={async () => {
          const response = await revoke({});
          const failure = mutationFailure(response, (d) => d.revokeOtherSessions);
          if (!failure) {
            setNotice(response.data?.revokeOtherSessions.message ?? 'Other sessions signed out.');
            refetch({ requestPolicy: 'network-only' });
          }
          return failure;
        }}
      />
    </Card>
  );
};
