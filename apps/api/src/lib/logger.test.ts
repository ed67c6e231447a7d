import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, serializeError } from './logger.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});

afterAll(async () => {
  await database?.close();
});

/** The error a failed statement really throws, as a resolver would see it wrapped by GraphQL. */
const failedStatement = async (statement: ReturnType<typeof sql>) => {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return new GraphQLError((error as Error).message, { originalError: error as Error, path: ['login'] });
  }
  throw new Error('the statement should have failed');
};

const logged = (error: unknown) => {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  logger.error({ err: error }, 'unexpected error');
  logger.child({ requestId: 'r-1' }).error(error as Error);
  return lines.join('\n');
};

describe('error serialization', () => {
  it('keeps the SQL text of a failed statement and drops its parameters from every message and stack', async () => {
    const error = await failedStatement(sql`select id from users where email = ${'secret.person\u0000@example.com'}`);
    expect(JSON.stringify(error.originalError?.message)).toContain('secret.person');
    const text = logged(error);
    expect(text).not.toContain('secret.person');
    expect(text).toContain('from users where email = $1');
    expect(text).toContain('params: [redacted]');
    expect(text).toContain('"path":["login"]');
  });

  it('drops the input PostgreSQL quotes back in its own message and detail', async () => {
    const error = await failedStatement(sql`select ${'not-a-uuid-secret'}::uuid`);
    const text = logged(error);
    expect(text).not.toContain('not-a-uuid-secret');
    expect(text).toContain('22P02');
  });

  it('leaves other errors readable, with their code and cause', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const serialized = serializeError(new Error('database unavailable', { cause })) as Record<string, unknown>;
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'database unavailable',
      cause: { message: cause.message, code: 'ECONNREFUSED' },
    });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
