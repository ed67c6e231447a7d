import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows the limit, refuses the next hit with RATE_LIMITED, and opens again after the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 }, () => now);
    limiter.hit('ip');
    limiter.hit('ip');
    let error: unknown;
    try {
      limiter.hit('ip', 'sign-in attempts');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).message).toBe('Too many sign-in attempts. Please wait 1 seconds and try again.');
    limiter.hit('other-ip');
    now = 1000;
    expect(() => limiter.hit('ip')).not.toThrow();
  });
});
