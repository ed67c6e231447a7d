import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The foot of a dialog's form: Cancel, then the submit button. While the call runs both are disabled
 * (the dialog cannot be left half-sent) and the submit button spins, naming what it is doing.
 */
export const FormDialogFooter = ({
  pending,
  pendingLabel,
  onCancel,
  submitDisabled = false,
  children,
}: {
  pending: boolean;
  /** What the spinner says while the call runs: "Saving", "Sending", "Creating". */
  pendingLabel: string;
  onCancel: () => void;
  /** Nothing to submit yet (nothing changed, nothing to choose from). */
  submitDisabled?: boolean;
  /** The submit button's text. */
  children: ReactNode;
}) => (
  <DialogFooter>
    <Button variant="outline" onClick={onCancel} disabled={pending}>
      Cancel
    </Button>
    <Button type="submit" disabled={submitDisabled || pending}>
      {pending ? <Spinner className="text-current" label={pendingLabel} /> : null}
      {children}
    </Button>
  </DialogFooter>
);
