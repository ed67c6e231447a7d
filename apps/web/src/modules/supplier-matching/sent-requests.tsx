import { CalendarClock, CircleCheck, UserX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useDateFormat } from '../../lib/format.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import type { SentRequest, SupplierRow } from './graphql.ts';
import { countOf } from './supplier-review.ts';

/**
 * What sending made: one request per supplier organisation (rows of several files together), each
 * linking to its page, and the suppliers that got none because nobody gave an address for them.
 */
export const SentRequests = ({
  requests,
  skipped,
  takeFocus = false,
}: {
  requests: readonly SentRequest[];
  skipped: readonly SupplierRow[];
  /** Just sent: the heading takes the focus, so keyboard and screen-reader users land on the result. */
  takeFocus?: boolean;
}) => {
  const { formatDateTime } = useDateFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <Card>
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="flex items-center gap-2 focus-visible:outline-2 focus-visible:outline-ring">
          <CircleCheck className="size-5 text-success" aria-hidden="true" />
          {requests.length === 0 ? 'No request was sent' : `${countOf(requests.length, 'request')} sent`}
        </CardTitle>
        <CardDescription>
          {requests.length === 0
            ? 'The upload is completed, but no supplier of it could be reached.'
            : 'Each supplier was emailed and sees its request in its inbox. Follow the answers on each request’s page.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {requests.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Requests sent">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <Link
                    to={`/app/requests/${request.id}`}
                    className="break-words font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {request.title}
                  </Link>
                  <span className="break-words text-sm text-muted-foreground">
                    {request.supplierOrganization.name} · {countOf(request.itemCount, 'row')}
                  </span>
                </div>
                <span className="inline-flex shrink-0 items-center gap-1 text-sm">
                  <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
                  Due {formatDateTime(request.deadline)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {skipped.length > 0 ? (
          <section aria-labelledby="skipped-suppliers" className="flex flex-col gap-2">
            <h3 id="skipped-suppliers" className="flex items-center gap-2 text-sm font-semibold">
              <UserX className="size-4 text-muted-foreground" aria-hidden="true" />
              {countOf(skipped.length, 'supplier')} got no request (no address given)
            </h3>
            <ul className="flex flex-col gap-1 text-sm">
              {skipped.map((row) => (
                <li key={row.id} className="break-words">
                  <span className="font-medium">{row.supplierName}</span>
                  <span className="text-muted-foreground">
                    {' '}
                    · {row.fileName} · {countOf(row.itemCount, 'row')}
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">To ask them later, invite them under Suppliers and create a request by hand.</p>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
};
