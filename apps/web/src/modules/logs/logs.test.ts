import { describe, expect, it } from 'vitest';
import { diffRows } from './diff.ts';

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
