import { MAX_REVIEW_COMMENTS, reviewCommentSchema, reviewSchema } from '@tidewise/shared/requests/inputs';
import { z } from 'zod';

/** One comment as the form holds it: the row number as typed, the field key picked ('' for none). */
export type CommentDraft = { rowNumber: string; field: string; message: string };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
/** Which row/field a comment is about, from typed or parsed values alike. */
const targetOf = (c: { rowNumber?: unknown; field?: unknown }) => {
  const row = text(c.rowNumber);
  const field = text(c.field);
  return [row ? `row ${row}` : null, field ? `field ${field}` : null].filter(Boolean).join(', ');
};

const rowNumber = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null;
    if (!/^\d{1,9}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'The row number must be a whole number, like 12', input: value });
      return z.NEVER;
    }
    return Number(value);
  })
  .pipe(reviewCommentSchema.shape.rowNumber.unwrap());

const commentSchema = z
  .object({
    rowNumber,
    field: z
      .string()
      .trim()
      .transform((v) => v || null)
      .pipe(reviewCommentSchema.shape.field.unwrap()),
    message: reviewCommentSchema.shape.message,
  })
  .refine((c) => targetOf(c) !== '', {
    error: 'Give the row number, pick a field, or both',
    path: ['rowNumber'],
    when: () => true,
  });

/**
 * The "Return with comments" form: the shared review rules (a message, comments on a row, a field or a
 * cell, at most one comment per target) with the row number typed as text. Each problem is said on the
 * comment it is about, all at once.
 */
export const reviewFormSchema = z
  .object({
    message: reviewSchema.shape.message,
    comments: z
      .array(commentSchema)
      .max(MAX_REVIEW_COMMENTS, { error: `At most ${MAX_REVIEW_COMMENTS} comments; say the rest in the message` }),
  })
  .superRefine(
    (review, ctx) => {
      const comments = Array.isArray(review.comments) ? (review.comments as { rowNumber?: unknown; field?: unknown }[]) : [];
      const seen = new Map<string, number>();
      comments.forEach((c, i) => {
        const target = targetOf(c);
        if (!target) return;
        const first = seen.get(target);
        if (first === undefined) seen.set(target, i);
        else
          ctx.addIssue({
            code: 'custom',
            message: `Comments ${first + 1} and ${i + 1} are both about ${target}; combine them`,
            path: ['comments', i, 'message'],
            input: c,
          });
      });
    },
    { when: () => true },
  );

export type ReviewFormValues = z.output<typeof reviewFormSchema>;

export const emptyComment = (): CommentDraft => ({ rowNumber: '', field: '', message: '' });
