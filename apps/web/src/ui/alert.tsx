import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const alertVariants = cva('relative w-full rounded-lg border px-4 py-3 text-sm', {
  variants: {
    variant: {
      default: 'border-border bg-card text-card-foreground',
      destructive: 'border-destructive/60 bg-destructive/10 text-destructive',
      success: 'border-success/60 bg-success/10 text-success',
    },
  },
  defaultVariants: { variant: 'default' },
});

/** Server messages and other notices; destructive alerts are announced to screen readers at once. */
export const Alert = ({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) => (
  <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props} />
);
export const AlertTitle = ({ className, ...props }: ComponentProps<'h3'>) => (
  <h3 className={cn('mb-1 font-semibold leading-none', className)} {...props} />
);
export const AlertDescription = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('text-sm [&_p]:leading-relaxed', className)} {...props} />
);
