import { emailSchema } from '@tidewise/shared/auth';
import { type SyntheticEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { describedBy, FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { errorMessage, mutationFailure } from '../../lib/errors.ts';
import { CreateOrganizationUserMutation, type RoleOption, RoleOptionsQuery } from './graphql.ts';

type Values = { firstName: string; lastName: string; email: string; jobPosition: string; roleId: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Roles an organisation user can be given: the supplier role belongs to supplier organisations. */
export const invitableRoles = (roles: readonly RoleOption[]) => roles.filter((role) => role.key !== 'supplier_contributor');

export const validateInvite = (values: Values): Errors => {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = 'Enter the first name';
  if (!values.lastName.trim()) errors.lastName = 'Enter the last name';
  if (!values.email.trim()) errors.email = 'Enter the email address';
  else if (!emailSchema.safeParse(values.email).success) errors.email = 'Enter a valid email address, like name@company.com';
  if (!values.roleId) errors.roleId = 'Choose a role';
  return errors;
};

const FIELD_ORDER: (keyof Values)[] = ['firstName', 'lastName', 'email', 'roleId'];
const EMPTY: Values = { firstName: '', lastName: '', email: '', jobPosition: '', roleId: '' };

/** Invites a colleague by email with one role; the server emails the registration link. */
export const InviteUserDialog = ({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (email: string) => void;
}) => {
  const [rolesResult] = useQuery({ query: RoleOptionsQuery, pause: !open });
  const roles = invitableRoles(rolesResult.data?.authorizationRoles.data ?? []);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ fetching }, create] = useMutation(CreateOrganizationUserMutation);

  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      setErrors({});
      setServerError(null);
    }
  }, [open]);
  useEffect(() => {
    if (!values.roleId && roles.length > 0) {
      const fallback = roles.find((r) => r.key === 'viewer') ?? roles[0];
      if (fallback) setValues((v) => ({ ...v, roleId: fallback.id }));
    }
  }, [roles, values.roleId]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validateInvite(values);
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) {
      document.getElementById(`invite-${first}`)?.focus();
      return;
    }
    setServerError(null);
    const email = values.email.trim();
    const result = await create({
      input: {
        email,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        jobPosition: values.jobPosition.trim() || null,
        authorizationRoleIds: [values.roleId],
      },
    });
    const failure = mutationFailure(result, (d) => d.createOrganizationUser);
    if (failure) {
      setServerError(failure);
      return;
    }
    onInvited(email);
    onOpenChange(false);
  };

  const field = (name: keyof Values) => ({
    id: `invite-${name}`,
    value: values[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': describedBy(`invite-${name}`, { error: errors[name] }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !fetching && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Invite a user</DialogTitle>
            <DialogDescription>They receive an email with a link to create their account. The link works once.</DialogDescription>
          </DialogHeader>
          <ServerAlert message={serverError} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="invite-firstName" label="First name" error={errors.firstName}>
              <Input {...field('firstName')} autoComplete="off" required />
            </FormField>
            <FormField id="invite-lastName" label="Last name" error={errors.lastName}>
              <Input {...field('lastName')} autoComplete="off" required />
            </FormField>
          </div>
          <FormField id="invite-email" label="Email" error={errors.email}>
            <Input {...field('email')} type="email" inputMode="email" autoComplete="off" placeholder="name@company.com" required />
          </FormField>
          <FormField id="invite-jobPosition" label="Job position" optional>
            <Input {...field('jobPosition')} autoComplete="off" />
          </FormField>
          <FormField
            id="invite-roleId"
            label="Role"
            error={errors.roleId ?? (rolesResult.error ? errorMessage(rolesResult.error) : null)}
            hint={roles.find((r) => r.id === values.roleId)?.description ?? undefined}
          >
            <Select {...field('roleId')} disabled={rolesResult.fetching && roles.length === 0}>
              {roles.length === 0 ? <option value="">Loading roles…</option> : null}
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                  {role.scope === 'system' ? '' : ' (custom)'}
                </option>
              ))}
            </Select>
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={fetching}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetching}>
              {fetching ? <Spinner className="text-current" label="Sending" /> : null}
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
