import { z } from 'zod';
import {
  createCalendarSchema,
  MAX_TASK_MESSAGE,
  MAX_TASK_TITLE,
  REQUESTABLE_FILE_CATEGORIES,
  reportingPeriodSchema,
} from '../requests/inputs.ts';
import { FILE_CATEGORY_LABELS, type FileCategory } from '../uploads.ts';

/**
 * The request `completeFileUpload` sends to the suppliers of a customer's upload (DataRequestInput, decision 7),
 * checked the same way by the API and the send form: a deadline in the future (within the years a calendar
 * allows), the data asked for, a reporting period, an optional title and message. Built from the request rules of
 * `requests/inputs.ts`. A factory taking `now`, so form and server judge the same moment the same way.
 */
export const dataRequestInputSchema = (now: Date) =>
  z
    .object({
      deadline: createCalendarSchema(now).shape.deadline,
      requiredUploadPurpose: z.enum(REQUESTABLE_FILE_CATEGORIES, {
        error: `The required data must be one of ${REQUESTABLE_FILE_CATEGORIES.join(', ')}`,
      }),
      requiredUploadSecondaryPurpose: reportingPeriodSchema.nullish(),
      title: z
        .string()
        .trim()
        .max(MAX_TASK_TITLE, { error: `The title must be at most ${MAX_TASK_TITLE} characters` })
        .transform((v) => (v === '' ? null : v))
        .nullish(),
      message: z
        .string()
        .trim()
        .max(MAX_TASK_MESSAGE, { error: `The message must be at most ${MAX_TASK_MESSAGE} characters` })
        .transform((v) => (v === '' ? null : v))
        .nullish(),
    })
    .transform((input) => ({
      ...input,
      requiredUploadSecondaryPurpose: input.requiredUploadSecondaryPurpose ?? null,
      title: input.title ?? defaultDataRequestTitle(input.requiredUploadPurpose, input.requiredUploadSecondaryPurpose ?? null),
      message: input.message ?? null,
    }));
export type DataRequestInput = z.infer<ReturnType<typeof dataRequestInputSchema>>;

/** A request's title when none is given: "Transport legs data for 2025-Q3". */
export const defaultDataRequestTitle = (purpose: FileCategory, period: string | null): string => {
  const label = FILE_CATEGORY_LABELS[purpose] ?? purpose;
  return period ? `${label} data for ${period}` : `${label} data`;
};
