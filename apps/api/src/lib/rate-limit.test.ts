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

describe('createRateLimiter memory', () => {
  it('forgets expired windows as time passes, without a sweep', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 5, windowMs: 1000 }, () => now);
    for (let i = 0; i < 500; i += 1) limiter.hit(`ip-${i}`);
    expect(limiter.size).toBe(500);
    now = 1000;
    limiter.hit('late');
    expect(limiter.size).toBe(1);
  });

  it('keeps at most maxKeys windows under a flood of distinct keys, and still limits the newest', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, () => 0, 100);
    for (let i = 0; i < 10_000; i += 1) limiter.hit(`spoofed-${i}`);
    expect(limiter.size).toBe(100);
    expect(() => limiter.hit('spoofed-9999')).toThrow(AppError);
  });

  it('keeps counting a key whose window restarted after others opened', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, () => now);
    limiter.hit('a');
    now = 500;
    limiter.hit('b');
    now = 1000;
    limiter.hit('a');
    now = 1400;
    expect(() => limiter.hit('a')).toThrow(AppError);
    expect(limiter.size).toBe(2);
  });
});
