import { inviteSupplierSchema } from '@tidewise/shared/organization';
import { useMutation } from 'urql';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { mutationError } from '../../lib/errors.ts';
import { type InviteSupplierInput, InviteSupplierMutation, type InviteSupplierResult } from './graphql.ts';

const required = (message: string) => z.string().trim().min(1, { error: message });

/** The server's rules for an invitation (`inviteSupplier`), with this dialog's messages for what is missing. */
export const supplierInviteSchema = z.object({
  organizationName: required('Enter the supplier organisation name').pipe(inviteSupplierSchema.shape.organizationName),
  firstName: required('Enter the first name of your contact').pipe(inviteSupplierSchema.shape.firstName),
  lastName: required('Enter the last name of your contact').pipe(inviteSupplierSchema.shape.lastName),
  email: required('Enter the email address of your contact').pipe(inviteSupplierSchema.shape.email),
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (result: InviteSupplierResult, email: string) => void;
};

/** Invites a supplier's contact by email; the relationship starts pending until they register. */
export const InviteSupplierDialog = (props: Props) => (props.open ? <InviteSupplierForm {...props} /> : null);

const InviteSupplierForm = ({ onOpenChange, onInvited }: Props) => {
  const form = useZodForm(supplierInviteSchema, { defaultValues: { organizationName: '', firstName: '', lastName: '', email: '' } });
  const [, invite] = useMutation(InviteSupplierMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (input: InviteSupplierInput) => {
    const result = await invite({ input });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.inviteSupplier),
      ) ||
      !result.data
    )
      return;
    onInvited(result.data.inviteSupplier, input.email);
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="supplier" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Invite a supplier</DialogTitle>
            <DialogDescription>
              Your contact receives an email to register their organisation. The relationship is pending until they do.
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <TextField control={form.control} name="organizationName" label="Supplier organisation" autoComplete="off" required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="Contact first name" autoComplete="off" required />
            <TextField control={form.control} name="lastName" label="Contact last name" autoComplete="off" required />
          </div>
          <TextField
            control={form.control}
            name="email"
            label="Contact email"
            type="email"
            inputMode="email"
            placeholder="name@supplier.com"
            autoComplete="off"
            required
          />
          <FormDialogFooter pending={pending} pendingLabel="Sending" onCancel={() => onOpenChange(false)}>
            Send invitation
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
