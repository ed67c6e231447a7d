import { inject } from 'vitest';

/**
 * Redis for the live-event tests: TEST_REDIS_URL, or the local Redis whenever the PostgreSQL tests run
 * (`npm run test:pg`, CI's step with services). Null otherwise, so `npm test` on a machine without
 * Redis skips them; when they run, an unreachable Redis fails them.
 */
export const testRedisUrl = (): string | null =>
  process.env.TEST_REDIS_URL || (inject('testDatabaseUrl') ? 'redis://127.0.0.1:6379' : null);
