import {
  createCalendarSchema,
  MAX_TASK_MESSAGE,
  MAX_TASK_TITLE,
  REQUESTABLE_FILE_CATEGORIES,
  reportingPeriodSchema,
} from '@tidewise/shared/requests/inputs';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { formatLocalDate, localDateOf, zonedTime } from '@tidewise/shared/requests/zoned-time';
import { z } from 'zod';

/** The longest note to the suppliers (the request's message). */
export const MAX_REQUEST_MESSAGE = MAX_TASK_MESSAGE;

/** The categories a request can ask for, with their labels, in the catalogue's order. */
export const REQUEST_CATEGORY_OPTIONS = REQUESTABLE_FILE_CATEGORIES.map((value) => ({ value, label: FILE_CATEGORY_LABELS[value] }));

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone a deadline day is counted in: the screen's, else the browser's. */
export const zoneOrBrowser = (timeZone: string | undefined) => timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A deadline day ("2026-03-31") as the last minute of that day in the zone: due by the end of the day. */
export const endOfDay = (day: string, timeZone: string): Date => {
  const [, year, month, date] = DAY.exec(day) ?? [];
  return zonedTime({ year: Number(year), month: Number(month), day: Number(date) }, 23, 59, timeZone);
};

/** Today in the zone, as a date input writes it. */
export const todayIn = (now: Date, timeZone: string) => formatLocalDate(localDateOf(now, timeZone));

/**
 * The "Send request" form: the request completeFileUpload sends (DataRequestInput), with the rules the API
 * applies (`dataRequestInputSchema`, built from the same request rules: a requestable category, a reporting
 * period such as 2025 or 2025-Q3, a deadline in the future and within the limit), every field checked at once.
 * The form asks for the period, which the API leaves optional. Field names are the input's, so a field the
 * server blames lands on its control.
 */
export const sendRequestSchema = (now: Date, timeZone: string) => {
  const deadlineRule = createCalendarSchema(now).shape.deadline;
  return z.object({
    requiredUploadPurpose: z.enum(REQUESTABLE_FILE_CATEGORIES, { error: 'Choose the data you ask for' }),
    requiredUploadSecondaryPurpose: z
      .string()
      .trim()
      .min(1, { error: 'Enter the reporting period, like 2025 or 2025-Q3' })
      .pipe(reportingPeriodSchema),
    deadline: z
      .string()
      .regex(DAY, { error: 'Choose the deadline' })
      .transform((day, ctx) => {
        const checked = deadlineRule.safeParse(endOfDay(day, timeZone));
        if (checked.success) return checked.data;
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Choose a later deadline' });
        return z.NEVER;
      }),
    title: z
      .string()
      .trim()
      .max(MAX_TASK_TITLE, { error: `The title must be at most ${MAX_TASK_TITLE} characters` })
      .transform((v) => v || null),
    message: z
      .string()
      .trim()
      .max(MAX_REQUEST_MESSAGE, { error: `The message must be at most ${MAX_REQUEST_MESSAGE} characters` })
      .transform((v) => v || null),
  });
};

export type SendRequestValues = z.output<ReturnType<typeof sendRequestSchema>>;
