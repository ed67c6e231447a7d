import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** One part of a detail panel: a small heading over its content. */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="flex flex-col gap-2">
    <h3 className="text-sm font-semibold">{title}</h3>
    {children}
  </section>
);

/**
 * Terms and their values, two columns side by side, as a detail panel lists the facts of one thing.
 * Each pair sits in a `contents` wrapper so the grid lines them up while the markup stays a valid `dl`;
 * a long value (a key, a file name) breaks anywhere rather than widening the panel. A pair is keyed by its
 * term unless it names its own key (terms that come from data, like field labels, need not be unique).
 */
export const DetailList = ({
  items,
  className,
}: {
  items: readonly (readonly [term: string, value: ReactNode, key?: string])[];
  className?: string;
}) => (
  <dl className={cn('grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2 text-sm', className)}>
    {items.map(([term, value, key]) => (
      <div key={key ?? term} className="contents">
        <dt className="text-muted-foreground">{term}</dt>
        <dd className="[overflow-wrap:anywhere]">{value}</dd>
      </div>
    ))}
  </dl>
);
