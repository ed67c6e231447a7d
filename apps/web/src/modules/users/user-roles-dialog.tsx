import { useEffect, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, useZodForm } from '../../ui/form.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { mutationError, type ServerFailure } from '../../lib/errors.ts';
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

const userRolesSchema = z.object({ roleIds: z.array(z.string()) });

type Props = { user: OrganizationUser | null; onOpenChange: (open: boolean) => void; onSaved: () => void };

/** Chooses the roles a user holds: one checkbox per role, saved as additions and removals. */
export const UserRolesDialog = ({ user, ...props }: Props) => (user ? <UserRolesForm user={user} {...props} /> : null);

const UserRolesForm = ({ user, onOpenChange, onSaved }: Props & { user: OrganizationUser }) => {
  const [rolesResult] = useQuery({ query: RoleOptionsQuery });
  const [heldResult, refetchHeld] = useQuery({ query: UserRolesQuery, variables: { userId: user.userId }, requestPolicy: 'network-only' });
  const roles = invitableRoles(rolesResult.data?.authorizationRoles.data ?? []);
  const held = useMemo(() => heldResult.data?.authorizationUserRoles.data ?? [], [heldResult.data]);
  const form = useZodForm(userRolesSchema, { defaultValues: { roleIds: [] } });
  const { field } = useController({ control: form.control, name: 'roleIds' });
  const [, createRoles] = useMutation(CreateUserRolesMutation);
  const [, deleteRoles] = useMutation(DeleteUserRolesMutation);
  const pending = form.formState.isSubmitting;

  // The roles held, as the server has them now, are where the choice starts.
  useEffect(() => form.reset({ roleIds: held.map((h) => h.authorizationRoleId) }, { keepErrors: true }), [held, form]);

  const chosen = new Set(field.value);
  const changes = userRoleChanges(held, chosen);
  const dirty = changes.create.length + changes.remove.length > 0;
  const loading = (rolesResult.fetching && !rolesResult.data) || (heldResult.fetching && !heldResult.data);
  const loadError = rolesResult.error ?? heldResult.error;

  const toggle = (roleId: string, on: boolean) =>
    field.onChange(on ? [...field.value, roleId] : field.value.filter((id: string) => id !== roleId));

  const submit = async ({ roleIds }: { roleIds: string[] }) => {
    const { create, remove } = userRoleChanges(held, new Set(roleIds));
    if (create.length + remove.length === 0) return;
    let failure: ServerFailure | null = null;
    if (create.length > 0) {
      const result = await createRoles({ input: create.map((authorizationRoleId) => ({ userId: user.userId, authorizationRoleId })) });
      failure = mutationError(result, (d) => d.createManyAuthorizationUserRoles);
    }
    if (!failure && remove.length > 0) {
      const result = await deleteRoles({ ids: remove });
      failure = result.error ? mutationError(result, (d) => d.deleteManyAuthorizationUserRoles) : null;
    }
    if (setServerError(form, failure)) {
      refetchHeld({ requestPolicy: 'network-only' });
      return;
    }
    onSaved();
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Roles of {personName(user)}</DialogTitle>
            <DialogDescription>A user may hold several roles; they can do what any of them allows.</DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
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
              {roles.map((role, index) => (
                <label
                  key={role.id}
                  htmlFor={`user-role-${role.id}`}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-muted/50"
                >
                  <Checkbox
                    id={`user-role-${role.id}`}
                    ref={index === 0 ? field.ref : undefined}
                    className="mt-0.5"
                    checked={chosen.has(role.id)}
                    onChange={(e) => toggle(role.id, e.target.checked)}
                    onBlur={field.onBlur}
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
          <FormDialogFooter pending={pending} pendingLabel="Saving" onCancel={() => onOpenChange(false)} submitDisabled={!dirty}>
            Save roles
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
