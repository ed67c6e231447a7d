import { pino } from 'pino';

export type Logger = pino.Logger;

type Serialized = Record<string, unknown>;

/** Fields of a database driver's error (pg, PGlite) that name schema objects, never values. */
const DRIVER_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;
/** Fields of GraphQL errors worth keeping: where in the operation, and the client-facing extensions. */
const GRAPHQL_FIELDS = ['path', 'locations'] as const;

const isError = (value: unknown): value is Error => value instanceof Error;

/** A failed statement as Drizzle reports it: the SQL text, its parameters, and the driver's error. */
const isQueryError = (value: unknown): value is Error & { query: string; params: unknown } =>
  isError(value) && typeof (value as { query?: unknown }).query === 'string' && 'params' in value;

/** A driver error: PostgreSQL's SQLSTATE code and severity. */
const isDriverError = (value: unknown): value is Error & Record<string, unknown> =>
  isError(value) && typeof (value as { severity?: unknown }).severity === 'string';

/** PostgreSQL quotes the offending input at the end ("invalid input syntax for type uuid: \"…\""). */
const withoutQuotedInput = (message: string) => message.replace(/: "(?:[^"\\]|\\.)*"$/s, ': [redacted]');

/** The error and everything it wraps (cause, originalError, aggregated errors), each once. */
const chainOf = (root: Error) => {
  const chain: Error[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0 && chain.length < 20) {
    const next = pending.shift();
    if (!isError(next) || chain.includes(next)) continue;
    chain.push(next);
    pending.push((next as { originalError?: unknown }).originalError, next.cause);
    const inner = (next as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return chain;
};

/**
 * Serializes an error for the log without the values of a failed SQL statement. Drizzle puts the
 * parameters (emails, names, whatever the client sent) into the message of its error, and every
 * wrapper (GraphQL's located error, Yoga) repeats that message and stack; PostgreSQL repeats the
 * input in its message and `detail`. Each message and stack is rewritten with the parameters cut,
 * and only fields known to be safe are copied.
 */
export const serializeError = (error: unknown): unknown => {
  if (!isError(error)) return error;
  const chain = chainOf(error);
  const replacements: [string, string][] = [];
  for (const item of chain) {
    if (isQueryError(item)) replacements.push([item.message, `Failed query: ${item.query}\nparams: [redacted]`]);
    else if (isDriverError(item)) replacements.push([item.message, withoutQuotedInput(item.message)]);
  }
  const clean = (text: string) =>
    replacements.reduce((result, [secret, safe]) => (secret ? result.split(secret).join(safe) : result), text);
  const serializeOne = (item: Error, depth: number): Serialized => {
    const out: Serialized = {
      type: item.constructor?.name ?? item.name,
      message: clean(item.message),
      stack: clean(item.stack ?? ''),
    };
    if (isQueryError(item)) out.query = item.query;
    if (isDriverError(item)) {
      for (const key of DRIVER_FIELDS) if (item[key] !== undefined) out[key] = item[key];
    } else {
      const { code } = item as { code?: unknown };
      if (typeof code === 'string') out.code = code;
    }
    for (const key of GRAPHQL_FIELDS) {
      const value = (item as unknown as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    }
    const extensions = (item as { extensions?: Record<string, unknown> }).extensions;
    if (extensions && typeof extensions === 'object') {
      const { code, field, details } = extensions;
      out.extensions = { code, field, details };
    }
    if (depth < 5) {
      const inner = (item as { originalError?: unknown }).originalError ?? item.cause;
      if (isError(inner) && inner !== item) out.cause = serializeOne(inner, depth + 1);
      const aggregated = (item as { errors?: unknown }).errors;
      if (Array.isArray(aggregated))
        out.errors = aggregated
          .filter(isError)
          .slice(0, 10)
          .map((e) => serializeOne(e, depth + 1));
    }
    return out;
  };
  return serializeOne(error, 0);
};

/**
 * Root logger. Secrets never reach it: tokens, passwords and codes are redacted by path, and errors
 * are serialized without the parameters of failed SQL statements. `destination` lets a test read
 * what would be written.
 */
export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // pino turns `logger.error(error)` into a line whose `msg` is error.message, bypassing the
        // serializer; give it the serialized (redacted) message instead.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (!isError(first)) return method.apply(this, args);
          const message = typeof rest[0] === 'string' ? rest[0] : String((serializeError(first) as { message: string }).message);
          return method.apply(this, [{ err: first }, message, ...(typeof rest[0] === 'string' ? rest.slice(1) : rest)] as Parameters<
            typeof method
          >);
        },
      },
      redact: {
        paths: [
          'req.headers.authorization',
          '*.password',
          '*.authSecret',
          '*.token',
          '*.code',
          '*.refreshToken',
          'variables.input.authSecret',
          'variables.input.password',
          'variables.input.code',
          'variables.input.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
