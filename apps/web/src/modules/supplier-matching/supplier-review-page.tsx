import { ChevronLeft, SearchX, Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type Matching, MatchingUpdatedSubscription, type ReviewUpload, type SupplierRow, SupplierReviewQuery } from './graphql.ts';
import { SendRequestForm } from './send-request-form.tsx';
import { SentRequests } from './sent-requests.tsx';
import { SupplierCard } from './supplier-card.tsx';
import { SupplierSummary } from './supplier-summary.tsx';
import {
  contactEmails,
  preselectedCategory,
  recipientCount,
  sendBlocker,
  skippedSuppliers,
  standingOf,
  summarize,
} from './supplier-review.ts';

const isNotFound = (error: { graphQLErrors: { extensions?: Record<string, unknown> }[] } | undefined) =>
  Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));

const latest = (_previous: Matching | undefined, data: { fileUploadValidationUpdated: Matching }) => data.fileUploadValidationUpdated;

/**
 * The suppliers a customer's upload names, matched to organisations: the customer confirms or corrects
 * each match (remembered for the next file), gives addresses for those not on the platform, and sends
 * one request per supplier with a deadline. While matching runs the screen follows it live
 * (`fileUploadValidationUpdated`) and reads the suppliers again when it ends.
 */
export const SupplierReviewPage = () => {
  const { fileUploadId = '' } = useParams();
  const [result, refetch] = useQuery({ query: SupplierReviewQuery, variables: { fileUploadId } });
  const [{ data: live }] = useSubscription({ query: MatchingUpdatedSubscription, variables: { fileUploadId } }, latest);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const upload = result.data?.fileUpload;
  const matching = live ?? result.data?.fileUploadValidation;
  usePageMeta({
    title: upload ? `Suppliers · ${upload.name}` : 'Suppliers in the upload',
    description: 'Check which organisation each supplier of the upload is, then send them a data request.',
  });

  // Matching that ends while the page is open: the suppliers are read again.
  const status = useRef(matching?.supplierMatchingStatus);
  useEffect(() => {
    const next = matching?.supplierMatchingStatus;
    if (status.current === next) return;
    const was = status.current;
    status.current = next;
    if (was && next === 'completed') refresh();
  }, [matching?.supplierMatchingStatus, refresh]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to={`/app/uploads/${fileUploadId}`}
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {upload ? `Back to ${upload.name}` : 'Back to the upload'}
      </Link>
      {upload && matching && result.data ? (
        <ReviewView upload={upload} matching={matching} rows={result.data.uploadSupplierData} />
      ) : isNotFound(result.error) ? (
        <>
          <PageHeader title="Suppliers in the upload" />
          <Card>
            <EmptyState
              icon={SearchX}
              title="This upload does not exist"
              description="It may have been deleted, or the link is wrong."
              action={
                <Button asChild variant="outline">
                  <Link to="/app/uploads">All uploads</Link>
                </Button>
              }
            />
          </Card>
        </>
      ) : result.error ? (
        <>
          <PageHeader title="Suppliers in the upload" />
          <QueryError title="The suppliers of this upload could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the suppliers of the upload" cards={3} />
      )}
    </div>
  );
};

const ReviewView = ({ upload, matching, rows }: { upload: ReviewUpload; matching: Matching; rows: readonly SupplierRow[] }) => {
  const { can } = useViewer();
  const [sent, setSent] = useState<ReviewUpload | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const status = matching.supplierMatchingStatus;
  const completed = upload.status === 'completed' || sent !== null;
  const editable = !completed && can('uploads:update');
  const summary = summarize(rows);
  const blocker = sendBlocker({
    upload,
    matchingStatus: status,
    rows,
    allowed: can('uploads:update') && can('calendar:create'),
  });
  // Those needing a decision first, then the rest, each group in the server's order.
  const ordered = [...rows].sort((a, b) => Number(standingOf(b) === 'toConfirm') - Number(standingOf(a) === 'toConfirm'));

  return (
    <>
      <PageHeader
        title={`Suppliers in “${upload.name}”`}
        description="Check which organisation each supplier named in your files is, then send them a request for their data with a deadline."
      />

      {status === 'queued' || status === 'running' ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Spinner label="Matching suppliers" className="[&>span:first-child]:size-8" />
            <p className="text-base font-semibold">Matching the suppliers named in your files…</p>
            <p className="max-w-md text-sm text-muted-foreground">
              {status === 'queued'
                ? 'Matching starts in a moment. This page updates by itself.'
                : 'Each supplier is compared with your suppliers and the organisations on the platform. This page updates by itself.'}
            </p>
          </CardContent>
        </Card>
      ) : status === 'failed' ? (
        <ServerAlert
          title="Supplier matching failed"
          message="The suppliers of this upload could not be matched. Validate the file again from its validation report to run matching again."
        />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon={Users}
            title="No suppliers in this upload"
            description="Suppliers are matched when a file of a supplier list, purchased goods or transport legs has its supplier or carrier column mapped and the file is validated."
            action={
              <Button asChild variant="outline">
                <Link to={`/app/uploads/${upload.id}`}>Back to the upload</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          {sent || (upload.status === 'completed' && upload.requests.length > 0) ? (
            <SentRequests requests={(sent ?? upload).requests} skipped={skippedSuppliers(rows)} takeFocus={sent !== null} />
          ) : upload.status === 'completed' ? (
            <Alert>
              <AlertTitle>This upload is completed</AlertTitle>
              <AlertDescription>It was completed without sending requests, so none can be sent from it any more.</AlertDescription>
            </Alert>
          ) : null}
          <SupplierSummary summary={summary} done={completed} />
          <section aria-labelledby="suppliers-heading" className="flex flex-col gap-3">
            <h2 id="suppliers-heading" className="text-lg font-semibold">
              Suppliers
            </h2>
            <ul className="flex flex-col gap-3">
              {ordered.map((row) => (
                <SupplierCard key={row.id} row={row} editable={editable} onChanged={setAnnouncement} />
              ))}
            </ul>
          </section>
        </>
      )}

      {!completed && status !== 'none' ? (
        <SendRequestForm
          fileUploadId={upload.id}
          category={preselectedCategory(upload.files)}
          supplierEmails={contactEmails(rows)}
          recipients={recipientCount(rows)}
          blocker={blocker}
          onSent={(answer) => {
            setSent(answer);
            setAnnouncement(`Sent ${answer.requests.length === 1 ? '1 request' : `${answer.requests.length} requests`}.`);
          }}
        />
      ) : null}

      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
};
