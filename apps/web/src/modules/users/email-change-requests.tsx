import { EMAIL_CHANGE_STATUS_LABELS, EMAIL_CHANGE_STATUSES } from '@tidewise/shared/organization';
import { Check, MailQuestion, X } from 'lucide-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { ApproveEmailChangeMutation, type EmailChangeRequest, EmailChangeRequestsQuery, RejectEmailChangeMutation } from './graphql.ts';

const PAGE_SIZE = 20;
const STATUS_VARIANT = { pending: 'secondary', approved: 'success', rejected: 'destructive', cancelled: 'outline' } as const;

/** Requests to sign in with another address; an administrator approves (a new invitation goes out) or rejects. */
export const EmailChangeRequests = () => {
  const { formatDateTime } = useDateFormat();
  const [status, setStatus] = useState<EmailChangeRequest['status'] | ''>('pending');
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: EmailChangeRequestsQuery,
    variables: { pagination: { page, pageSize: PAGE_SIZE }, status: status || null },
  });
  const [decision, setDecision] = useState<{ kind: 'approve' | 'reject'; request: EmailChangeRequest } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [, approve] = useMutation(ApproveEmailChangeMutation);
  const [, reject] = useMutation(RejectEmailChangeMutation);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  const requests = result.data?.emailChangeRequests.data ?? [];
  const pageInfo = result.data?.emailChangeRequests.pageInfo;

  const columns: Column<EmailChangeRequest>[] = [
    {
      id: 'current',
      header: 'Current email',
      sortValue: (r) => r.currentEmail,
      cell: (r) => <span className="break-all">{r.currentEmail}</span>,
    },
    {
      id: 'new',
      header: 'New email',
      sortValue: (r) => r.newEmail,
      cell: (r) => <span className="break-all font-medium">{r.newEmail}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortValue: (r) => r.status,
      cell: (r) => <StatusBadge variant={STATUS_VARIANT[r.status]}>{EMAIL_CHANGE_STATUS_LABELS[r.status]}</StatusBadge>,
    },
    {
      id: 'requested',
      header: 'Requested',
      sortValue: (r) => r.createdAt,
      className: 'hidden md:table-cell',
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      id: 'actions',
      header: 'Decision',
      hideHeader: true,
      className: 'text-right',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDecision({ kind: 'approve', request: r })}
              aria-label={`Approve change to ${r.newEmail}`}
            >
              <Check aria-hidden="true" />
              <span className="hidden sm:inline">Approve</span>
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive"
              onClick={() => setDecision({ kind: 'reject', request: r })}
              aria-label={`Reject change to ${r.newEmail}`}
            >
              <X aria-hidden="true" />
              <span className="hidden sm:inline">Reject</span>
            </Button>
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{formatDateTime(r.decidedAt)}</span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor="email-change-status">Status</Label>
        <Select
          id="email-change-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as EmailChangeRequest['status'] | '');
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {EMAIL_CHANGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EMAIL_CHANGE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <DataTable
        caption="Email change requests"
        columns={columns}
        rows={requests}
        getRowId={(r) => r.id}
        loading={result.fetching && !result.data}
        error={result.error && !result.data ? <QueryError error={result.error} onRetry={refresh} /> : null}
        empty={
          <EmptyState
            icon={MailQuestion}
            title={status === 'pending' ? 'No requests waiting' : 'No requests'}
            description="When a user asks to sign in with another email address, the request shows here."
          />
        }
        pagination={
          pageInfo
            ? {
                page: pageInfo.currentPage,
                totalPages: pageInfo.totalPages,
                totalCount: pageInfo.totalCount,
                pageSize: PAGE_SIZE,
                onPageChange: setPage,
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={decision?.kind === 'approve'}
        onOpenChange={(open) => !open && setDecision(null)}
        title="Approve the email change?"
        description={
          decision
            ? `${decision.request.currentEmail} becomes ${decision.request.newEmail}. The user is signed out and receives a new invitation at the new address.`
            : ''
        }
        confirmLabel="Approve"
        destructive={false}
        onConfirm={async () => {
          if (!decision) return null;
          const response = await approve({ id: decision.request.id });
          const failure = mutationFailure(response, (d) => d.approveEmailChange);
          if (!failure) {
            setNotice(`Approved. An invitation is on its way to ${decision.request.newEmail}.`);
            refresh();
          }
          return failure;
        }}
      />
      <ConfirmDialog
        open={decision?.kind === 'reject'}
        onOpenChange={(open) => !open && setDecision(null)}
        title="Reject the email change?"
        description={decision ? `The user keeps signing in with ${decision.request.currentEmail}.` : ''}
        confirmLabel="Reject"
        onConfirm={async () => {
          if (!decision) return null;
          const response = await reject({ id: decision.request.id });
          const failure = mutationFailure(response, (d) => d.rejectEmailChange);
          if (!failure) {
            setNotice('Request rejected.');
            refresh();
          }
          return failure;
        }}
      />
    </div>
  );
};
