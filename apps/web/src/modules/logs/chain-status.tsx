import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatNumber, humanize, useDateFormat } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import { VerifyChainQuery } from './graphql.ts';

const CHAIN_LABELS: Record<string, string> = {
  organization: 'Your organisation’s audit trail',
  platform: 'The platform’s audit trail',
};

/**
 * The result of recomputing the audit trail's hash chain, in plain words: which trail (the
 * organisation's), how many entries it covered, written when, and when it was checked; or where it
 * breaks. Sign-ins have no organisation, so they are in another trail: the sign-in log lists them.
 */
export const ChainStatus = () => {
  const { formatDateTime } = useDateFormat();
  const { can, viewer } = useViewer();
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
  const trail = CHAIN_LABELS[result.chain] ?? 'The audit trail';
  const entries = `${formatNumber(result.checkedCount)} ${result.checkedCount === 1 ? 'entry' : 'entries'}`;
  const range =
    result.firstEntryAt && result.lastEntryAt
      ? result.checkedCount === 1
        ? `, written ${formatDateTime(result.firstEntryAt)}`
        : `, written ${formatDateTime(result.firstEntryAt)} to ${formatDateTime(result.lastEntryAt)}`
      : '';
  const checked = formatDateTime(result.verifiedAt);
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
            {!result.valid
              ? 'Audit trail integrity check failed'
              : result.checkedCount === 0
                ? 'Audit trail verified: no entries yet'
                : 'Audit trail verified: no entry has been changed or removed'}
          </p>
          <p className="text-sm text-muted-foreground">
            {result.valid
              ? result.checkedCount === 0
                ? `${trail}: 0 entries, verified ${checked}. Changes made in your organisation are recorded here as they happen.`
                : `${trail}: ${entries}${range}, all matching the hash chain, verified ${checked}.`
              : result.firstBrokenLink
                ? `${trail}: the chain breaks at entry #${result.firstBrokenLink.sequence} (${humanize(result.firstBrokenLink.reason).toLowerCase()}) after ${entries} matched${range}, checked ${checked}. Entries from there on cannot be trusted; contact support.`
                : `${trail}: the chain does not match its entries, checked ${checked}. Contact support.`}
          </p>
          <p className="text-sm text-muted-foreground">
            Sign-ins are not part of this trail: they are recorded in the sign-in log.{' '}
            {viewer && can('login-logs:read') ? (
              <Link
                to={`/app/sign-in-log?user=${encodeURIComponent(viewer.userId)}`}
                className="font-medium text-foreground underline underline-offset-4 hover:no-underline"
              >
                See your sign-ins
              </Link>
            ) : null}
          </p>
        </div>
      </div>
      {again}
    </section>
  );
};
