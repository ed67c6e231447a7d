import { describe, expect, it } from 'vitest';
import { buildMatrix, permissionChanges } from './matrix.ts';

describe('permission matrix', () => {
  const permissions = [
    { id: '1', resource: 'users', action: 'delete', description: '' },
    { id: '2', resource: 'users', action: 'read', description: '' },
    { id: '3', resource: 'audit-logs', action: 'read', description: '' },
    { id: '4', resource: 'organization', action: 'clear-data', description: '' },
    { id: '5', resource: 'users', action: 'invite', description: '' },
  ];
  it('lays resources out alphabetically and actions read-first', () => {
    const matrix = buildMatrix(permissions);
    expect(matrix.resources).toEqual(['audit-logs', 'organization', 'users']);
    expect(matrix.actions).toEqual(['read', 'invite', 'delete', 'clear-data']);
    expect(matrix.at('users', 'invite')?.id).toBe('5');
    expect(matrix.at('audit-logs', 'delete')).toBeUndefined();
  });
  it('computes what to assign and what to remove', () => {
    expect(permissionChanges(new Set(['1', '2']), new Set(['2', '3']))).toEqual({ assign: ['3'], remove: ['1'] });
    expect(permissionChanges(new Set(['1']), new Set(['1']))).toEqual({ assign: [], remove: [] });
  });
});
