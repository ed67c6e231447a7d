import { CheckCircle2, ChevronLeft, CircleSlash, MessageSquareText, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type CombinedError, useMutation, useQuery, useSubscription } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AnswerSteps } from './answer-steps.tsx';
import {
  AnswerValidationUpdatedSubscription,
  CalendarTaskUpdatedSubscription,
  type InboxRequest,
  InboxRequestQuery,
  RequestFieldsQuery,
  UpdateRequestMutation,
} from './graphql.ts';
import { answerState, nextStep, STATUS_VARIANT } from './inbox-logic.ts';
import { ReviewCard } from './review-card.tsx';
import { RequestDetails } from './request-details.tsx';
import { withLiveValidation } from './live-answer.ts';

const isNotFound = (error: CombinedError | undefined) => Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));

/** Counts the live events, so each one reads the request again. */
const countEvents = (previous: number | undefined) => (previous ?? 0) + 1;

/**
 * One request as the supplier sees it: what is asked, what to do next in words, the three steps (template,
 * answer, submit), the customer's review when it came back, and who works on it. Live through
 * `calendarTaskUpdated` (the customer accepting or returning shows at once) and the answer's validation
 * through `fileUploadValidationUpdated`.
 */
export const InboxRequestPage = () => {
  const { taskId = '' } = useParams();
  const [result, refetch] = useQuery({ query: InboxRequestQuery, variables: { id: taskId } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const [{ data: events }] = useSubscription(
    { query: CalendarTaskUpdatedSubscription, variables: { calendarTaskId: taskId } },
    countEvents,
  );
  useEffect(() => {
    if (events) refetch({ requestPolicy: 'network-only' });
  }, [events, refetch]);
  const task = result.data?.calendarTask;
  usePageMeta({ title: task?.title ?? 'Data request', description: 'A data request from a customer, and your answer.' });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to="/app/inbox"
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Requests inbox
      </Link>
      {task ? (
        <RequestView task={task} />
      ) : isNotFound(result.error) ? (
        <Card>
          <EmptyState
            icon={SearchX}
            title="This request does not exist"
            description="It may have been withdrawn, it was sent to another organisation, or the link is wrong."
            action={
              <Button asChild variant="outline">
                <Link to="/app/inbox">Go to the inbox</Link>
              </Button>
            }
          />
        </Card>
      ) : result.error ? (
        <>
          <PageHeader title="Data request" />
          <QueryError title="This request could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the request" cards={3} />
      )}
    </div>
  );
};

const RequestView = ({ task: queried }: { task: InboxRequest }) => {
  const { can } = useViewer();
  const canUpdate = can('calendar:update');
  const uploadId = queried.responseUpload?.id ?? '';
  const [{ data: liveValidation }] = useSubscription({
    query: AnswerValidationUpdatedSubscription,
    variables: { fileUploadId: uploadId },
    pause: !uploadId,
  });
  const task = useMemo(() => withLiveValidation(queried, liveValidation?.fileUploadValidationUpdated), [queried, liveValidation]);
  const category = task.requiredUploadPurpose;
  const [fields] = useQuery({ query: RequestFieldsQuery, variables: { category: category ?? 'unknown' }, pause: !category });
  const fieldList = fields.data?.fieldsByCategory ?? [];
  const fieldLabels = useMemo(() => new Map(fieldList.map((f) => [f.key, f.label])), [fieldList]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; status?: string } | null>(null);
  const [starting, update] = useMutation(UpdateRequestMutation);

  const customer = task.customerOrganization.name;
  const answer = answerState(task.responseUpload?.files);
  const step = nextStep({ status: task.status, isOverdue: task.isOverdue, customer, answer });
  const latestReview = task.reviews[0];
  const showReview = latestReview && (task.status === 'returned' || task.status === 'in_progress');
  const readFiles = (task.responseUpload?.files ?? []).filter((f) => f.status === 'processed');
  const onFailure = (message: string | null) => {
    setFailure(message);
    if (message) setNotice(null);
  };

  const startOnComments = async () => {
    onFailure(null);
    const response = await update({ input: { id: task.id, status: 'in_progress' } }, { additionalTypenames: ['CalendarTask'] });
    const refusal = mutationFailure(response, (d) => d.updateCalendarTask);
    onFailure(refusal);
    if (!refusal)
      setNotice({ text: 'You are working on the comments. Correct the file, validate it again and resubmit.', status: 'in_progress' });
  };

  return (
    <>
      <PageHeader
        title={task.title}
        description={
          <>
            From <span className="font-medium text-foreground">{customer}</span>
            {task.subTitle ? ` · ${task.subTitle}` : ''}
          </>
        }
        actions={
          <StatusBadge variant={STATUS_VARIANT[task.displayStatus]} className="self-start text-sm">
            {task.statusLabel}
          </StatusBadge>
        }
      />

      <Card className={task.isOverdue ? 'border-destructive/60' : undefined}>
        <CardContent className="flex items-start gap-3 pt-6">
          {task.status === 'accepted' ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          ) : task.status === 'cancelled' ? (
            <CircleSlash className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          ) : (
            <MessageSquareText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <div className="flex flex-col gap-1">
            <h2 className="font-semibold">
              {task.status === 'accepted' ? 'Done' : task.status === 'cancelled' ? 'Withdrawn' : 'What to do next'}
            </h2>
            <p className="text-sm" role="status" aria-live="polite">
              {step}
            </p>
          </div>
        </CardContent>
      </Card>

      {notice && (!notice.status || notice.status === task.status) ? <Alert variant="success">{notice.text}</Alert> : null}
      <ServerAlert message={failure} />

      {showReview ? (
        <div className="flex flex-col gap-3">
          <ReviewCard
            review={latestReview}
            customer={customer}
            fieldLabels={fieldLabels}
            answerFileId={readFiles.length === 1 ? (readFiles[0]?.id ?? null) : null}
          />
          {task.status === 'returned' && canUpdate && task.allowedTransitions.includes('in_progress') ? (
            <Button className="self-start" onClick={startOnComments} disabled={starting.fetching}>
              Start on the comments
            </Button>
          ) : null}
        </div>
      ) : null}

      <AnswerSteps
        task={task}
        answer={answer}
        canUpdate={canUpdate}
        canUpload={can('uploads:create')}
        onFailure={onFailure}
        onDone={(message, status) => {
          setFailure(null);
          setNotice({ text: message, status });
        }}
      />

      <RequestDetails task={task} fields={fieldList} canUpdate={canUpdate} />

      {task.subtasks.length > 0 ? <Subtasks task={task} /> : null}
    </>
  );
};

/** The parts of a request (one per vessel, site or period), each with its own status. */
const Subtasks = ({ task }: { task: InboxRequest }) => (
  <section aria-labelledby="subtasks-title" className="flex flex-col gap-3">
    <h2 id="subtasks-title" className="text-lg font-semibold">
      Parts of this request
    </h2>
    <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
      {task.subtasks.map((s) => (
        <li key={s.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 flex-col">
            <Link
              to={`/app/inbox/${s.id}`}
              className="font-medium underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {s.title}
            </Link>
            {s.subTitle ? <span className="text-xs text-muted-foreground">{s.subTitle}</span> : null}
          </div>
          <StatusBadge variant={STATUS_VARIANT[s.displayStatus]} className="self-start sm:self-center">
            {s.statusLabel}
          </StatusBadge>
        </li>
      ))}
    </ul>
  </section>
);
