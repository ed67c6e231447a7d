import { type ReactNode, useId } from 'react';
import { type DefaultValues, type Path, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ServerFailure } from '../lib/errors.ts';
import { Button } from './button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog.tsx';
import { Form, FormAlert, type FormInput, type FormSchema, setServerError, useZodForm, type ZodForm } from './form.tsx';
import { Input } from './input.tsx';
import { Label } from './label.tsx';
import { Spinner } from './spinner.tsx';

const NO_FIELDS = z.object({});

type ConfirmDialogProps<S extends FormSchema> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  confirmationText?: string;
  /** Fields to fill in before confirming (the reason for a lock), checked by this schema. */
  schema?: S;
  defaultValues?: DefaultValues<FormInput<S>>;
  /** Drawn above the alert; as a function it gets the form to bind the schema's fields to. */
  children?: ReactNode | ((form: ZodForm<S>) => ReactNode);
  /** Runs the action: a failure keeps the dialog open with it (on its field when it names one), null closes it. */
  onConfirm: (values: z.output<S>) => Promise<string | ServerFailure | null>;
};

/**
 * Asks before a consequential action. With `confirmationText`, the user must type it exactly
 * before the action is enabled (for actions that cannot be undone). Each opening starts afresh.
 */
export const ConfirmDialog = <S extends FormSchema = typeof NO_FIELDS>(props: ConfirmDialogProps<S>) =>
  props.open ? <ConfirmForm {...props} /> : null;

/** The typed confirmation sits beside the schema's fields; the schema leaves it out of the values it passes on. */
const TYPED = 'typedConfirmation';

const ConfirmForm = <S extends FormSchema>({
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = true,
  confirmationText,
  schema,
  defaultValues,
  children,
  onConfirm,
}: ConfirmDialogProps<S>) => {
  const id = useId();
  const form = useZodForm((schema ?? NO_FIELDS) as S, { defaultValues });
  const typed = useWatch({ control: form.control, name: TYPED as Path<FormInput<S>> }) as string | undefined;
  const pending = form.formState.isSubmitting;
  const blocked = confirmationText !== undefined && (typed ?? '').trim() !== confirmationText;

  const submit = async (values: z.output<S>) => {
    if (blocked) return;
    if (!setServerError(form, await onConfirm(values))) onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div>{description}</div>
            </DialogDescription>
          </DialogHeader>
          {typeof children === 'function' ? children(form) : children}
          {confirmationText !== undefined ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-confirm`}>
                Type <span className="font-mono font-semibold">{confirmationText}</span> to confirm
              </Label>
              <Input
                id={`${id}-confirm`}
                {...form.register(TYPED as Path<FormInput<S>>)}
                defaultValue=""
                autoComplete="off"
                spellCheck={false}
              />
            </div>
          ) : null}
          <FormAlert control={form.control} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={blocked || pending}>
              {pending ? <Spinner className="text-current" label="Working" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
