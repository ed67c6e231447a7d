import { describe, expect, it } from 'vitest';
import { hasExpiredLock, isLocked } from './locks.ts';

const now = new Date('2030-01-01T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('isLocked', () => {
  it('is false for a user that was never locked', () => {
    expect(isLocked({ lockedAt: null, lockedUntil: null }, now)).toBe(false);
  });
  it('holds until lockedUntil and then releases', () => {
    expect(isLocked({ lockedAt: minutes(-1), lockedUntil: minutes(14) }, now)).toBe(true);
    expect(isLocked({ lockedAt: minutes(-16), lockedUntil: minutes(-1) }, now)).toBe(false);
    expect(hasExpiredLock({ lockedAt: minutes(-16), lockedUntil: minutes(-1) }, now)).toBe(true);
  });
  it('holds forever without an end', () => {
    expect(isLocked({ lockedAt: minutes(-600), lockedUntil: null }, now)).toBe(true);
  });
});
