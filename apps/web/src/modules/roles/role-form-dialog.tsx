import { ROLE_DESCRIPTION_MAX_LENGTH, ROLE_NAME_MAX_LENGTH, roleDescriptionSchema, roleNameSchema } from '@tidewise/shared/roles';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import type { ServerFailure } from '../../lib/errors.ts';

export type RoleFormValues = { name: string; description: string };

/** The server's rules for a custom role, with this dialog's own message when the name is missing. */
const roleSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name for the role' }).pipe(roleNameSchema),
  description: z.string().trim().pipe(roleDescriptionSchema),
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initial: RoleFormValues;
  /** Saves the role: a failure keeps the dialog open with it (on the name when the server blames it), null closes it. */
  onSubmit: (values: RoleFormValues) => Promise<string | ServerFailure | null>;
};

/** Name and description of a custom role, for creating one or renaming it. */
export const RoleFormDialog = (props: Props) => (props.open ? <RoleForm {...props} /> : null);

const RoleForm = ({ onOpenChange, title, description, submitLabel, initial, onSubmit }: Props) => {
  const form = useZodForm(roleSchema, { defaultValues: initial });
  const pending = form.formState.isSubmitting;

  const submit = async (values: RoleFormValues) => {
    if (!setServerError(form, await onSubmit(values))) onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="role" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <TextField control={form.control} name="name" label="Name" maxLength={ROLE_NAME_MAX_LENGTH} required />
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            optional
            className="min-h-20"
            maxLength={ROLE_DESCRIPTION_MAX_LENGTH}
          />
          <FormDialogFooter pending={pending} pendingLabel="Saving" onCancel={() => onOpenChange(false)}>
            {submitLabel}
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
