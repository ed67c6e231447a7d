import { createCalendarSchema, MAX_TASK_TITLE, REQUESTABLE_FILE_CATEGORIES, reportingPeriodSchema } from '@tidewise/shared/requests/inputs';
import { formatLocalDate, localDateOf, zonedTime } from '@tidewise/shared/requests/zoned-time';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { z } from 'zod';
import { periodLabel } from './request-logic.ts';

/** The longest note to the supplier the form takes. */
export const MAX_REQUEST_MESSAGE = 2000;

export const REQUEST_CATEGORY_OPTIONS = REQUESTABLE_FILE_CATEGORIES.map((value) => ({ value, label: FILE_CATEGORY_LABELS[value] }));

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone a deadline day is counted in: the screen's, else the browser's. */
export const zoneOrBrowser = (timeZone: string | undefined) => timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A deadline day ("2026-03-31") as 23:59 of that day in the zone: due by the end of the day. */
export const endOfDay = (day: string, timeZone: string): Date => {
  const [, year, month, date] = DAY.exec(day) ?? [];
  return zonedTime({ year: Number(year), month: Number(month), day: Number(date) }, 23, 59, timeZone);
};

/** A day `days` after `now` in the zone, as a date input writes it (the form's first suggestion). */
export const dayIn = (now: Date, timeZone: string, days = 0) =>
  formatLocalDate(localDateOf(new Date(now.getTime() + days * 86_400_000), timeZone));

/** "Vessel fuel consumption data for Q3 2025": the title when none is typed. */
export const defaultRequestTitle = (category: string, period: string | null) => {
  const label = FILE_CATEGORY_LABELS[category as keyof typeof FILE_CATEGORY_LABELS] ?? category;
  return period ? `${label} data for ${periodLabel(period)}` : `${label} data`;
};

/**
 * "New request" by hand: an active supplier, the data asked for (a category of the catalogue and, if
 * it helps, the reporting period), a deadline day in the future, a title and a note. The shared rules
 * the API applies to createCalendar and createCalendarTask, with this form's words for what is missing;
 * field names are the inputs', so a field the server blames lands on its control.
 */
export const newRequestSchema = (now: Date, timeZone: string) =>
  z
    .object({
      supplierOrganizationId: z
        .string()
        .min(1, { error: 'Choose the supplier' })
        .pipe(z.uuid({ error: 'Choose the supplier' })),
      requiredUploadPurpose: z.enum(REQUESTABLE_FILE_CATEGORIES, { error: 'Choose the data you ask for' }),
      requiredUploadSecondaryPurpose: z
        .string()
        .trim()
        .transform((v) => v || null)
        .pipe(reportingPeriodSchema.nullable()),
      deadline: z
        .string()
        .regex(DAY, { error: 'Choose the deadline' })
        .transform((day, ctx) => {
          // The rules createCalendar applies: in the future, within the limit.
          const checked = createCalendarSchema(now).safeParse({ deadline: endOfDay(day, timeZone) });
          if (checked.success) return checked.data.deadline;
          for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input: day });
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
    })
    .transform((v) => ({ ...v, title: v.title ?? defaultRequestTitle(v.requiredUploadPurpose, v.requiredUploadSecondaryPurpose) }));

export type NewRequestValues = z.output<ReturnType<typeof newRequestSchema>>;
