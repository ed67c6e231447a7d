import { describe, expect, it } from 'vitest';
import { diffRows } from './diff.ts';
import { compactFilter, endOfDay, rangeError, startOfDay } from './filters.ts';

describe('audit changes as a before/after table', () => {
  it('marks added, removed, changed and unchanged fields, sorted by field', () => {
    expect(
      diffRows({
        name: { before: 'Old', after: 'New' },
        website: { before: null, after: 'https://x.example' },
        location: { before: 'Oslo', after: null },
        permissions: { before: ['a', 'b'], after: ['a', 'b'] },
      }),
    ).toEqual([
      { field: 'location', before: 'Oslo', after: '—', kind: 'removed' },
      { field: 'name', before: 'Old', after: 'New', kind: 'changed' },
      { field: 'permissions', before: 'a, b', after: 'a, b', kind: 'unchanged' },
      { field: 'website', before: '—', after: 'https://x.example', kind: 'added' },
    ]);
    expect(diffRows(null)).toEqual([]);
  });
});

describe('log filters', () => {
  it('covers whole days and refuses a reversed range', () => {
    expect(new Date(startOfDay('2026-03-01') ?? '').getHours()).toBe(0);
    expect(new Date(endOfDay('2026-03-01') ?? '').getMilliseconds()).toBe(999);
    expect(startOfDay('')).toBeNull();
    expect(rangeError('2026-03-02', '2026-03-01')).toMatch(/on or before/);
    expect(rangeError('2026-03-01', '2026-03-01')).toBeNull();
  });
  it('sends only the filters in use', () => {
    expect(compactFilter({ userId: '', status: 'failure', from: null })).toEqual({ status: 'failure' });
    expect(compactFilter({ userId: '' })).toBeNull();
  });
});
