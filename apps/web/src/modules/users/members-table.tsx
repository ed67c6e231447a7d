import { Lock, LockOpen, Mail, MoreHorizontal, ShieldCheck, UserMinus, Users } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useMutation, useQuery } from 'urql';
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
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ListTable } from '../../ui/list-page.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { personName, useDateFormat } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import {
  DeleteOrganizationUsersMutation,
  type OrganizationUser,
  OrganizationUsersQuery,
  ResendInvitationMutation,
  UnlockUserMutation,
} from './graphql.ts';
import { LockUserDialog } from './lock-user-dialog.tsx';
import { roleLabel, USER_STATUS_LABELS, type UserStatus, userStatus } from './user-status.ts';
import { UserRolesDialog } from './user-roles-dialog.tsx';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import type { OrganizationUserSortField } from './graphql.ts';

/** The list's URL: `?search=&sort=&dir=&page=&size=`. */
const LIST = {
  sortFields: { name: 'name', email: 'email', role: 'role', added: 'createdAt' },
  filters: { search: param.text() },
} satisfies ListConfig<'search', OrganizationUserSortField>;

const STATUS_VARIANT: Record<UserStatus, 'success' | 'secondary' | 'destructive'> = {
  active: 'success',
  invited: 'secondary',
  locked: 'destructive',
};

type Pending = { kind: 'roles' | 'lock' | 'unlock' | 'remove'; user: OrganizationUser } | null;

/** The organisation's users: search, pages, and the actions the viewer's permissions allow. */
export const MembersTable = ({ notice }: { notice: string | null }) => {
  const { formatDate } = useDateFormat();
  const { can, viewer } = useViewer();
  const list = useListParams(LIST);
  const { search } = list.filters;
  const [result, refetch] = useQuery({
    query: OrganizationUsersQuery,
    variables: { pagination: list.pagination, search: search || null, sort: list.sortInput },
  });
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [, unlock] = useMutation(UnlockUserMutation);
  const [, remove] = useMutation(DeleteOrganizationUsersMutation);
  const [, resend] = useMutation(ResendInvitationMutation);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);

  const canChangeRoles = can('user-roles:create') || can('user-roles:delete');

  const resendInvitation = async (user: OrganizationUser) => {
    const response = await resend({ id: user.id });
    const failure = mutationFailure(response, (d) => d.resendOrganizationUserInvitation);
    setMessage(failure ? { ok: false, text: failure } : { ok: true, text: `Invitation sent again to ${user.email}.` });
  };

  const columns: Column<OrganizationUser>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (u) => (
        <div className="flex min-w-0 flex-col">
          <span className="font-medium">{personName(u)}</span>
          {u.jobPosition ? <span className="text-xs text-muted-foreground">{u.jobPosition}</span> : null}
        </div>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortable: true,
      cell: (u) => <span className="break-all">{u.email}</span>,
    },
    { id: 'role', header: 'Role', sortable: true, cell: (u) => roleLabel(u.role) },
    {
      id: 'status',
      header: 'Status',
      cell: (u) => {
        const status = userStatus(u);
        return (
          <StatusBadge variant={STATUS_VARIANT[status]} title={status === 'locked' ? (u.lockReason ?? undefined) : undefined}>
            {USER_STATUS_LABELS[status]}
          </StatusBadge>
        );
      },
    },
    {
      id: 'added',
      header: 'Added',
      sortable: true,
      className: 'hidden lg:table-cell',
      cell: (u) => formatDate(u.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-12 text-right',
      cell: (u) => {
        const self = u.userId === viewer?.userId;
        const status = userStatus(u);
        const items = [
          canChangeRoles ? (
            <DropdownMenuItem key="roles" onSelect={() => setPending({ kind: 'roles', user: u })}>
              <ShieldCheck aria-hidden="true" />
              Change roles
            </DropdownMenuItem>
          ) : null,
          status === 'invited' && can('users:invite') ? (
            <DropdownMenuItem key="resend" onSelect={() => void resendInvitation(u)}>
              <Mail aria-hidden="true" />
              Resend invitation
            </DropdownMenuItem>
          ) : null,
          status === 'locked' && can('users:unlock') ? (
            <DropdownMenuItem key="unlock" onSelect={() => setPending({ kind: 'unlock', user: u })}>
              <LockOpen aria-hidden="true" />
              Unlock
            </DropdownMenuItem>
          ) : null,
          status !== 'locked' && !self && can('users:lock') ? (
            <DropdownMenuItem key="lock" onSelect={() => setPending({ kind: 'lock', user: u })}>
              <Lock aria-hidden="true" />
              Lock
            </DropdownMenuItem>
          ) : null,
        ].filter(Boolean);
        const removable = !self && can('users:delete');
        if (items.length === 0 && !removable) return null;
        return (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${personName(u)}`}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {items}
              {removable ? (
                <>
                  {items.length > 0 ? <DropdownMenuSeparator /> : null}
                  <DropdownMenuItem destructive onSelect={() => setPending({ kind: 'remove', user: u })}>
                    <UserMinus aria-hidden="true" />
                    Remove from organisation
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      },
    },
  ];

  const close = () => setPending(null);
  const done = (text: string) => {
    setMessage({ ok: true, text });
    refresh();
  };

  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        id="users-search"
        label="Search users"
        placeholder="Search by name, email or job"
        value={search}
        onChange={(value) => list.setFilters({ search: value })}
      />
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {message ? message.ok ? <Alert variant="success">{message.text}</Alert> : <ServerAlert message={message.text} /> : null}
      <ListTable
        caption="Users of the organisation"
        columns={columns}
        getRowId={(u) => u.id}
        list={list}
        connection={result.data?.organizationUsers}
        fetching={result.fetching}
        error={result.error}
        onRetry={refresh}
        empty={
          <EmptyState
            icon={Users}
            title={search ? 'No users match your search' : 'No users yet'}
            description={search ? 'Try another name or email address.' : 'Invite your colleagues to share the work.'}
          />
        }
      />
      <UserRolesDialog
        user={pending?.kind === 'roles' ? pending.user : null}
        onOpenChange={(open) => !open && close()}
        onSaved={() => done(`Roles of ${pending ? personName(pending.user) : 'the user'} saved.`)}
      />
      <LockUserDialog
        user={pending?.kind === 'lock' ? pending.user : null}
        onOpenChange={(open) => !open && close()}
        onDone={() => done(`${pending ? personName(pending.user) : 'The user'} is locked.`)}
      />
      <ConfirmDialog
        open={pending?.kind === 'unlock'}
        onOpenChange={(open) => !open && close()}
        title={`Unlock ${pending ? personName(pending.user) : ''}?`}
        description="They can sign in again straight away."
        confirmLabel="Unlock"
        destructive={false}
        onConfirm={async () => {
          if (!pending) return null;
          const response = await unlock({ userId: pending.user.userId });
          const failure = mutationFailure(response, (d) => d.unlockAuthenticationUser);
          if (!failure) done(`${personName(pending.user)} is unlocked.`);
          return failure;
        }}
      />
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        onOpenChange={(open) => !open && close()}
        title={`Remove ${pending ? personName(pending.user) : ''}?`}
        description="They lose access to the organisation at once and their roles are taken away. Their entries in the audit log stay."
        confirmLabel="Remove user"
        onConfirm={async () => {
          if (!pending) return null;
          const response = await remove({ ids: [pending.user.id] });
          const failure = mutationFailure(response, (d) => d.deleteManyOrganizationUsers);
          if (!failure) done(`${personName(pending.user)} was removed.`);
          return failure;
        }}
      />
    </div>
  );
};
