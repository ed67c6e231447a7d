import { BellOff, BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { cn } from '../../lib/cn.ts';
import { mutationFailure } from '../../lib/errors.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { ReminderPreferenceQuery, UpdateReminderPreferenceMutation } from './graphql.ts';

/**
 * The signed-in user's reminder emails: the daily digest of requests nearing their deadline or overdue can
 * be muted; the emails that carry news (a new request, a return with comments, an acceptance) still arrive.
 * The switch saves at once and says so.
 */
export const RemindersCard = () => {
  const [result, refetch] = useQuery({ query: ReminderPreferenceQuery });
  const [{ fetching }, update] = useMutation(UpdateReminderPreferenceMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const labelId = useId();
  const descriptionId = useId();
  const muted = result.data?.reminderPreference.remindersMuted;

  const toggle = async () => {
    if (muted === undefined) return;
    setFailure(null);
    setNotice('');
    const answer = await update({ input: { remindersMuted: !muted } });
    const problem = mutationFailure(answer, (d) => d.updateReminderPreference);
    if (problem) {
      setFailure(problem);
      return;
    }
    setNotice(answer.data?.updateReminderPreference.remindersMuted ? 'Deadline reminders are muted.' : 'Deadline reminders are on.');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminder emails</CardTitle>
        <CardDescription>
          When your organisation has a data request to answer, you get one email a day listing the requests whose deadline is near or past.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {result.error && muted === undefined ? (
          <QueryError
            title="Your reminder setting could not be loaded"
            error={result.error}
            onRetry={() => refetch({ requestPolicy: 'network-only' })}
          />
        ) : muted === undefined ? (
          <div className="flex items-center justify-between gap-4" aria-busy="true">
            <span role="status" className="sr-only">
              Loading your reminder setting
            </span>
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-6 w-11 rounded-full" />
          </div>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 items-start gap-3">
              {muted ? (
                <BellOff className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              ) : (
                <BellRing className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="flex flex-col gap-1">
                <span id={labelId} className="text-sm font-medium">
                  Mute deadline reminders
                </span>
                <p id={descriptionId} className="text-sm text-muted-foreground">
                  No reminder emails while this is on. New requests, requests returned with comments and accepted answers are always emailed
                  to you.
                </p>
              </div>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={muted}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              disabled={fetching}
              onClick={() => void toggle()}
              className={cn(
                'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
                muted ? 'bg-primary' : 'bg-input',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform',
                  muted ? 'translate-x-5' : 'translate-x-0',
                )}
              />
            </button>
          </div>
        )}
        <ServerAlert message={failure} title="Your setting was not changed" />
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {notice}
        </p>
      </CardContent>
    </Card>
  );
};
