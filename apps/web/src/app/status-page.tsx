import type { ComponentType, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A whole screen that explains where the user stands instead of showing content: an icon, a short
 * label, a heading, a sentence or two and the way on. Used for the pages the shell itself answers
 * (not found, not available, restoring the session).
 */
export const StatusPage = ({
  icon: Icon,
  eyebrow,
  title,
  children,
  actions,
  className,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) => (
  <div className={cn('mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-2 py-12 text-center', className)}>
    <span className="flex size-14 items-center justify-center rounded-full bg-muted text-primary">
      <Icon className="size-7" aria-hidden="true" />
    </span>
    {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p> : null}
    <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
    {children ? <div className="flex flex-col gap-2 text-muted-foreground">{children}</div> : null}
    {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
  </div>
);
