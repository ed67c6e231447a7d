import { AppError } from './errors.ts';

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Fixed-window counter per key, in process memory. Enough for one server process; a shared store
 * is needed once the API runs on several instances.
 */
export const createRateLimiter = (rule: RateLimitRule, now: () => number = Date.now) => {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one hit for the key and throws RATE_LIMITED past the limit. */
    hit: (key: string, what = 'requests') => {
      const time = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (time - w.start >= rule.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || time - current.start >= rule.windowMs) {
        windows.set(key, { start: time, count: 1 });
        return;
      }
      current.count += 1;
      if (current.count > rule.limit) {
        const retryAfterSeconds = Math.ceil((current.start + rule.windowMs - time) / 1000);
        throw new AppError('RATE_LIMITED', `Too many ${what}. Please wait ${retryAfterSeconds} seconds and try again.`, {
          details: { retryAfterSeconds },
        });
      }
    },
    reset: () => windows.clear(),
  };
};
