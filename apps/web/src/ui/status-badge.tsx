import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { Badge } from './badge.tsx';

/**
 * A badge for statuses. The success tint is lighter than the shared badge's so its small green text
 * keeps a 4.5:1 contrast in the light theme too.
 */
export const StatusBadge = ({ className, variant, ...props }: ComponentProps<typeof Badge>) => (
  <Badge variant={variant} className={cn(variant === 'success' && 'bg-success/10', className)} {...props} />
);
