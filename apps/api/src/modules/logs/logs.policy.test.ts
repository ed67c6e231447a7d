import { describe, expect, it } from 'vitest';
import { dateRangeRefusal } from './logs.policy.ts';

describe('log rules', () => {
  it('accepts open and ordered ranges and refuses a reversed one', () => {
    const early = new Date('2025-01-01T00:00:00Z');
    const late = new Date('2025-02-01T00:00:00Z');
    expect(dateRangeRefusal({})).toBeNull();
    expect(dateRangeRefusal({ from: early })).toBeNull();
    expect(dateRangeRefusal({ from: early, to: early })).toBeNull();
    expect(dateRangeRefusal({ from: early, to: late })).toBeNull();
    expect(dateRangeRefusal({ from: late, to: early })).toMatch(/from.*before.*to/);
  });
});
