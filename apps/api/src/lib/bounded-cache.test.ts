import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache.ts';

describe('createBoundedCache', () => {
  it('drops the least recently used entries past the entry count', () => {
    const cache = createBoundedCache<number>({ maxEntries: 2, maxWeight: 1000, weigh: () => 1 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('keeps the total weight under its budget and never stores one entry heavier than an eighth of it', () => {
    const cache = createBoundedCache<string>({ maxEntries: 1000, maxWeight: 800, weigh: (key) => key.length });
    for (let i = 0; i < 500; i += 1) cache.set(`${i}`.padEnd(90, 'x'), 'v');
    expect(cache.weight).toBeLessThanOrEqual(800);
    expect(cache.size).toBe(8);
    cache.set('y'.repeat(101), 'too heavy');
    expect(cache.get('y'.repeat(101))).toBeUndefined();
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const cache = createBoundedCache<string>({ maxEntries: 10, maxWeight: 100, weigh: (_key, value) => value.length });
    cache.set('k', 'aaaa');
    cache.set('k', 'bb');
    expect([cache.get('k'), cache.size, cache.weight]).toEqual(['bb', 1, 2]);
  });
});
