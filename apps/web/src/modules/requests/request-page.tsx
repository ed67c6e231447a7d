import type { CalendarTaskDisplayStatus } from '@tidewise/shared/requests/statuses';
import { ArrowLeft, CalendarClock, CheckCircle2, CircleSlash, History, MessageSquareWarning, SearchX, Undo2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type CombinedError, useMutation, useQuery, useSubscription } from 'urql';
import { cn } from '../../lib/cn.ts';
import { errorMessage, mutationError, mutationFailure } from '../../lib/errors.ts';
import { humanize, useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { DeadlineDialog } from './deadline-dialog.tsx';
import {
  CategoryFieldsQuery,
  type RequestDetail,
  RequestQuery,
  RequestUpdatedSubscription,
  type Review,
  type UpdateRequestInput,
  UpdateRequestMutation,
} from './graphql.ts';
import { RequestAnswer } from './request-answer.tsx';
import {
  categoryLabel,
  commentTarget,
  latestReview,
  periodLabel,
  REQUEST_STATUS_LABELS,
  requestHistory,
  requestState,
} from './request-logic.ts';
import { DeadlineText, RequestStatusBadge, useNow } from './request-parts.tsx';
import { RequestSubtasks } from './request-subtasks.tsx';
import { ReviewForm } from './review-form.tsx';

const isNotFound = (error: CombinedError | undefined) => Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));

const STATE_ICON: Record<CalendarTaskDisplayStatus, typeof CheckCircle2> = {
  requested: CalendarClock,
  in_progress: CalendarClock,
  submitted: MessageSquareWarning,
  returned: Undo2,
  accepted: CheckCircle2,
  cancelled: CircleSlash,
  overdue: CalendarClock,
};

const STATE_STYLE: Record<CalendarTaskDisplayStatus, string> = {
  requested: 'border-border',
  in_progress: 'border-border',
  submitted: 'border-amber-500/60 bg-amber-500/5',
  returned: 'border-border',
  accepted: 'border-success/50 bg-success/5',
  cancelled: 'border-border bg-muted/30',
  overdue: 'border-destructive/60 bg-destructive/5',
};

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex min-w-0 flex-col gap-1">
    <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
    <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
  </div>
);

