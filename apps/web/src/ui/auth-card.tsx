import type { ComponentType, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Card, CardContent, CardFooter, CardHeader } from './card.tsx';

export type AuthCardProps = {
  title: string;
  description?: ReactNode;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Above the title, e.g. the sign-up progress. */
  top?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'success' | 'destructive';
};

const TONES = {
  default: 'bg-secondary text-secondary-foreground',
  success: 'bg-success/15 text-success',
  destructive: 'bg-destructive/15 text-destructive',
};

/** The frame of every sign-in, reset and sign-up screen: one heading, one task. */
export const AuthCard = ({ title, description, icon: Icon, top, children, footer, tone = 'default' }: AuthCardProps) => (
  <Card>
    <CardHeader className="gap-3">
      {top}
      <div className="flex flex-col items-center gap-3 text-center">
        {Icon ? (
          <span className={cn('flex size-12 items-center justify-center rounded-full', TONES[tone])}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
    </CardHeader>
    {children ? <CardContent className="flex flex-col gap-5">{children}</CardContent> : null}
    {footer ? (
      <CardFooter className="flex flex-col items-center gap-2 border-t border-border pt-5 text-center text-sm text-muted-foreground">
        {footer}
      </CardFooter>
    ) : null}
  </Card>
);
