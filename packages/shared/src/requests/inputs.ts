import { z } from 'zod';
import { FILE_CATEGORIES, FILE_CATEGORY_LABELS, type FileCategory } from '../uploads.ts';
import { CALENDAR_TASK_STATUSES, CALENDAR_TASK_TYPES } from './statuses.ts';

/**
 * Input rules for calendars, data requests and the customer's review, shared by the API and the web. Rules
 * that depend on the clock are schema factories taking `now`, so a form and the server judge the same moment
 * the same way and tests need no clock. See docs/decisions/0016-data-request-statuses.md.
 */

export const MAX_TASK_TITLE = 200;
export const MAX_TASK_SUBTITLE = 500;
export const MAX_REVIEW_MESSAGE = 2000;
/** The customer's note to the supplier that goes with a request. */
export const MAX_TASK_MESSAGE = 2000;
export const MAX_REVIEW_COMMENT = 1000;
export const MAX_REVIEW_COMMENTS = 500;
/** How far ahead a deadline may be set. */
export const MAX_DEADLINE_YEARS = 5;

// Dates -----------------------------------------------------------------------------------------

/** A moment: a Date (the API's DateTime scalar) or an ISO 8601 date-time with its offset (a form). */
const moment = (label: string) =>
  z.union([
    z.date({ error: `The ${label} must be a date and time` }).refine((d) => !Number.isNaN(d.getTime()), {
      error: `The ${label} is not a valid date`,
    }),
    z.iso
      .datetime({ offset: true, error: `The ${label} must be a date and time with its offset, like 2026-03-31T17:00:00+02:00` })
      .transform((s) => new Date(s)),
  ]);

const latestDeadline = (now: Date) => new Date(Date.UTC(now.getUTCFullYear() + MAX_DEADLINE_YEARS, now.getUTCMonth(), now.getUTCDate()));

const futureMoment = (label: string, now: Date) =>
  moment(label)
    .refine((d) => d.getTime() > now.getTime(), { error: `The ${label} must be in the future` })
    .refine((d) => d.getTime() <= latestDeadline(now).getTime(), {
      error: `The ${label} must be within ${MAX_DEADLINE_YEARS} years`,
    });

// Purposes --------------------------------------------------------------------------------------

/** What a request asks for: a known file category (`unknown` says nothing to the supplier). */
export const REQUESTABLE_FILE_CATEGORIES = FILE_CATEGORIES.filter((c) => c !== 'unknown') as Exclude<FileCategory, 'unknown'>[];

const requiredUploadPurposeSchema = z.enum(REQUESTABLE_FILE_CATEGORIES, {
  error: `The required data must be one of ${REQUESTABLE_FILE_CATEGORIES.map((c) => `${c} (${FILE_CATEGORY_LABELS[c]})`).join(', ')}`,
});

/** A year, quarter, half or month: `2025`, `2025-Q3`, `2025-H1`, `2025-07`. */
const REPORTING_PERIOD = /^(\d{4})(?:-(Q[1-4]|H[12]|0[1-9]|1[0-2]))?$/;
export const MIN_REPORTING_YEAR = 1990;
export const MAX_REPORTING_YEAR = 2100;

/** The secondary purpose of a request: the reporting period the data covers. */
export const reportingPeriodSchema = z
  .string({ error: 'Enter the reporting period' })
  .trim()
  .toUpperCase()
  .regex(REPORTING_PERIOD, { error: 'The reporting period must be a year, quarter, half or month, like 2025, 2025-Q3, 2025-H1 or 2025-07' })
  .refine(
    (v) => {
      const year = Number(v.slice(0, 4));
      return year >= MIN_REPORTING_YEAR && year <= MAX_REPORTING_YEAR;
    },
    { error: `The reporting period's year must be between ${MIN_REPORTING_YEAR} and ${MAX_REPORTING_YEAR}` },
  );

/** The first and last day (UTC dates, inclusive) a reporting period covers. */
export const reportingPeriodRange = (period: string): { from: string; to: string } => {
  const match = REPORTING_PERIOD.exec(period);
  if (!match) throw new Error(`Not a reporting period: ${period}`);
  const year = Number(match[1]);
  const part = match[2];
  const [first, last] = !part
    ? [1, 12]
    : part.startsWith('Q')
      ? [Number(part[1]) * 3 - 2, Number(part[1]) * 3]
      : part.startsWith('H')
        ? [Number(part[1]) * 6 - 5, Number(part[1]) * 6]
        : [Number(part), Number(part)];
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
};