const ReviewItem = ({ review, fieldLabel }: { review: Review; fieldLabel: (key: string) => string }) => {
  const { formatDateTime } = useDateFormat();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <p className="text-sm text-muted-foreground">
        Returned {formatDateTime(review.createdAt)}
        {review.createdByEmail ? ` by ${review.createdByEmail}` : ''}
      </p>
      <p className="whitespace-pre-line">{review.message}</p>
      {review.comments.length > 0 ? (
        <ol className="flex flex-col gap-1 text-sm">
          {review.comments.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id and keep their order
            <li key={i} className="flex flex-col gap-0.5 rounded-md bg-muted/40 px-3 py-2 sm:flex-row sm:gap-2">
              <span className="shrink-0 font-medium">{commentTarget(c, fieldLabel)}</span>
              <span className="[overflow-wrap:anywhere]">{c.message}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
};

/** The request's screen once loaded. */
const RequestView = ({
  task,
  refresh,
  onUpdated,
}: {
  task: RequestDetail;
  refresh: () => void;
  /** A change this screen made, as the API answered it. */
  onUpdated: (task: RequestDetail) => void;
}) => {
  const [, update] = useMutation(UpdateRequestMutation);
  // Status changes made elsewhere (the supplier submits) are said in the live region; this screen's own say more.
  const lastStatus = useRef(task.displayStatus);
  /** Changes the request; the answer shows at once. */
  const change = async (input: Omit<UpdateRequestInput, 'id'>) => {
    const result = await update({ input: { id: task.id, ...input } });
    if (result.data) {
      lastStatus.current = result.data.updateCalendarTask.displayStatus;
      onUpdated(result.data.updateCalendarTask);
    }
    return result;
  };
  const now = useNow();
  const { formatDate, formatDateTime } = useDateFormat();
  const [returning, setReturning] = useState(false);
  const [confirming, setConfirming] = useState<'accept' | 'cancel' | null>(null);
  const [changingDeadline, setChangingDeadline] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [fields] = useQuery({
    query: CategoryFieldsQuery,
    variables: { category: task.requiredUploadPurpose ?? 'supplier_list' },
    pause: !task.requiredUploadPurpose,
  });
  const fieldList = fields.data?.fieldsByCategory ?? [];
  const fieldLabel = (key: string) => fieldList.find((f) => f.key === key)?.label ?? humanize(key);

  useEffect(() => {
    if (lastStatus.current !== task.displayStatus) {
      setNotice(`The request is now ${REQUEST_STATUS_LABELS[task.displayStatus].toLowerCase()}.`);
      lastStatus.current = task.displayStatus;
      if (task.status !== 'submitted') setReturning(false);
    }
  }, [task.displayStatus, task.status]);

  const customer = task.viewerSide === 'customer';
  const can = (status: 'accepted' | 'returned' | 'cancelled') => customer && task.allowedTransitions.includes(status);
  const final = task.status === 'accepted' || task.status === 'cancelled';
  const state = requestState(task, formatDate);
  const StateIcon = STATE_ICON[task.displayStatus];
  const showAnswer = Boolean(task.responseUpload) && (task.status === 'submitted' || task.status === 'accepted');
  const history = requestHistory(task);
  const review = latestReview(task.reviews);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to="/app/requests"
          className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Data requests
        </Link>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] md:text-3xl">{task.title}</h1>
            <p className="text-muted-foreground">
              {task.taskType === 'subtask' ? 'Part of a request to ' : 'Asked of '}
              <span className="font-medium text-foreground">{task.supplierOrganization.name}</span>
              {task.subTitle ? ` · ${task.subTitle}` : ''}
            </p>
          </div>
          <RequestStatusBadge status={task.displayStatus} className="self-start text-sm" />
        </div>
        <div
          aria-live="polite"
          className={cn(notice ? 'rounded-lg border border-success/60 bg-success/10 px-4 py-3 text-sm text-success' : 'sr-only')}
        >
          {notice}
        </div>
      </div>

      <Card className={cn('border-2', STATE_STYLE[task.displayStatus])}>
        <CardContent className="flex flex-col gap-4 p-6">
          <div className="flex items-start gap-3">
            <StateIcon
              className={cn(
                'mt-0.5 size-6 shrink-0',
                task.displayStatus === 'overdue' ? 'text-destructive' : task.displayStatus === 'accepted' ? 'text-success' : 'text-primary',
              )}
              aria-hidden="true"
            />
            <div className="flex flex-col gap-1">
              <h2 className="text-lg font-semibold">{state.title}</h2>
              <p className="text-sm text-muted-foreground">{state.detail}</p>
              {task.status === 'returned' && review ? (
                <p className="text-sm">
                  <span className="font-medium">Your message:</span> {review.message}
                </p>
              ) : null}
            </div>
          </div>
          {customer && !final ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {can('accepted') ? (
                <Button onClick={() => setConfirming('accept')}>
                  <CheckCircle2 aria-hidden="true" />
                  Accept answer
                </Button>
              ) : null}
              {can('returned') && !returning ? (
                <Button variant="outline" onClick={() => setReturning(true)}>
                  <Undo2 aria-hidden="true" />
                  Return with comments
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => setChangingDeadline(true)}>
                <CalendarClock aria-hidden="true" />
                Change deadline
              </Button>
              {can('cancelled') ? (
                <Button variant="ghost" className="text-destructive" onClick={() => setConfirming('cancel')}>
                  <CircleSlash aria-hidden="true" />
                  Cancel request
                </Button>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>

      {returning && can('returned') ? (
        <Card>
          <CardHeader>
            <CardTitle>Return with comments</CardTitle>
            <CardDescription>
              The supplier is emailed your message and comments, corrects the file and submits again. Row numbers are those of the
              supplier’s file{fieldList.length > 0 ? '; fields are those of the requested data' : ''}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ReviewForm
              fields={fieldList}
              fieldsError={fields.error ? errorMessage(fields.error, 'The fields could not be loaded; comments per row still work.') : null}
              onCancel={() => setReturning(false)}
              onSubmit={async (values) => {
                const failure = mutationError(await change({ status: 'returned', review: values }), (d) => d.updateCalendarTask);
                if (!failure) {
                  setReturning(false);
                  setNotice('Returned to the supplier with your comments.');
                }
                return failure;
              }}
            />
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Request</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Fact term="Supplier">{task.supplierOrganization.name}</Fact>
                <Fact term="Data">{categoryLabel(task.requiredUploadPurpose)}</Fact>
                <Fact term="Period">{periodLabel(task.requiredUploadSecondaryPurpose)}</Fact>
                <Fact term="Deadline">
                  <DeadlineText deadline={task.deadline} status={task.status} now={now} withTime />
                </Fact>
                {task.itemCount > 0 ? <Fact term="Rows from your file">{task.itemCount}</Fact> : null}
                {task.assignedUser ? (
                  <Fact term="Supplier contact">
                    {[task.assignedUser.firstName, task.assignedUser.lastName].filter(Boolean).join(' ') || task.assignedUser.email}
                  </Fact>
                ) : null}
              </dl>
              <div className="flex flex-col gap-1">
                <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Message to the supplier</h3>
                {task.message ? (
                  <p className="whitespace-pre-line [overflow-wrap:anywhere]">{task.message}</p>
                ) : (
                  <p className="text-sm text-muted-foreground">No message was sent with the request.</p>
                )}
              </div>
            </CardContent>
          </Card>

          {showAnswer ? (
            <RequestAnswer task={task} />
          ) : task.status !== 'cancelled' ? (
            <Card>
              <EmptyState
                title="No answer to review yet"
                description={
                  task.status === 'returned'
                    ? 'The supplier is correcting the answer you returned. You see it here again once they submit.'
                    : 'Once the supplier submits their file, its validation and entries show here for your review.'
                }
              />
            </Card>
          ) : null}

          <RequestSubtasks task={task} now={now} onChanged={refresh} />

          {task.reviews.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>Your comments</CardTitle>
                <CardDescription>Each time you returned the answer, newest first.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-3">
                  {task.reviews.map((r) => (
                    <ReviewItem key={r.id} review={r} fieldLabel={fieldLabel} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>

        <Card className="self-start">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <History className="size-5" aria-hidden="true" />
              History
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-3 border-l-2 border-border pl-4">
              {history.map((event, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events have no id and keep their order
                <li key={i} className="flex flex-col">
                  <span className="font-medium">{event.text}</span>
                  <span className="text-sm text-muted-foreground">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    {event.by ? ` · ${event.by}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        open={confirming === 'accept'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Accept this answer?"
        description="Accepting is final; the entries join your data. The supplier is told and can no longer change the answer."
        confirmLabel="Accept"
        destructive={false}
        onConfirm={async () => {
          const failure = mutationFailure(await change({ status: 'accepted' }), (d) => d.updateCalendarTask);
          if (!failure) setNotice('Accepted. The entries are part of your data.');
          return failure;
        }}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Cancel this request?"
        description="The supplier can no longer answer it and gets no more reminders. A cancelled request cannot be reopened; ask again with a new request."
        confirmLabel="Cancel request"
        onConfirm={async () => {
          const failure = mutationFailure(await change({ status: 'cancelled' }), (d) => d.updateCalendarTask);
          if (!failure) setNotice('The request is cancelled.');
          return failure;
        }}
      />
      <DeadlineDialog
        task={task}
        open={changingDeadline}
        onOpenChange={setChangingDeadline}
        onChanged={(changed) => {
          onUpdated(changed);
          setNotice('The deadline is changed.');
        }}
      />
    </div>
  );
};

/**
 * One data request as the customer sees it: where it stands (designed per status), the request, the
 * supplier's answer with its validation and entries once submitted, subtasks, comments and history;
 * accept, return with comments, cancel, or move the deadline, as `allowedTransitions` allows. Kept live by
 * `calendarTaskUpdated`.
 */
export const RequestPage = () => {
  const { taskId = '' } = useParams();
  const [result, refetch] = useQuery({ query: RequestQuery, variables: { id: taskId } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const [live] = useSubscription({ query: RequestUpdatedSubscription, variables: { id: taskId } });
  const [changed, setChanged] = useState<RequestDetail | null>(null);
  const loaded = result.data?.calendarTask;
  // The newest of what was loaded, what the live channel sent and what this screen changed.
  const task = loaded
    ? [live.data?.calendarTaskUpdated, changed]
        .filter((t): t is RequestDetail => t?.id === loaded.id)
        .reduce((newest, t) => (Date.parse(t.updatedAt) >= Date.parse(newest.updatedAt) ? t : newest), loaded)
    : undefined;
  usePageMeta({ title: task?.title ?? 'Data request', description: 'A data request, its answer and its review.' });

  if (task) return <RequestView task={task} refresh={refresh} onUpdated={setChanged} />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      {isNotFound(result.error) ? (
        <Card>
          <EmptyState
            icon={SearchX}
            title="This request does not exist"
            description="It may have been removed, or the link is wrong."
            action={
              <Button asChild variant="outline">
                <Link to="/app/requests">Go to all data requests</Link>
              </Button>
            }
          />
        </Card>
      ) : result.error ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">Data request</h1>
          <QueryError title="This request could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the request" cards={2} />
      )}
    </div>
  );
};
