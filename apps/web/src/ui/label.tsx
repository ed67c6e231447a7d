import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export const Label = ({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) => (
  <LabelPrimitive.Root className={cn('text-sm font-medium leading-none', className)} {...props} />
);

/** Inline message under a form field; link it to the field with aria-describedby. */
export const FieldError = ({ id, children }: { id: string; children?: string | null }) =>
  children ? (
    <p id={id} className="text-sm text-destructive" role="alert">
      {children}
    </p>
  ) : null;
