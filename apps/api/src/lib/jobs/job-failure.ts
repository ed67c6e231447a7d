import { serializeError } from '../logger.ts';

/** Why attempts fail, in the words stored with the job and handed to `onFailed`. */
export const STOPPED_WHILE_RUNNING = 'the process stopped while the job ran';
/** pg-boss's own failure texts, said in words a person reading a failed job understands. */
const REASONS: Record<string, string> = {
  'job failed by timeout in active state': 'the job did not finish in time (it ran too long, or the process running it stopped)',
  'pg-boss shut down while active': STOPPED_WHILE_RUNNING,
};

export const deadLetterOf = (name: string) => `${name}.failed`;

/** The reason pg-boss stored as a job's output: a thrown error, an expiry, or a shutdown. */
export const failureReason = (output: unknown): string | null => {
  if (output === null || output === undefined) return null;
  const pick = (value: unknown): string | null => {
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') {
      const { message, value: inner } = value as { message?: unknown; value?: unknown };
      if (typeof message === 'string') return message;
      return pick(inner);
    }
    return null;
  };
  const reason = pick(output) ?? 'unknown reason';
  return REASONS[reason] ?? reason;
};

/**
 * The error stored for a failed attempt: the message only, cut the way the log cuts it (a failed SQL
 * statement's parameters never reach the job table), and no stack.
 */
export class JobAttemptError extends Error {
  constructor(cause: unknown) {
    const serialized = serializeError(cause);
    const message =
      serialized && typeof serialized === 'object' && typeof (serialized as { message?: unknown }).message === 'string'
        ? (serialized as { message: string }).message
        : String(cause);
    super(message);
    this.name = 'JobAttemptError';
    this.stack = undefined;
  }
}
