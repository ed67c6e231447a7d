import { describe, expect, it } from 'vitest';
import { toSortInput } from './sort.ts';

describe('server sort variable', () => {
  const fields = { added: 'createdAt', name: 'name' } as const;
  it('maps a header to its server field and direction, and no sort or an unknown column to the default order', () => {
    expect(toSortInput({ columnId: 'added', direction: 'desc' }, fields)).toEqual({ field: 'createdAt', direction: 'DESC' });
    expect(toSortInput({ columnId: 'name', direction: 'asc' }, fields)).toEqual({ field: 'name', direction: 'ASC' });
    expect(toSortInput({ columnId: 'status', direction: 'asc' }, fields)).toBeNull();
    expect(toSortInput(null, fields)).toBeNull();
  });
});