// Calendar --------------------------------------------------------------------------------------

/** createCalendar(deadline). */
export const createCalendarSchema = (now: Date) => z.object({ deadline: futureMoment('deadline', now) });

// Tasks -----------------------------------------------------------------------------------------

const title = z
  .string({ error: 'Enter a title' })
  .trim()
  .min(1, { error: 'Enter a title' })
  .max(MAX_TASK_TITLE, { error: `The title must be at most ${MAX_TASK_TITLE} characters` });

const subTitle = z
  .string()
  .trim()
  .max(MAX_TASK_SUBTITLE, { error: `The subtitle must be at most ${MAX_TASK_SUBTITLE} characters` })
  .transform((v) => (v === '' ? null : v))
  .nullish();

const id = (label: string) => z.uuid({ error: `The ${label} must be a UUID` });

const message = z
  .string()
  .trim()
  .max(MAX_TASK_MESSAGE, { error: `The message must be at most ${MAX_TASK_MESSAGE} characters` })
  .transform((v) => (v === '' ? null : v))
  .nullish();

const datesInOrder = (
  input: { startDate?: Date | null; endDate?: Date | null },
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[]; input: unknown }) => void },
) => {
  if (input.startDate && input.endDate && input.endDate.getTime() < input.startDate.getTime())
    ctx.addIssue({ code: 'custom', message: 'The end date cannot be before the start date', path: ['endDate'], input: input.endDate });
};

/**
 * createCalendarTask: a data request in a calendar, or a subtask of one. It starts `requested`; nobody sets
 * its status on creation. The end date (the task's own deadline) must be in the future; the API also checks
 * it is not after the calendar's deadline (`taskEndDateRefusal`).
 */
export const createCalendarTaskSchema = (now: Date) =>
  z
    .object({
      calendarId: id('calendar id'),
      title,
      subTitle,
      taskType: z.enum(CALENDAR_TASK_TYPES, { error: `The task type must be one of ${CALENDAR_TASK_TYPES.join(', ')}` }),
      startDate: moment('start date').nullish(),
      endDate: futureMoment('end date', now).nullish(),
      assignedUserId: id('assigned user id').nullish(),
      parentTaskId: id('parent task id').nullish(),
      requestUploadId: id('request upload id').nullish(),
      requiredUploadPurpose: requiredUploadPurposeSchema.nullish(),
      requiredUploadSecondaryPurpose: reportingPeriodSchema.nullish(),
      supplierOrganizationId: id('supplier organization id').nullish(),
      message,
    })
    .superRefine((input, ctx) => {
      datesInOrder(input, ctx);
      if (input.taskType === 'data_request' && !input.supplierOrganizationId)
        ctx.addIssue({ code: 'custom', message: 'Choose the supplier to ask', path: ['supplierOrganizationId'], input: null });
      if (input.taskType === 'subtask' && input.supplierOrganizationId)
        ctx.addIssue({
          code: 'custom',
          message: "A subtask is for its request's supplier; leave the supplier out",
          path: ['supplierOrganizationId'],
          input: input.supplierOrganizationId,
        });
      if (input.taskType === 'subtask' && !input.parentTaskId)
        ctx.addIssue({ code: 'custom', message: 'A subtask needs the request it belongs to', path: ['parentTaskId'], input: null });
      if (input.taskType === 'data_request' && input.parentTaskId)
        ctx.addIssue({
          code: 'custom',
          message: 'A data request cannot have a parent; create it as a subtask',
          path: ['parentTaskId'],
          input: input.parentTaskId,
        });
      if (input.requiredUploadSecondaryPurpose && !input.requiredUploadPurpose)
        ctx.addIssue({
          code: 'custom',
          message: 'Choose the required data before its reporting period',
          path: ['requiredUploadPurpose'],
          input: null,
        });
    });
export type CreateCalendarTaskInput = z.infer<ReturnType<typeof createCalendarTaskSchema>>;

/**
 * updateCalendarTask: absent fields stay as they are; null clears an optional one. A status change is checked
 * against the transitions by the API (`transitionRefusal`); returning a request needs a review, and only a
 * return carries one. Dates are checked in order here when both are given, and against the stored ones by the
 * API.
 */
