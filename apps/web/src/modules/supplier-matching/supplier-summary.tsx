import { CircleCheck, CircleHelp, UserPlus } from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '../../lib/cn.ts';
import { countOf, type Summary, type SupplierStanding } from './supplier-review.ts';

const TILES: {
  standing: SupplierStanding;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  tone: string;
  note: string;
}[] = [
  { standing: 'matched', label: 'Matched', icon: CircleCheck, tone: 'text-success', note: 'Get a request.' },
  {
    standing: 'toConfirm',
    label: 'To confirm',
    icon: CircleHelp,
    tone: 'text-foreground',
    note: 'Choose the organisation before sending.',
  },
  { standing: 'unknown', label: 'Unknown', icon: UserPlus, tone: 'text-muted-foreground', note: 'Invited when you give an address.' },
];

/** The suppliers of the upload by where they stand, with their rows: what sending will reach. */
export const SupplierSummary = ({
  summary,
  done = false,
}: {
  summary: Summary /** Sent or completed: no notes on what sending will do. */;
  done?: boolean;
}) => (
  <section aria-labelledby="supplier-summary" className="flex flex-col gap-3">
    <h2 id="supplier-summary" className="text-lg font-semibold">
      {countOf(summary.total.suppliers, 'supplier')} found, {countOf(summary.total.rows, 'row')}
    </h2>
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {TILES.map(({ standing, label, icon: Icon, tone, note }) => {
        const tally = summary[standing];
        const attention = standing === 'toConfirm' && tally.suppliers > 0;
        return (
          <div
            key={standing}
            className={cn(
              'flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-card p-3 shadow-sm sm:p-4',
              attention && 'border-primary',
            )}
          >
            <dt className={cn('flex items-center gap-2 text-sm font-medium', tone)}>
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
              {label}
            </dt>
            <dd className="flex flex-col gap-0.5">
              <span className="text-2xl font-semibold tabular-nums">
                {tally.suppliers}
                <span className="sr-only">{tally.suppliers === 1 ? ' supplier, ' : ' suppliers, '}</span>
              </span>
              <span className="text-sm text-muted-foreground">
                {countOf(tally.rows, 'row')}
                {done ? null : <span className="hidden sm:inline"> · {note}</span>}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  </section>
);
