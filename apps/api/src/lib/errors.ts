import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'LOCKED'
  | 'EXPIRED'
  | 'INTERNAL_SERVER_ERROR';

export type AppErrorOptions = {
  field?: string;
  details?: Record<string, unknown>;
};

/**
 * The one error the API throws on purpose. Its extensions carry the spec's Response error fields
 * (`code`, `field`, `details`); anything else thrown is masked before it reaches a client.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, {
      extensions: { code, field: options.field ?? null, details: options.details ?? null },
    });
    this.code = code;
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Unauthenticated');
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (resource: string, id?: string) =>
  new AppError('NOT_FOUND', `${resource} not found`, id ? { details: { id } } : {});

export const MASKED_MESSAGE = 'Something went wrong. Please try again.';

/** True for errors that are safe to show to a client as they are. */
export const isExpectedError = (error: unknown): boolean => {
  if (error instanceof AppError) return true;
  if (error instanceof GraphQLError) {
    // Errors raised by GraphQL itself (syntax, validation, variable coercion) have no original error.
    if (!error.originalError) return true;
    return isExpectedError(error.originalError);
  }
  return false;
};
