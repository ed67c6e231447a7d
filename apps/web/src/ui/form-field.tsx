import type { ReactNode } from 'react';
import { FieldError, Label } from './label.tsx';

/** aria-describedby for a field with an optional hint and error rendered by <FormField>. */
export const describedBy = (id: string, { hint, error }: { hint?: ReactNode; error?: string | null }) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** Label, control, hint and inline error of one form field. */
export const FormField = ({
  id,
  label,
  hint,
  error,
  optional = false,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}) => (
  <div className={className ?? 'flex min-w-0 flex-col gap-2'}>
    <Label htmlFor={id}>
      {label}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </Label>
    {children}
    {hint ? (
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    ) : null}
    <FieldError id={`${id}-error`}>{error ?? null}</FieldError>
  </div>
);
