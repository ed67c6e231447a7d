import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** A native checkbox in the theme's colours; pair it with a label or an aria-label. */
export const Checkbox = ({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) => (
  <input
    type="checkbox"
    className={cn(
      'size-4 shrink-0 cursor-pointer rounded border border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
      className,
    )}
    {...props}
  />
);
