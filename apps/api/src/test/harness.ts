import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { inject } from 'vitest';
import { type App, createApp } from '../app.ts';
import { type Env, loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';

export type GraphQLResult<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: string; field?: string | null; details?: unknown } }[];
};

export type TestServer = {
  url: string;
  app: App;
  env: Env;
  database: DatabaseHandle;
  /** POSTs a GraphQL operation as a client would, with an optional bearer token and headers. */
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; headers?: Record<string, string> },
  ) => Promise<GraphQLResult<T>>;
  close: () => Promise<void>;
};

/**
 * Starts the real server in-process on a free port, against an in-memory PGlite, or against the
 * run's PostgreSQL database when TEST_DATABASE_URL is set.
 */
export const startTestServer = async (overrides: Record<string, string> = {}): Promise<TestServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-test-'));
  const databaseUrl = inject('testDatabaseUrl');
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    WEB_DIST: path.join(dataDir, 'web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: 'memory://' });
  const app = await createApp({ env, database, logger: createLogger(env.LOG_LEVEL) });
  const url = await app.server.listen(0, '127.0.0.1');
  return {
    url,
    app,
    env,
    database,
    gql: async (query, variables, options = {}) => {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResult<never>;
    },
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