export const updateCalendarTaskSchema = (now: Date) =>
  z
    .object({
      id: id('task id'),
      title: title.optional(),
      subTitle,
      status: z.enum(CALENDAR_TASK_STATUSES, { error: `The status must be one of ${CALENDAR_TASK_STATUSES.join(', ')}` }).optional(),
      startDate: moment('start date').nullish(),
      endDate: futureMoment('end date', now).nullish(),
      assignedUserId: id('assigned user id').nullish(),
      requestUploadId: id('request upload id').nullish(),
      responseUploadId: id('response upload id').nullish(),
      requiredUploadPurpose: requiredUploadPurposeSchema.nullish(),
      requiredUploadSecondaryPurpose: reportingPeriodSchema.nullish(),
      message,
      review: reviewSchema.optional(),
    })
    .superRefine((input, ctx) => {
      datesInOrder(input, ctx);
      if (input.status === 'returned' && !input.review)
        ctx.addIssue({ code: 'custom', message: 'Say what to change when returning a request', path: ['review'], input: null });
      if (input.review && input.status !== 'returned')
        ctx.addIssue({ code: 'custom', message: 'A review goes only with returning a request', path: ['review'], input: input.review });
    });
export type UpdateCalendarTaskInput = z.infer<ReturnType<typeof updateCalendarTaskSchema>>;

/** A task's end date against its calendar's deadline, or null when it fits. */
export const taskEndDateRefusal = (endDate: Date | null, calendarDeadline: Date): string | null =>
  endDate && endDate.getTime() > calendarDeadline.getTime() ? "The end date cannot be after the calendar's deadline" : null;

/** Start and end dates after an update (stored values merged with the input), or null when in order. */
export const taskDatesRefusal = (startDate: Date | null, endDate: Date | null): string | null =>
  startDate && endDate && endDate.getTime() < startDate.getTime() ? 'The end date cannot be before the start date' : null;

// Review ----------------------------------------------------------------------------------------

/** A field key as the field catalogue spells it (`imoNumber`, `fuel_type`). */
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** One comment on a returned request: about a row, a field (column), or one cell (both). */
export const reviewCommentSchema = z
  .object({
    rowNumber: z
      .number({ error: 'The row number must be a number' })
      .int({ error: 'The row number must be a whole number' })
      .min(1, { error: 'The row number must be 1 or more' })
      .nullish(),
    field: z.string().trim().regex(FIELD_KEY, { error: 'The field must be a field key, like imoNumber' }).nullish(),
    message: z
      .string({ error: 'Write the comment' })
      .trim()
      .min(1, { error: 'Write the comment' })
      .max(MAX_REVIEW_COMMENT, { error: `A comment must be at most ${MAX_REVIEW_COMMENT} characters` }),
  })
  .refine((c) => c.rowNumber != null || c.field != null, {
    error: 'A comment must name a row, a field, or both',
    path: ['rowNumber'],
  });
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

const commentTarget = (c: ReviewComment) =>
  [c.rowNumber != null ? `row ${c.rowNumber}` : null, c.field != null ? `field ${c.field}` : null].filter(Boolean).join(', ');

/** What the customer says when returning a request: a message, and comments per row or field. */
export const reviewSchema = z
  .object({
    message: z
      .string({ error: 'Say what to change' })
      .trim()
      .min(1, { error: 'Say what to change' })
      .max(MAX_REVIEW_MESSAGE, { error: `The message must be at most ${MAX_REVIEW_MESSAGE} characters` }),
    comments: z
      .array(reviewCommentSchema)
      .max(MAX_REVIEW_COMMENTS, { error: `At most ${MAX_REVIEW_COMMENTS} comments; say the rest in the message` })
      .default([]),
  })
  .superRefine((review, ctx) => {
    const seen = new Map<string, number>();
    review.comments.forEach((c, i) => {
      const target = commentTarget(c);
      const first = seen.get(target);
      if (first === undefined) seen.set(target, i);
      else
        ctx.addIssue({
          code: 'custom',
          message: `Comments ${first + 1} and ${i + 1} are both about ${target}; combine them`,
          path: ['comments', i],
          input: c,
        });
    });
  });
export type Review = z.infer<typeof reviewSchema>;
