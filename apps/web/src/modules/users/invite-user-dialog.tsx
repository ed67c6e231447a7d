import { emailSchema } from '@tidewise/shared/auth';
import { createOrganizationUserSchema } from '@tidewise/shared/organization';
import { useEffect } from 'react';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, SelectField, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { errorMessage, mutationError } from '../../lib/errors.ts';
import { CreateOrganizationUserMutation, type RoleOption, RoleOptionsQuery } from './graphql.ts';

/** Roles an organisation user can be given: the supplier role belongs to supplier organisations. */
export const invitableRoles = (roles: readonly RoleOption[]) => roles.filter((role) => role.key !== 'supplier_contributor');

/** The server's rules for a new user (`createOrganizationUser`), with this dialog's messages for what is missing. */
export const inviteUserSchema = createOrganizationUserSchema.pick({ firstName: true, lastName: true, jobPosition: true }).extend({
  email: z.string().trim().min(1, { error: 'Enter the email address' }).pipe(emailSchema),
  roleId: z.string().min(1, { error: 'Choose a role' }),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onInvited: (email: string) => void };

/** Invites a colleague by email with one role; the server emails the registration link. */
export const InviteUserDialog = (props: Props) => (props.open ? <InviteUserForm {...props} /> : null);

const InviteUserForm = ({ onOpenChange, onInvited }: Props) => {
  const [rolesResult] = useQuery({ query: RoleOptionsQuery });
  const roles = invitableRoles(rolesResult.data?.authorizationRoles.data ?? []);
  const form = useZodForm(inviteUserSchema, { defaultValues: { firstName: '', lastName: '', email: '', jobPosition: '', roleId: '' } });
  const [, create] = useMutation(CreateOrganizationUserMutation);
  const roleId = form.watch('roleId');
  const pending = form.formState.isSubmitting;
  const fallbackRole = (roles.find((r) => r.key === 'viewer') ?? roles[0])?.id;
  useEffect(() => {
    if (!form.getValues('roleId') && fallbackRole) form.setValue('roleId', fallbackRole);
  }, [fallbackRole, form]);

  const submit = async ({ firstName, lastName, email, jobPosition, roleId }: z.output<typeof inviteUserSchema>) => {
    const result = await create({
      input: { email, firstName, lastName, jobPosition: jobPosition ?? null, authorizationRoleIds: [roleId] },
    });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.createOrganizationUser),
      )
    )
      return;
    onInvited(email);
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="invite" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Invite a user</DialogTitle>
            <DialogDescription>They receive an email with a link to create their account. The link works once.</DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="First name" autoComplete="off" required />
            <TextField control={form.control} name="lastName" label="Last name" autoComplete="off" required />
          </div>
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="name@company.com"
            required
          />
          <TextField control={form.control} name="jobPosition" label="Job position" optional autoComplete="off" />
          <SelectField
            control={form.control}
            name="roleId"
            label="Role"
            externalError={rolesResult.error ? errorMessage(rolesResult.error) : null}
            hint={roles.find((r) => r.id === roleId)?.description ?? undefined}
            disabled={rolesResult.fetching && roles.length === 0}
          >
            {roles.length === 0 ? <option value="">Loading roles…</option> : null}
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
                {role.scope === 'system' ? '' : ' (custom)'}
              </option>
            ))}
          </SelectField>
          <FormDialogFooter
            pending={pending}
            pendingLabel="Sending"
            onCancel={() => onOpenChange(false)}
            submitDisabled={roles.length === 0}
          >
            Send invitation
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
