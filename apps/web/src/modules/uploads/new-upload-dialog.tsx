import { createFileUploadSchema } from '@tidewise/shared/uploads';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import type { z } from 'zod';
import { mutationError } from '../../lib/errors.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import { CreateFileUploadMutation } from './graphql.ts';

/** The server's rules for a new upload (name required, description optional), as the form checks them. */
const newUploadSchema = createFileUploadSchema;

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Names a new upload, creates it, and opens it to add its files. */
export const NewUploadDialog = (props: Props) => (props.open ? <NewUploadForm {...props} /> : null);

const NewUploadForm = ({ onOpenChange }: Props) => {
  const navigate = useNavigate();
  const form = useZodForm(newUploadSchema, { defaultValues: { name: '', description: '' } });
  const [, create] = useMutation(CreateFileUploadMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof newUploadSchema>) => {
    const result = await create({ input: { name: values.name, description: values.description } }, { additionalTypenames: ['FileUpload'] });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.createFileUpload),
      )
    )
      return;
    const created = result.data?.createFileUpload;
    if (created) navigate(`/app/uploads/${created.id}`);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="new-upload" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>New upload</DialogTitle>
            <DialogDescription>Name the upload so you can find it again; you add its files next.</DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <TextField
            control={form.control}
            name="name"
            label="Name"
            hint="For example: Fuel consumption Q3 2025."
            maxLength={200}
            autoComplete="off"
            required
          />
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            optional
            className="min-h-20"
            maxLength={2000}
            hint="What the files hold, or who asked for them."
          />
          <FormDialogFooter pending={pending} pendingLabel="Creating" onCancel={() => onOpenChange(false)}>
            Create and add files
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
