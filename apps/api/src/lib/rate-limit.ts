import { AppError } from './errors.ts';

export type RateLimitRule = { limit: number; windowMs: number };

/** Keys one limiter remembers at most; past it the oldest window is forgotten. */
export const DEFAULT_MAX_KEYS = 10_000;

/**
 * Fixed-window counter per key, in process memory. Enough for one server process; a shared store
 * is needed once the API runs on several instances.
 *
 * Memory is bounded: windows are kept in the order they opened, so expired ones are dropped from
 * the front on every hit (constant work per hit, no full sweep), and past `maxKeys` live keys (a
 * flood of distinct addresses) the oldest window is forgotten rather than the map growing.
 */
export const createRateLimiter = (rule: RateLimitRule, now: () => number = Date.now, maxKeys = DEFAULT_MAX_KEYS) => {
  const windows = new Map<string, { start: number; count: number }>();
  const dropExpired = (time: number) => {
    for (const [key, window] of windows) {
      if (time - window.start < rule.windowMs) break;
      windows.delete(key);
    }
  };
  return {
    /** Counts one hit for the key and throws RATE_LIMITED past the limit. */
    hit: (key: string, what = 'requests') => {
      const time = now();
      dropExpired(time);
      const current = windows.get(key);
      if (!current || time - current.start >= rule.windowMs) {
        // Re-inserting keeps the map ordered by window start.
        windows.delete(key);
        windows.set(key, { start: time, count: 1 });
        for (const oldest of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(oldest);
        }
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
    /** Keys remembered now (for tests and diagnostics). */
    get size() {
      return windows.size;
    },
    reset: () => windows.clear(),
  };
};
