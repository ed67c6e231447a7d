import { describe, expect, it } from 'vitest';
import { hashDuplicateKey } from './entry-keys.ts';
import { KeyIndex } from './key-index.ts';

describe('KeyIndex', () => {
  it('keeps each hash once with the row it was first seen on, through growth', () => {
    const index = new KeyIndex(4);
    for (let i = 0; i < 50_000; i++) expect(index.add(hashDuplicateKey(`9321483|2024-01-${i}`), i + 2)).toBe(true);
    expect(index.size).toBe(50_000);
    expect(index.add(hashDuplicateKey('9321483|2024-01-77'), 999)).toBe(false);
    expect(index.get(hashDuplicateKey('9321483|2024-01-77'))).toBe(79);
    expect(index.has(hashDuplicateKey('another key'))).toBe(false);
    expect(index.add(0, 5)).toBe(true);
    expect(index.get(0)).toBe(5);
  });

  it('hashes keys to 53-bit integers', () => {
    const hash = hashDuplicateKey('9321483|2024-01-01|2024-01-31');
    expect(Number.isSafeInteger(hash)).toBe(true);
    expect(hash).toBe(hashDuplicateKey('9321483|2024-01-01|2024-01-31'));
    expect(hash).not.toBe(hashDuplicateKey('9321483|2024-01-01|2024-01-30'));
  });
});
