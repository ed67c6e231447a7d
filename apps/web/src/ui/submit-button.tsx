import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';

/** A full-width primary action that shows a spinner and the pending text while its call runs. */
export const SubmitButton = ({
  pending,
  pendingLabel,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string; children: ReactNode }) => (
  <Button type="submit" size="lg" className="w-full" disabled={pending || props.disabled} aria-busy={pending || undefined} {...props}>
    {pending ? (
      <>
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
        {pendingLabel}
      </>
    ) : (
      children
    )}
  </Button>
);
