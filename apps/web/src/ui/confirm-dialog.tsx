import { type ReactNode, type SyntheticEvent, useEffect, useId, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog.tsx';
import { Input } from './input.tsx';
import { Label } from './label.tsx';
import { Spinner } from './spinner.tsx';
import { ServerAlert } from './server-alert.tsx';

/**
 * Asks before a consequential action. `onConfirm` returns an error message to keep the dialog open
 * with it in the red alert, or null to close. With `confirmationText`, the user must type it
 * exactly before the action is enabled (for actions that cannot be undone).
 */
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = true,
  confirmationText,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  confirmationText?: string;
  onConfirm: () => Promise<string | null>;
  children?: ReactNode;
}) => {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTyped('');
      setError(null);
      setPending(false);
    }
  }, [open]);
  const blocked = confirmationText !== undefined && typed.trim() !== confirmationText;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || pending) return;
    setPending(true);
    setError(null);
    const failure = await onConfirm();
    setPending(false);
    if (failure) setError(failure);
    else onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div>{description}</div>
            </DialogDescription>
          </DialogHeader>
          {children}
          {confirmationText !== undefined ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-confirm`}>
                Type <span className="font-mono font-semibold">{confirmationText}</span> to confirm
              </Label>
              <Input id={`${id}-confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
            </div>
          ) : null}
          <ServerAlert message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={blocked || pending}>
              {pending ? <Spinner className="text-current" label="Working" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
