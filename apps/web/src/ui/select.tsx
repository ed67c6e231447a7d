import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The platform's own select, styled: fully keyboard and screen-reader usable, and the native picker
 * on phones. Give it a <Label htmlFor>.
 */
export const Select = ({ className, children, ...props }: ComponentProps<'select'>) => (
  <div className={cn('relative min-w-0', className)}>
    <select
      className="flex h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
      {...props}
    >
      {children}
    </select>
    <ChevronDown
      className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      aria-hidden="true"
    />
  </div>
);
