import {
  RELATIONSHIP_STATUS_LABELS,
  RELATIONSHIP_STATUSES,
  type RelationshipStatus,
  REGISTRATION_STATUS_LABELS,
} from '@tidewise/shared/organization';
import { Mail, MoreHorizontal, Truck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.tsx';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import {
  type OrganizationRelationship,
  RelationshipsQuery,
  ResendSupplierInvitationMutation,
  UpdateRelationshipStatusMutation,
} from './graphql.ts';
import { InviteSupplierDialog } from './invite-supplier-dialog.tsx';
import { type RelationshipAction, relationshipActions } from './transitions.ts';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import type { RelationshipSortField } from './graphql.ts';

/** The list's URL: `?search=&status=&sort=&dir=&page=&size=`. */
const LIST = {
  sortFields: { organization: 'name', status: 'status', invited: 'createdAt', verified: 'verifiedAt' },
  filters: { search: param.text(), status: param.oneOf(RELATIONSHIP_STATUSES) },
} satisfies ListConfig<'search' | 'status', RelationshipSortField>;

export const STATUS_VARIANT: Record<RelationshipStatus, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  active: 'success',
  pending: 'secondary',
  suspended: 'destructive',
  ended: 'outline',
};

const registrationLabel = (status: string | null) =>
  status && status in REGISTRATION_STATUS_LABELS ? REGISTRATION_STATUS_LABELS[status as keyof typeof REGISTRATION_STATUS_LABELS] : null;

/**
 * A customer's suppliers (or, for a supplier organisation, its customers) with the status of each
 * relationship. Customers invite suppliers, resend invitations and move relationships along the
 * allowed transitions only.
 */
