import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** A placeholder block while content loads; decorative, so pair it with a status message. */
export const Skeleton = ({ className, ...props }: ComponentProps<'div'>) => (
  <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
);
