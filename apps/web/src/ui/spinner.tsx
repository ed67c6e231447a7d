import { cn } from '../lib/cn.ts';

export const Spinner = ({ className, label = 'Loading' }: { className?: string; label?: string }) => (
  <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
    <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
    <span className="sr-only">{label}</span>
  </span>
);
