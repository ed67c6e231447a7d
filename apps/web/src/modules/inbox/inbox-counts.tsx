import type { UseQueryState } from 'urql';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { InboxCountsResult } from './graphql.ts';
import { inboxCounts } from './inbox-logic.ts';

type Figure = { key: 'toDo' | 'overdue' | 'waiting' | 'accepted'; label: string; hint: string; status?: string };

const FIGURES: Figure[] = [
  { key: 'toDo', label: 'To do', hint: 'Your turn: requested, in progress or returned' },
  { key: 'overdue', label: 'Overdue', hint: 'Deadline passed, still your turn', status: 'overdue' },
  { key: 'waiting', label: 'Waiting for customer', hint: 'Submitted, being reviewed', status: 'submitted' },
  { key: 'accepted', label: 'Accepted', hint: 'Done', status: 'accepted' },
];

/**
 * The four figures above the inbox; each but "to do" filters the list to its requests. While they load
 * their shape shows; when they cannot be read, the list below still works and they say so.
 */
export const InboxCountsBar = ({ result, onStatus }: { result: UseQueryState<InboxCountsResult>; onStatus: (status: string) => void }) => {
  const counts = result.data ? inboxCounts(result.data) : null;
  if (!counts && result.error) return <p className="text-sm text-muted-foreground">The request counts could not be loaded.</p>;
  return (
    <section aria-label="Requests at a glance" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {FIGURES.map((figure) => {
        const value = counts?.[figure.key];
        const alarming = figure.key === 'overdue' && (value ?? 0) > 0;
        const body = (
          <>
            <span className="text-sm text-muted-foreground">{figure.label}</span>
            {value === undefined ? (
              <Skeleton className="h-8 w-12" />
            ) : (
              <span className={cn('text-2xl font-semibold tabular-nums', alarming && 'text-destructive')}>{formatNumber(value)}</span>
            )}
            <span className="text-xs text-muted-foreground">{figure.hint}</span>
          </>
        );
        const frame = cn(
          'flex flex-col gap-1 rounded-xl border bg-card p-4 text-left',
          alarming ? 'border-destructive/60' : 'border-border',
        );
        const status = figure.status;
        return status ? (
          <button
            key={figure.key}
            type="button"
            className={cn(frame, 'hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring')}
            onClick={() => onStatus(status)}
            aria-label={`${figure.label}: ${value ?? '…'}. Show these requests`}
          >
            {body}
          </button>
        ) : (
          <div key={figure.key} className={frame}>
            {body}
          </div>
        );
      })}
    </section>
  );
};
