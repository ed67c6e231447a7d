import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';

/** A block of the report: its heading (an h2, with an id to link to), one sentence on what it shows, its content. */
export const ReportSection = ({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <Card className={cn('min-w-0', className)}>
    <section aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-lg">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </section>
  </Card>
);

/** A figure or name that opens the drill-down behind it. */
export const DrillLink = ({ to, children, label }: { to: string; children: ReactNode; label?: string }) => (
  <Link
    to={to}
    aria-label={label}
    className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring [overflow-wrap:anywhere]"
  >
    {children}
  </Link>
);
