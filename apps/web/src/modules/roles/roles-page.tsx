import { KeyRound, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationError, mutationFailure } from '../../lib/errors.ts';
import type { AuthorizationRole } from './graphql.ts';
import { useViewer } from '../../lib/viewer.ts';
import {
  AssignPermissionsMutation,
  CreateRoleMutation,
  DeleteRoleMutation,
  PermissionsQuery,
  RemovePermissionsMutation,
  RolesQuery,
  UpdateRoleMutation,
} from './graphql.ts';
import { buildMatrix, permissionChanges } from './matrix.ts';
import { PermissionMatrixTable } from './permission-matrix.tsx';
import { RoleFormDialog } from './role-form-dialog.tsx';

const isSystem = (role: AuthorizationRole) => role.scope === 'system';
const grantedIds = (role: AuthorizationRole) => new Set(role.rolePermissions.map((rp) => rp.permission.id));

/** Roles and the permissions each grants, as a resources × actions matrix; custom roles are editable. */
export const RolesPage = () => {
  usePageMeta({ title: 'Roles & permissions', description: 'Who may do what in your organisation.' });
  const { can } = useViewer();
  const context = useMemo(() => ({ additionalTypenames: ['AuthorizationRole'] }), []);
  const [rolesResult, refetchRoles] = useQuery({ query: RolesQuery, variables: { pagination: { page: 1, pageSize: 100 } }, context });
  const [permissionsResult, refetchPermissions] = useQuery({ query: PermissionsQuery });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<'create' | 'edit' | 'delete' | null>(null);
  const [, createRole] = useMutation(CreateRoleMutation);
  const [, updateRole] = useMutation(UpdateRoleMutation);
  const [, assign] = useMutation(AssignPermissionsMutation);
  const [, remove] = useMutation(RemovePermissionsMutation);
  const [, deleteRole] = useMutation(DeleteRoleMutation);

  const roles = rolesResult.data?.authorizationRoles.data ?? [];
  const permissions = permissionsResult.data?.authorizationPermissions ?? [];
  const matrix = useMemo(() => buildMatrix(permissions), [permissions]);
  const selected = roles.find((r) => r.id === selectedId) ?? roles[0] ?? null;
  const editable = Boolean(selected && !isSystem(selected) && can('roles:update'));
  const granted = draft ?? (selected ? grantedIds(selected) : new Set<string>());
  const changes = selected && draft ? permissionChanges(grantedIds(selected), draft) : { assign: [], remove: [] };
  const dirty = changes.assign.length + changes.remove.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different role starts a fresh draft
  useEffect(() => {
    setDraft(null);
    setSaveError(null);
    setSaved(false);
  }, [selected?.id]);

  const refresh = () => refetchRoles({ requestPolicy: 'network-only' });

  const save = async () => {
    if (!selected || !draft) return;
    setSaving(true);
    setSaveError(null);
    let failure: string | null = null;
    if (changes.assign.length > 0) {
      const result = await assign({ roleId: selected.id, permissionIds: changes.assign });
      failure = mutationFailure(result, (d) => d.assignAuthorizationPermissions);
    }
    if (!failure && changes.remove.length > 0) {
      const result = await remove({ roleId: selected.id, permissionIds: changes.remove });
      failure = mutationFailure(result, (d) => d.removeAuthorizationPermissions);
    }
    setSaving(false);
    setSaveError(failure);
    if (!failure) {
      setDraft(null);
      setSaved(true);
      refresh();
    }
  };

  const loading = (rolesResult.fetching && !rolesResult.data) || (permissionsResult.fetching && !permissionsResult.data);
  const error = rolesResult.error ?? permissionsResult.error;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Roles & permissions"
        description="System roles are the same for every organisation and cannot be changed. Create custom roles for anything else."
        actions={
          can('roles:create') ? (
            <Button onClick={() => setDialog('create')}>
              <Plus aria-hidden="true" />
              New role
            </Button>
          ) : null
        }
      />
      {error && !rolesResult.data ? (
        <QueryError
          title="Roles could not be loaded"
          error={error}
          onRetry={() => {
            refresh();
            refetchPermissions({ requestPolicy: 'network-only' });
          }}
        />
      ) : loading ? (
        <CardsLoading label="Loading roles" cards={1} />
      ) : roles.length === 0 ? (
        <Card>
          <EmptyState icon={KeyRound} title="No roles yet" description="Roles appear here once the permission catalogue is loaded." />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="Roles" className="flex flex-col gap-1">
            <ul className="flex flex-col gap-1">
              {roles.map((role) => {
                const current = role.id === selected?.id;
                return (
                  <li key={role.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(role.id)}
                      aria-current={current ? 'true' : undefined}
                      className={cn(
                        'flex w-full flex-col items-start gap-0.5 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring',
                        current ? 'border-primary bg-secondary text-secondary-foreground' : 'border-transparent hover:bg-muted',
                      )}
                    >
                      <span className="flex w-full items-center justify-between gap-2 font-medium">
                        {role.name}
                        {isSystem(role) ? <Lock className="size-3.5 shrink-0 text-muted-foreground" aria-label="System role" /> : null}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {role.rolePermissions.length} permissions · {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {selected ? (
            <Card className="min-w-0">
              <CardHeader>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex flex-col gap-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <CardTitle>{selected.name}</CardTitle>
                      <StatusBadge variant={isSystem(selected) ? 'secondary' : 'outline'}>
                        {isSystem(selected) ? 'System role' : 'Custom role'}
                      </StatusBadge>
                    </div>
                    <CardDescription>{selected.description || 'No description.'}</CardDescription>
                  </div>
                  {!isSystem(selected) ? (
                    <div className="flex gap-2">
                      {can('roles:update') ? (
                        <Button variant="outline" size="sm" onClick={() => setDialog('edit')}>
                          <Pencil aria-hidden="true" />
                          Rename
                        </Button>
                      ) : null}
                      {can('roles:delete') ? (
                        <Button variant="outline" size="sm" className="text-destructive" onClick={() => setDialog('delete')}>
                          <Trash2 aria-hidden="true" />
                          Delete
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                {isSystem(selected) ? (
                  <Alert className="flex items-center gap-2">
                    <Lock className="size-4 shrink-0" aria-hidden="true" />
                    System roles are read-only. To grant a different set of permissions, create a custom role.
                  </Alert>
                ) : null}
                <ServerAlert message={saveError} />
                {saved ? <Alert variant="success">Permissions saved.</Alert> : null}
                <PermissionMatrixTable
                  roleName={selected.name}
                  matrix={matrix}
                  granted={granted}
                  onToggle={
                    editable
                      ? (id, on) => {
                          setSaved(false);
                          setDraft((current) => {
                            const next = new Set(current ?? grantedIds(selected));
                            if (on) next.add(id);
                            else next.delete(id);
                            return next;
                          });
                        }
                      : undefined
                  }
                />
                {editable ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <Button onClick={save} disabled={!dirty || saving}>
                      {saving ? <Spinner className="text-current" label="Saving" /> : null}
                      Save permissions
                    </Button>
                    <Button variant="outline" onClick={() => setDraft(null)} disabled={!dirty || saving}>
                      Discard changes
                    </Button>
                    <p className="text-sm text-muted-foreground" aria-live="polite">
                      {dirty ? `${changes.assign.length} to grant, ${changes.remove.length} to take away` : ''}
                    </p>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          ) : null}
        </div>
      )}
      <RoleFormDialog
        open={dialog === 'create'}
        onOpenChange={(open) => setDialog(open ? 'create' : null)}
        title="New role"
        description="Name the role; you choose its permissions in the matrix next."
        submitLabel="Create role"
        initial={{ name: '', description: '' }}
        onSubmit={async (values) => {
          const result = await createRole({ input: { name: values.name, description: values.description || null, permissionIds: [] } });
          const failure = mutationError(result, (d) => d.createAuthorizationRole);
          if (!failure && result.data) {
            setSelectedId(result.data.createAuthorizationRole.id);
            refresh();
          }
          return failure;
        }}
      />
      {selected && !isSystem(selected) ? (
        <>
          <RoleFormDialog
            open={dialog === 'edit'}
            onOpenChange={(open) => setDialog(open ? 'edit' : null)}
            title={`Rename ${selected.name}`}
            description="The new name shows wherever the role is listed."
            submitLabel="Save"
            initial={{ name: selected.name, description: selected.description ?? '' }}
            onSubmit={async (values) => {
              const result = await updateRole({ id: selected.id, input: { name: values.name, description: values.description || null } });
              const failure = mutationError(result, (d) => d.updateAuthorizationRole);
              if (!failure) refresh();
              return failure;
            }}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            onOpenChange={(open) => setDialog(open ? 'delete' : null)}
            title={`Delete ${selected.name}?`}
            description={
              selected.userCount > 0
                ? `${selected.userCount} ${selected.userCount === 1 ? 'user holds' : 'users hold'} this role. Take it away from them first; the server refuses otherwise.`
                : 'The role and its permissions are removed. This cannot be undone.'
            }
            confirmLabel="Delete role"
            onConfirm={async () => {
              const result = await deleteRole({ id: selected.id });
              const failure = mutationFailure(result, (d) => d.deleteAuthorizationRole);
              if (!failure) {
                setSelectedId(null);
                refresh();
              }
              return failure;
            }}
          />
        </>
      ) : null}
    </div>
  );
};
