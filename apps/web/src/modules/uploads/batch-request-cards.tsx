import { ArrowRight, Inbox, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { Alert, AlertDescription } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import {
  AnsweredRequestQuery,
  type BatchMatching,
  BatchMatchingQuery,
  BatchMatchingUpdatedSubscription,
  BatchRequestQuery,
} from './batch-request-graphql.ts';

const latest = (_previous: BatchMatching | undefined, data: { fileUploadValidationUpdated: BatchMatching }) =>
  data.fileUploadValidationUpdated;

/** "3 found — 1 matched, 1 to confirm, 1 unknown". */
export const matchingSentence = (m: Pick<BatchMatching, 'totalSuppliers' | 'matchCount' | 'semiMatchCount' | 'notMatchCount'>) =>
  `${m.totalSuppliers} found — ${m.matchCount} matched, ${m.semiMatchCount} to confirm, ${m.notMatchCount} unknown`;

/**
 * The suppliers the batch's files name, once matching found any (or while it runs), with the way to the
 * review where matches are confirmed and the request is sent. Nothing shows for a batch without suppliers.
 */
export const BatchSuppliersCard = ({ fileUploadId, completed }: { fileUploadId: string; completed: boolean }) => {
  const [result] = useQuery({ query: BatchMatchingQuery, variables: { fileUploadId } });
  const [{ data: live }] = useSubscription({ query: BatchMatchingUpdatedSubscription, variables: { fileUploadId } }, latest);
  const matching = live ?? result.data?.fileUploadValidation;
  if (!matching) return null;
  const running = matching.supplierMatchingStatus === 'queued' || matching.supplierMatchingStatus === 'running';
  if (!running && matching.totalSuppliers === 0) return null;

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Users className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="flex flex-col gap-0.5" role="status">
            <p className="font-medium">Suppliers in this upload</p>
            {running ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner label="Matching" />
                Matching the suppliers named in the files…
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{matchingSentence(matching)}</p>
            )}
          </div>
        </div>
        <Button asChild className="h-auto min-h-10 whitespace-normal py-2 text-center sm:shrink-0">
          <Link to={`/app/uploads/${fileUploadId}/suppliers`}>
            {completed ? 'See suppliers and requests' : 'Review suppliers and send request'}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
};

/**
 * For a batch made to answer a data request: which request, from whom, linking to it (the inbox for the
 * supplier answering, the request page for the customer reviewing it).
 */
export const AnsweredRequestBanner = ({ fileUploadId }: { fileUploadId: string }) => {
  const [batch] = useQuery({ query: BatchRequestQuery, variables: { id: fileUploadId } });
  const taskId = batch.data?.fileUpload.calendarTaskId ?? null;
  const [task] = useQuery({ query: AnsweredRequestQuery, variables: { id: taskId ?? '' }, pause: !taskId });
  const request = task.data?.calendarTask;
  if (!taskId || !request) return null;
  const supplierSide = request.viewerSide === 'supplier';

  return (
    <Alert className="flex items-start gap-2">
      <Inbox className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <AlertDescription>
        This upload answers the request{' '}
        <Link
          to={supplierSide ? `/app/inbox/${request.id}` : `/app/requests/${request.id}`}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          “{request.title}”
        </Link>{' '}
        {supplierSide ? `from ${request.customerOrganization.name}` : `sent to ${request.supplierOrganization.name}`}.
      </AlertDescription>
    </Alert>
  );
};
