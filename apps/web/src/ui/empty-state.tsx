import type { ComponentType, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** What a screen or table shows when there is nothing yet: an icon, a sentence and the next step. */
export const EmptyState = ({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) => (
  <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
    {Icon ? (
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
    ) : null}
    <p className="text-base font-semibold">{title}</p>
    {description ? <div className="max-w-md text-sm text-muted-foreground">{description}</div> : null}
    {action}
  </div>
);
