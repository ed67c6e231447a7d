import { type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { personName } from '../../lib/format.ts';
import {
  CreateUserRolesMutation,
  DeleteUserRolesMutation,
  type OrganizationUser,
  RoleOptionsQuery,
  type UserRole,
  UserRolesQuery,
} from './graphql.ts';
import { invitableRoles } from './invite-user-dialog.tsx';

/** The user-role links to create and delete to go from the roles held to the roles chosen. */
export const userRoleChanges = (held: readonly UserRole[], chosen: ReadonlySet<string>) => ({
  create: [...chosen].filter((roleId) => !held.some((h) => h.authorizationRoleId === roleId)).sort(),
  remove: held
    .filter((h) => !chosen.has(h.authorizationRoleId))
    .map((h) => h.id)
    .sort(),
});

/** Chooses the roles a user holds: one checkbox per role, saved as additions and removals. */
export const UserRolesDialog = ({
  user,
  onOpenChange,
  onSaved,
}: {
  user: OrganizationUser | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) => {
  const open = user !== null;
  const [rolesResult] = useQuery({ query: RoleOptionsQuery, pause: !open });
  const [heldResult, refetchHeld] = useQuery({
    query: UserRolesQuery,
    variables: { userId: user?.userId ?? '' },
    pause: !open,
    requestPolicy: 'network-only',
  });
  const roles = invitableRoles(rolesResult.data?.authorizationRoles.data ?? []);
  const held = useMemo(() => heldResult.data?.authorizationUserRoles.data ?? [], [heldResult.data]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [, createRoles] = useMutation(CreateUserRolesMutation);
  const [, deleteRoles] = useMutation(DeleteUserRolesMutation);

  useEffect(() => {
    setChosen(new Set(held.map((h) => h.authorizationRoleId)));
  }, [held]);
  useEffect(() => {
    if (open) setServerError(null);
  }, [open]);

  const changes = userRoleChanges(held, chosen);
  const dirty = changes.create.length + changes.remove.length > 0;
  const loading = (rolesResult.fetching && !rolesResult.data) || (heldResult.fetching && !heldResult.data);
  const loadError = rolesResult.error ?? heldResult.error;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || !dirty) return;
    setPending(true);
    setServerError(null);
    let failure: string | null = null;
    if (changes.create.length > 0) {
      const result = await createRoles({
        input: changes.create.map((authorizationRoleId) => ({ userId: user.userId, authorizationRoleId })),
      });
      failure = mutationFailure(result, (d) => d.createManyAuthorizationUserRoles);
    }
    if (!failure && changes.remove.length > 0) {
      const result = await deleteRoles({ ids: changes.remove });
      failure = result.error ? mutationFailure(result, (d) => d.deleteManyAuthorizationUserRoles) : null;
    }
    setPending(false);
    if (failure) {
      setServerError(failure);
      refetchHeld({ requestPolicy: 'network-only' });
      return;
    }
    onSaved();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Roles of {user ? personName(user) : ''}</DialogTitle>
            <DialogDescription>A user may hold several roles; they can do what any of them allows.</DialogDescription>
          </DialogHeader>
          <ServerAlert message={serverError} />
          {loadError ? (
            <QueryError error={loadError} onRetry={() => refetchHeld({ requestPolicy: 'network-only' })} />
          ) : loading ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <span role="status" className="sr-only">
                Loading roles
              </span>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">Roles</legend>
              {roles.map((role) => (
                <label
                  key={role.id}
                  htmlFor={`user-role-${role.id}`}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-muted/50"
                >
                  <Checkbox
                    id={`user-role-${role.id}`}
                    className="mt-0.5"
                    checked={chosen.has(role.id)}
                    onChange={(e) =>
                      setChosen((current) => {
                        const next = new Set(current);
                        if (e.target.checked) next.add(role.id);
                        else next.delete(role.id);
                        return next;
                      })
                    }
                  />
                  <span className="flex flex-col gap-0.5">
                    <span className="text-sm font-medium">
                      {role.name}
                      {role.scope === 'system' ? '' : ' (custom)'}
                    </span>
                    {role.description ? <span className="text-xs text-muted-foreground">{role.description}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!dirty || pending}>
              {pending ? <Spinner className="text-current" label="Saving" /> : null}
              Save roles
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
