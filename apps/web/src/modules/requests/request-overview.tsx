import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { RequestOverview, SupplierStats } from './graphql.ts';
import { percent } from './request-logic.ts';

/** The figures the overview shows, from the API's counts. */
export const overviewFigures = (o: RequestOverview) => {
  const answered = o.suppliers.reduce((sum, s) => sum + s.answered, 0);
  return {
    responseRate: percent(o.responseRate, o.total - o.cancelled),
    onTimeRate: percent(o.onTimeRate, answered),
    answered,
    open: o.requested + o.inProgress + o.returned,
    overdue: o.overdue,
    toReview: o.submitted,
    accepted: o.accepted,
  };
};

const Figure = ({ term, value, detail, tone }: { term: string; value: ReactNode; detail?: string; tone?: 'bad' | 'attention' }) => (
  <div className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
    <dt className="text-sm text-muted-foreground">{term}</dt>
    <dd
      className={cn(
        'text-2xl font-bold tabular-nums',
        tone === 'bad' && 'text-destructive',
        tone === 'attention' && 'text-amber-700 dark:text-amber-400',
      )}
    >
      {value}
    </dd>
    {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
  </div>
);

/** Response rate, on time, and the counts that say whose turn it is, for the requests sent. */
export const OverviewFigures = ({
  overview,
  fetching,
  error,
  onRetry,
}: {
  overview: RequestOverview | undefined;
  fetching: boolean;
  error: CombinedError | undefined;
  onRetry: () => void;
}) => {
  if (!overview) {
    if (error) return <QueryError error={error} onRetry={onRetry} title="The figures could not be loaded" />;
    return (
      <div aria-busy={fetching} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <span role="status" className="sr-only">
          Loading the figures
        </span>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  const f = overviewFigures(overview);
  return (
    <section aria-label="Request figures">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Figure
          term="Response rate"
          value={f.responseRate}
          detail={`${formatNumber(f.answered)} of ${formatNumber(overview.total - overview.cancelled)} answered`}
        />
        <Figure term="On time" value={f.onTimeRate} detail="of the answered ones" />
        <Figure term="Open" value={formatNumber(f.open)} detail="waiting for suppliers" />
        <Figure term="Overdue" value={formatNumber(f.overdue)} detail="past the deadline" tone={f.overdue > 0 ? 'bad' : undefined} />
        <Figure
          term="To review"
          value={formatNumber(f.toReview)}
          detail="submitted, waiting for you"
          tone={f.toReview > 0 ? 'attention' : undefined}
        />
        <Figure term="Accepted" value={formatNumber(f.accepted)} detail="in your data" />
      </dl>
    </section>
  );
};

const columns: Column<SupplierStats>[] = [
  {
    id: 'supplier',
    header: 'Supplier',
    card: 'title',
    sortValue: (s) => s.supplierOrganization.name,
    cell: (s) => <span className="font-medium [overflow-wrap:anywhere]">{s.supplierOrganization.name}</span>,
  },
  { id: 'total', header: 'Requests', className: 'text-right', sortValue: (s) => s.total, cell: (s) => formatNumber(s.total) },
  {
    id: 'answered',
    header: 'Answered',
    className: 'text-right',
    sortValue: (s) => (s.total === 0 ? 0 : s.answered / s.total),
    cell: (s) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatNumber(s.answered)} <span className="text-muted-foreground">({percent(s.answered / Math.max(1, s.total), s.total)})</span>
      </span>
    ),
  },
  {
    id: 'onTime',
    header: 'On time',
    className: 'text-right',
    sortValue: (s) => (s.answered === 0 ? null : s.onTime / s.answered),
    cell: (s) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatNumber(s.onTime)} <span className="text-muted-foreground">({percent(s.onTime / Math.max(1, s.answered), s.answered)})</span>
      </span>
    ),
  },
  {
    id: 'overdue',
    header: 'Overdue',
    className: 'text-right',
    sortValue: (s) => s.overdue,
    cell: (s) => <span className={cn('tabular-nums', s.overdue > 0 && 'font-semibold text-destructive')}>{formatNumber(s.overdue)}</span>,
  },
];

/** How each supplier answers: requests, answered, on time, overdue; ordered on screen. */
export const SupplierStatsCard = ({ overview }: { overview: RequestOverview | undefined }) => {
  if (!overview || overview.suppliers.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>By supplier</CardTitle>
        <CardDescription>How each supplier answers your requests.</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          caption="Requests by supplier"
          columns={columns}
          rows={overview.suppliers}
          getRowId={(s) => s.supplierOrganization.id}
          defaultSort={{ columnId: 'total', direction: 'desc' }}
        />
      </CardContent>
    </Card>
  );
};
