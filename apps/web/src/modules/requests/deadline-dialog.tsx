import { createCalendarSchema } from '@tidewise/shared/requests/inputs';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { mutationError } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { RequestCalendarQuery, type RequestDetail, UpdateRequestMutation } from './graphql.ts';
import { dayIn, endOfDay, zoneOrBrowser } from './new-request-schema.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A new deadline day: in the future (the rule createCalendar applies) and, for a subtask, not after the
 * calendar it was planned in (a request's own deadline may move later: an extension). Due by the end of the
 * day, or at the calendar's deadline on that day.
 */
export const deadlineSchema = (now: Date, timeZone: string, calendarDeadline: Date | null) =>
  z.object({
    endDate: z
      .string()
      .regex(DAY, { error: 'Choose the new deadline' })
      .transform((day, ctx) => {
        if (calendarDeadline && day > dayIn(calendarDeadline, timeZone)) {
          ctx.addIssue({ code: 'custom', message: `The deadline cannot be after ${dayIn(calendarDeadline, timeZone)}`, input: day });
          return z.NEVER;
        }
        const end = endOfDay(day, timeZone);
        const due = calendarDeadline && end.getTime() > calendarDeadline.getTime() ? calendarDeadline : end;
        const checked = createCalendarSchema(now).safeParse({ deadline: due });
        if (checked.success) return checked.data.deadline;
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input: day });
        return z.NEVER;
      }),
  });

type Props = {
  task: RequestDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: (task: RequestDetail) => void;
};

/** Moves a request's deadline; reminders follow the new one. Each opening starts afresh. */
export const DeadlineDialog = (props: Props) => (props.open ? <DeadlineForm {...props} /> : null);

const DeadlineForm = ({ task, onOpenChange, onChanged }: Props) => {
  const { timeZone, formatDate } = useDateFormat();
  const zone = zoneOrBrowser(timeZone);
  const [now] = useState(() => new Date());
  // A request's own deadline may move past its calendar's (an extension); a subtask stays within it.
  const withinCalendar = task.taskType === 'subtask';
  const [calendar] = useQuery({ query: RequestCalendarQuery, variables: { id: task.calendarId }, pause: !withinCalendar });
  const calendarDeadline = withinCalendar && calendar.data ? new Date(calendar.data.calendar.deadline) : null;
  const calendarTime = calendarDeadline?.getTime() ?? null;
  const schema = useMemo(() => deadlineSchema(now, zone, calendarTime === null ? null : new Date(calendarTime)), [now, zone, calendarTime]);
  const form = useZodForm(schema, { defaultValues: { endDate: dayIn(new Date(task.deadline), zone) } });
  const [, update] = useMutation(UpdateRequestMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof schema>) => {
    const result = await update({ input: { id: task.id, endDate: values.endDate.toISOString() } });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.updateCalendarTask),
      ) ||
      !result.data
    )
      return;
    onChanged(result.data.updateCalendarTask);
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="deadline" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Change the deadline</DialogTitle>
            <DialogDescription>
              Now due {formatDate(task.deadline)}. The supplier sees the new date at once; reminders follow it.
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <TextField
            control={form.control}
            name="endDate"
            label="New deadline"
            type="date"
            min={dayIn(now, zone, 1)}
            max={calendarDeadline ? dayIn(calendarDeadline, zone) : undefined}
            hint={
              calendarDeadline
                ? `Due by the end of that day, at the latest ${formatDate(calendarDeadline.toISOString())} (the deadline it was sent with).`
                : 'Due by the end of that day. A later date gives the supplier more time; reminders follow it.'
            }
            required
          />
          <FormDialogFooter pending={pending} pendingLabel="Saving" onCancel={() => onOpenChange(false)}>
            Save deadline
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
