import { MAX_TASK_TITLE } from '@tidewise/shared/requests/inputs';
import { addSubtaskRefusal } from '@tidewise/shared/requests/statuses';
import { ListChecks, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useMutation } from 'urql';
import { z } from 'zod';
import { mutationError, mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Form, FormAlert, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CreateRequestMutation, type RequestDetail, type Subtask, UpdateRequestMutation } from './graphql.ts';
import { dayIn, endOfDay, zoneOrBrowser } from './new-request-schema.ts';
import { DeadlineText, RequestStatusBadge } from './request-parts.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A subtask: a title and, if it is due before the request, its own end date (a day, due by its end). */
export const subtaskSchema = (now: Date, timeZone: string, requestDeadline: Date) =>
  z.object({
    title: z
      .string()
      .trim()
      .min(1, { error: 'Enter a title, like the vessel or the site' })
      .max(MAX_TASK_TITLE, { error: `The title must be at most ${MAX_TASK_TITLE} characters` }),
    endDate: z
      .string()
      .trim()
      .refine((v) => v === '' || DAY.test(v), { error: 'Choose a day' })
      .transform((day, ctx) => {
        if (!day) return null;
        const end = endOfDay(day, timeZone);
        if (end.getTime() <= now.getTime()) {
          ctx.addIssue({ code: 'custom', message: 'The end date must be in the future', input: day });
          return z.NEVER;
        }
        if (day > dayIn(requestDeadline, timeZone)) {
          ctx.addIssue({ code: 'custom', message: "The end date cannot be after the request's deadline", input: day });
          return z.NEVER;
        }
        // On the deadline's own day, the deadline's time (it may be before the end of the day).
        return end.getTime() > requestDeadline.getTime() ? requestDeadline : end;
      }),
  });

const AddSubtaskForm = ({ task, onDone }: { task: RequestDetail; onDone: () => void }) => {
  const { timeZone } = useDateFormat();
  const zone = zoneOrBrowser(timeZone);
  const [now] = useState(() => new Date());
  const deadline = useMemo(() => new Date(task.deadline), [task.deadline]);
  const schema = useMemo(() => subtaskSchema(now, zone, deadline), [now, zone, deadline]);
  const form = useZodForm(schema, { defaultValues: { title: '', endDate: '' } });
  const [, create] = useMutation(CreateRequestMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof schema>) => {
    const result = await create(
      {
        input: {
          calendarId: task.calendarId,
          taskType: 'subtask',
          parentTaskId: task.id,
          title: values.title,
          endDate: values.endDate ? values.endDate.toISOString() : null,
        },
      },
      { additionalTypenames: ['CalendarTask'] },
    );
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.createCalendarTask),
      )
    )
      return;
    form.reset({ title: '', endDate: '' });
    onDone();
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="subtask" className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <FormAlert control={form.control} />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <TextField control={form.control} name="title" label="Subtask" placeholder="MV Nordic Star" autoComplete="off" required />
        <TextField
          control={form.control}
          name="endDate"
          label="Due by"
          type="date"
          min={dayIn(now, zone, 1)}
          max={dayIn(deadline, zone)}
          hint="Empty: the request's deadline."
          optional
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="text-current" label="Adding" /> : null}
          Add subtask
        </Button>
      </div>
    </Form>
  );
};

/**
 * The parts of a request (one per vessel, site or period): each with its status and deadline, cancellable
 * while open; new ones can be added while the request is not final.
 */
export const RequestSubtasks = ({ task, now, onChanged }: { task: RequestDetail; now: Date; onChanged: () => void }) => {
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Subtask | null>(null);
  const [, update] = useMutation(UpdateRequestMutation);
  const canAdd = task.viewerSide === 'customer' && addSubtaskRefusal(task.status) === null;
  if (task.subtasks.length === 0 && !canAdd) return null;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Subtasks</CardTitle>
          <CardDescription>
            Parts of the request, for example one per vessel. With subtasks, the request’s status follows theirs.
          </CardDescription>
        </div>
        {canAdd && !adding ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add a subtask
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {adding ? (
          <AddSubtaskForm
            task={task}
            onDone={() => {
              setAdding(false);
              onChanged();
            }}
          />
        ) : null}
        {task.subtasks.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ListChecks className="size-4" aria-hidden="true" />
            No subtasks: the supplier answers the request as a whole.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {task.subtasks.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="font-medium [overflow-wrap:anywhere]">{s.title}</span>
                <span className="flex flex-wrap items-center gap-3 text-sm">
                  <DeadlineText deadline={s.deadline} status={s.status} now={now} />
                  <RequestStatusBadge status={s.displayStatus} />
                  {s.allowedTransitions.includes('cancelled') ? (
                    <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setCancelling(s)}>
                      Cancel<span className="sr-only"> subtask {s.title}</span>
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={`Cancel the subtask “${cancelling?.title ?? ''}”?`}
        description={
          cancelling && task.subtasks.filter((s) => s.status !== 'cancelled').length === 1
            ? 'This is the last open part of the request: cancelling it cancels the whole request, which cannot be reopened.'
            : 'The supplier no longer answers this part. A cancelled subtask cannot be reopened.'
        }
        confirmLabel="Cancel subtask"
        onConfirm={async () => {
          if (!cancelling) return null;
          const failure = mutationFailure(await update({ input: { id: cancelling.id, status: 'cancelled' } }), (d) => d.updateCalendarTask);
          if (!failure) onChanged();
          return failure;
        }}
      />
    </Card>
  );
};
