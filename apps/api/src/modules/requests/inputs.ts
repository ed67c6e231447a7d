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
