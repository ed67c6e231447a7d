import { emailSchema } from '@tidewise/shared/auth';
import { type SyntheticEvent, useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { describedBy, FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { type InviteSupplierInput, InviteSupplierMutation, type InviteSupplierResult } from './graphql.ts';

type Errors = Partial<Record<keyof InviteSupplierInput, string>>;
const EMPTY: InviteSupplierInput = { organizationName: '', firstName: '', lastName: '', email: '' };
const ORDER: (keyof InviteSupplierInput)[] = ['organizationName', 'firstName', 'lastName', 'email'];
export const validateSupplierInvite = (values: InviteSupplierInput): Errors => {
  const errors: Errors = {};
  if (!values.organizationName.trim()) errors.organizationName = 'Enter the supplier organisation name';
  if (!values.firstName.trim()) errors.firstName = 'Enter the first name of your contact';
  if (!values.lastName.trim()) errors.lastName = 'Enter the last name of your contact';
  if (!values.email.trim()) errors.email = 'Enter the email address of your contact';
  else if (!emailSchema.safeParse(values.email).success) errors.email = 'Enter a valid email address, like name@company.com';
  return errors;
};

/** Invites a supplier's contact by email; the relationship starts pending until they register. */
export const InviteSupplierDialog = ({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (result: InviteSupplierResult, email: string) => void;
}) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ fetching }, invite] = useMutation(InviteSupplierMutation);
  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      setErrors({});
      setServerError(null);
    }
  }, [open]);

  const field = (name: keyof InviteSupplierInput) => ({
    id: `supplier-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': describedBy(`supplier-${name}`, { error: errors[name] }),
    autoComplete: 'off',
  });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validateSupplierInvite(values);
    setErrors(next);
    const first = ORDER.find((f) => next[f]);
    if (first) {
      document.getElementById(`supplier-${first}`)?.focus();
      return;
    }
    setServerError(null);
    const input = {
      organizationName: values.organizationName.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    };
    const result = await invite({ input });
    const failure = mutationFailure(result, (d) => d.inviteSupplier);
    if (failure || !result.data) {
      setServerError(failure);
      return;
    }
    onInvited(result.data.inviteSupplier, input.email);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !fetching && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Invite a supplier</DialogTitle>
            <DialogDescription>
              Your contact receives an email to register their organisation. The relationship is pending until they do.
            </DialogDescription>
          </DialogHeader>
          <ServerAlert message={serverError} />
          <FormField id="supplier-organizationName" label="Supplier organisation" error={errors.organizationName}>
            <Input {...field('organizationName')} required />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="supplier-firstName" label="Contact first name" error={errors.firstName}>
              <Input {...field('firstName')} required />
            </FormField>
            <FormField id="supplier-lastName" label="Contact last name" error={errors.lastName}>
              <Input {...field('lastName')} required />
            </FormField>
          </div>
          <FormField id="supplier-email" label="Contact email" error={errors.email}>
            <Input {...field('email')} type="email" inputMode="email" placeholder="name@supplier.com" required />
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
