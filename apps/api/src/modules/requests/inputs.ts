import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/**
 * Parses an operation's input with a shared schema built for the clock's now (the schemas that judge dates are
 * factories), answering VALIDATION_FAILED with the first issue's message and field, like the schema plugin does.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const path = (p: readonly PropertyKey[]) => p.map(String).join('.');
  const [first] = result.error.issues;
  throw new AppError('VALIDATION_FAILED', first?.message ?? 'Invalid input', {
    ...(first && first.path.length > 0 ? { field: path(first.path) } : {}),
    details: { issues: result.error.issues.map((issue) => ({ message: issue.message, path: issue.path.map(String) })) },
  });
};

/** The years a date of this module may name: PostgreSQL stores far more, but nothing sensible lies outside. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 9999;

/** VALIDATION_FAILED naming the field for a date outside 1900-9999 (a typo or a hostile value), before SQL sees it. */
export const checkDates = (dates: Record<string, Date | null | undefined>): void => {
  for (const [field, date] of Object.entries(dates)) {
    if (!date) continue;
    const year = date.getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR)
      throw new AppError('VALIDATION_FAILED', `The ${field} must be a date between the years ${FIRST_YEAR} and ${LAST_YEAR}`, { field });
  }
};
