import { type SyntheticEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { describedBy, FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';

export type RoleFormValues = { name: string; description: string };

/** Name and description of a custom role, for creating one or renaming it. */
export const RoleFormDialog = ({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initial: RoleFormValues;
  onSubmit: (values: RoleFormValues) => Promise<string | null>;
}) => {
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens
  useEffect(() => {
    if (open) {
      setValues(initial);
      setNameError(null);
      setServerError(null);
    }
  }, [open]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError('Enter a name for the role');
      document.getElementById('role-name')?.focus();
      return;
    }
    setPending(true);
    setServerError(null);
    const failure = await onSubmit({ name: values.name.trim(), description: values.description.trim() });
    setPending(false);
    if (failure) setServerError(failure);
    else onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <ServerAlert message={serverError} />
          <FormField id="role-name" label="Name" error={nameError}>
            <Input
              id="role-name"
              value={values.name}
              onChange={(e) => {
                setValues((v) => ({ ...v, name: e.target.value }));
                setNameError(null);
              }}
              aria-invalid={Boolean(nameError) || undefined}
              aria-describedby={describedBy('role-name', { error: nameError })}
              maxLength={100}
              required
            />
          </FormField>
          <FormField id="role-description" label="Description" optional>
            <Textarea
              id="role-description"
              className="min-h-20"
              value={values.description}
              onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
              maxLength={500}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner className="text-current" label="Saving" /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
