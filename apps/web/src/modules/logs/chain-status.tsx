import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useQuery } from 'urql';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/errors.ts';
import { humanize, useDateFormat } from '../../lib/format.ts';
import { VerifyChainQuery } from './graphql.ts';

/**
 * The result of recomputing the audit trail's hash chain, in plain words: intact (with how many
 * entries were checked and when) or broken (with the first entry that does not match).
 */
export const ChainStatus = () => {
  const { formatDateTime } = useDateFormat();
  const [{ data, fetching, error }, verify] = useQuery({ query: VerifyChainQuery, requestPolicy: 'network-only' });
  const result = data?.verifyAuditLogChain;
  const again = (
    <Button variant="outline" size="sm" onClick={() => verify({ requestPolicy: 'network-only' })} disabled={fetching}>
      <RefreshCw aria-hidden="true" className={cn(fetching && 'animate-spin')} />
      Verify again
    </Button>
  );
  if (!result) {
    return (
      <section
        aria-label="Audit trail integrity"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
      >
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            The integrity check could not run. {errorMessage(error)}
          </p>
        ) : (
          <div className="flex flex-1 items-center gap-3" aria-busy="true">
            <span role="status" className="sr-only">
              Verifying the audit trail
            </span>
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-56" />
              <Skeleton className="h-3 w-72 max-w-full" />
            </div>
          </div>
        )}
        {error ? again : null}
      </section>
    );
  }
  const Icon = result.valid ? ShieldCheck : ShieldAlert;
  return (
    <section
      aria-label="Audit trail integrity"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4',
        result.valid ? 'border-success/50 bg-success/10' : 'border-destructive/60 bg-destructive/10',
      )}
    >
      <div className="flex items-start gap-3" role={result.valid ? 'status' : 'alert'}>
        <Icon className={cn('mt-0.5 size-8 shrink-0', result.valid ? 'text-success' : 'text-destructive')} aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className={cn('font-semibold', result.valid ? 'text-success' : 'text-destructive')}>
            {result.valid ? 'Audit trail verified: no entry has been changed or removed' : 'Audit trail integrity check failed'}
          </p>
          <p className="text-sm text-muted-foreground">
            {result.valid
              ? `${result.checkedCount} ${result.checkedCount === 1 ? 'entry' : 'entries'} checked against the hash chain on ${formatDateTime(result.verifiedAt)}.`
              : result.firstBrokenLink
                ? `The chain breaks at entry #${result.firstBrokenLink.sequence} (${humanize(result.firstBrokenLink.reason).toLowerCase()}). Entries from there on cannot be trusted; contact support.`
                : 'The chain does not match its entries. Contact support.'}
          </p>
        </div>
      </div>
      {again}
    </section>
  );
};