export const SuppliersPage = () => {
  const { formatDate } = useDateFormat();
  const { user } = useSession();
  const isSupplier = user?.organizationUser?.organization.organizationType === 'supplier';
  const side = isSupplier ? 'supplier' : 'customer';
  const noun = isSupplier ? 'customer' : 'supplier';
  const title = isSupplier ? 'Customers' : 'Suppliers';
  usePageMeta({ title, description: isSupplier ? 'The customers you share data with.' : 'The suppliers you collect emissions data from.' });
  const { can } = useViewer();
  const list = useListParams(LIST);
  const { search } = list.filters;
  const status = list.filters.status as RelationshipStatus | '';
  const [result, refetch] = useQuery({
    query: RelationshipsQuery,
    variables: { pagination: list.pagination, status: status || null, search: search || null, side, sort: list.sortInput },
  });
  const [inviteOpen, setInviteOpen] = useState(false);
  const [change, setChange] = useState<{ relationship: OrganizationRelationship; action: RelationshipAction } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [, resend] = useMutation(ResendSupplierInvitationMutation);
  const [, update] = useMutation(UpdateRelationshipStatusMutation);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const other = (r: OrganizationRelationship) => (isSupplier ? r.customerOrganization : r.supplierOrganization);
  const manageable = !isSupplier && (can('suppliers:update') || can('suppliers:invite'));

  const resendInvitation = async (r: OrganizationRelationship) => {
    const response = await resend({ relationshipId: r.id });
    const failure = mutationFailure(response, (d) => d.resendSupplierInvitation);
    setMessage(failure ? { ok: false, text: failure } : { ok: true, text: `Invitation sent again to ${r.supplierOrganization.name}.` });
  };

  const columns: Column<OrganizationRelationship>[] = [
    {
      id: 'organization',
      header: isSupplier ? 'Customer' : 'Supplier',
      sortable: true,
      cell: (r) => {
        const registration = registrationLabel(other(r).registrationStatus);
        return (
          <div className="flex flex-col">
            <span className="font-medium">{other(r).name}</span>
            <span className="text-xs text-muted-foreground">{[registration, other(r).location].filter(Boolean).join(' · ')}</span>
          </div>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (r) => <StatusBadge variant={STATUS_VARIANT[r.status]}>{RELATIONSHIP_STATUS_LABELS[r.status]}</StatusBadge>,
    },
    {
      id: 'invited',
      header: 'Invited',
      sortable: true,
      cell: (r) => formatDate(r.createdAt),
    },
    {
      id: 'verified',
      header: 'Since',
      sortable: true,
      cell: (r) => formatDate(r.verifiedAt),
    },
    ...(manageable
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            className: 'w-12 text-right',
            cell: (r: OrganizationRelationship) => {
              const actions = can('suppliers:update') ? relationshipActions(r.status) : [];
              const canResend = r.status === 'pending' && can('suppliers:invite');
              if (actions.length === 0 && !canResend) return null;
              return (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${r.supplierOrganization.name}`}>
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent>
                    {canResend ? (
                      <DropdownMenuItem onSelect={() => void resendInvitation(r)}>
                        <Mail aria-hidden="true" />
                        Resend invitation
                      </DropdownMenuItem>
                    ) : null}
                    {canResend && actions.length > 0 ? <DropdownMenuSeparator /> : null}
                    {actions.map((action) => (
                      <DropdownMenuItem
                        key={action.to}
                        destructive={action.destructive}
                        onSelect={() => setChange({ relationship: r, action })}
                      >
                        {action.label}
                      </DropdownMenuItem>
                    ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              );
            },
          } satisfies Column<OrganizationRelationship>,
        ]
      : []),
  ];

  return (
    <ListPage
      title={title}
      description={
        isSupplier
          ? 'The customers that invited your organisation, and whether you share data with them.'
          : 'The suppliers you collect emissions data from. A relationship is active once the supplier has registered.'
      }
      actions={
        !isSupplier && can('suppliers:invite') ? (
          <Button onClick={() => setInviteOpen(true)}>
            <Truck aria-hidden="true" />
            Invite supplier
          </Button>
        ) : null
      }
      filters={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchInput
            id="relationships-search"
            label={`Search ${noun}s`}
            placeholder={`Search by ${noun} name`}
            value={search}
            onChange={(value) => list.setFilters({ search: value })}
          />
          <div className="flex flex-col gap-2 sm:w-48">
            <Label htmlFor="relationships-status">Status</Label>
            <Select id="relationships-status" value={status} onChange={(e) => list.setFilters({ status: e.target.value })}>
              <option value="">All statuses</option>
              {RELATIONSHIP_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {RELATIONSHIP_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      }
      notices={message ? message.ok ? <Alert variant="success">{message.text}</Alert> : <ServerAlert message={message.text} /> : null}
      list={list}
      connection={result.data?.organizationRelationships}
      fetching={result.fetching}
      error={result.error}
      onRetry={refresh}
      caption={isSupplier ? 'Customer relationships' : 'Supplier relationships'}
      columns={columns}
      getRowId={(r) => r.id}
      empty={
        <EmptyState
          icon={Truck}
          title={search || status ? `No ${noun}s match` : `No ${noun}s yet`}
          description={
            search || status
              ? 'Try another name or status.'
              : isSupplier
                ? 'When a customer invites your organisation, it shows here.'
                : 'Invite your suppliers to start collecting their emissions data.'
          }
          action={
            !isSupplier && !search && !status && can('suppliers:invite') ? (
              <Button onClick={() => setInviteOpen(true)}>Invite supplier</Button>
            ) : undefined
          }
        />
      }
    >
      <InviteSupplierDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        onInvited={(invited, email) => {
          const matches = invited.possibleMatches.map((m) => m.organization.name);
          setMessage({
            ok: true,
            text: `Invitation sent to ${email} for ${invited.relationship.supplierOrganization.name}.${
              matches.length ? ` Similar suppliers you already have: ${matches.join(', ')}.` : ''
            }`,
          });
          refresh();
        }}
      />
      <ConfirmDialog
        open={change !== null}
        onOpenChange={(open) => !open && setChange(null)}
        title={change ? `${change.action.label}: ${change.relationship.supplierOrganization.name}?` : ''}
        description={change?.action.explain ?? ''}
        confirmLabel={change?.action.label ?? 'Confirm'}
        destructive={change?.action.destructive ?? true}
        onConfirm={async () => {
          if (!change) return null;
          const response = await update({ id: change.relationship.id, status: change.action.to });
          const failure = mutationFailure(response, (d) => d.updateOrganizationRelationshipStatus);
          if (!failure) {
            setMessage({
              ok: true,
              text: `${change.relationship.supplierOrganization.name} is now ${RELATIONSHIP_STATUS_LABELS[change.action.to].toLowerCase()}.`,
            });
            refresh();
          }
          return failure;
        }}
      />
    </ListPage>
  );
};
