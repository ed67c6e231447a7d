import { describe, expect, it } from 'vitest';
import type { AppNavItem } from '../../../app/layouts/app-layout.tsx';
import { compactFilter, endOfDay, rangeError, startOfDay } from '../logs/filters.ts';
import { diffRows } from '../logs/diff.ts';
import { appNavigation, visibleNavigation } from '../navigation.ts';
import { buildMatrix, permissionChanges } from '../roles/matrix.ts';
import { relationshipActions } from '../suppliers/transitions.ts';
import { userRoleChanges } from '../users/user-roles-dialog.tsx';
import { roleLabel, userStatus } from '../users/user-status.ts';
import { errorMessage, FALLBACK_MESSAGE, mutationFailure } from './errors.ts';
import { toSortInput } from './sort.ts';

const labels = (items: AppNavItem[]) => items.map((i) => i.label);

describe('navigation by permission', () => {
  it('a viewer (organisation and supplier reads only) gets no administration menu', () => {
    const nav = visibleNavigation(appNavigation, new Set(['organization:read', 'suppliers:read', 'uploads:read']));
    expect(nav.administration).toEqual([]);
    expect(labels(nav.main)).toEqual(['Organisation', 'Suppliers', 'My account']);
  });
  it('an administrator sees every administration screen', () => {
    const all = new Set(appNavigation.flatMap((i) => (i.permission ? [i.permission] : [])));
    expect(labels(visibleNavigation(appNavigation, all).administration)).toEqual([
      'Users',
      'Roles & permissions',
      'Audit log',
      'Sign-in log',
    ]);
  });
  it('shows one administration item for one permission, and nothing conditional without permissions', () => {
    expect(labels(visibleNavigation(appNavigation, new Set(['login-logs:read'])).administration)).toEqual(['Sign-in log']);
    expect(labels(visibleNavigation(appNavigation, new Set()).main)).toEqual(['My account']);
  });
});

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

describe('user roles and status', () => {
  const held = [
    { id: 'ur-1', authorizationRoleId: 'viewer', role: { id: 'viewer', name: 'Viewer' } },
    { id: 'ur-2', authorizationRoleId: 'auditor', role: { id: 'auditor', name: 'Auditor' } },
  ];
  it('turns chosen roles into links to create and links to delete', () => {
    expect(userRoleChanges(held, new Set(['viewer', 'contributor']))).toEqual({ create: ['contributor'], remove: ['ur-2'] });
  });
  it('reads locked before invited before active', () => {
    expect(userStatus({ lockedAt: '2026-01-01T00:00:00Z', registered: false })).toBe('locked');
    expect(userStatus({ lockedAt: null, registered: false })).toBe('invited');
    expect(userStatus({ lockedAt: null, registered: true })).toBe('active');
  });
  it('labels system, custom and missing roles', () => {
    expect(roleLabel('organization_admin')).toBe('Organization administrator');
    expect(roleLabel('custom')).toBe('Custom role');
    expect(roleLabel('none')).toBe('No role');
  });
});

describe('supplier relationship actions follow the shared state machine', () => {
  it('offers only allowed manual transitions', () => {
    expect(relationshipActions('active').map((a) => a.to)).toEqual(['suspended', 'ended']);
    expect(relationshipActions('suspended').map((a) => a.to)).toEqual(['active', 'ended']);
    expect(relationshipActions('pending').map((a) => a.to)).toEqual(['ended']);
    expect(relationshipActions('ended')).toEqual([]);
  });
});

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

describe('error messages', () => {
  it('uses the server message, or the spec fallback for masked and missing errors', () => {
    const error = (message: string, code?: string) => ({ graphQLErrors: [{ message, extensions: { code } }] }) as never;
    expect(errorMessage(error('The last administrator cannot be removed.', 'CONFLICT'))).toBe('The last administrator cannot be removed.');
    expect(errorMessage(error('boom', 'INTERNAL_SERVER_ERROR'))).toBe(FALLBACK_MESSAGE);
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
  it('treats success: false as a failure and a missing payload as the fallback', () => {
    expect(mutationFailure({ data: { r: { success: false, message: 'Nope', errors: [] } } }, (d) => d.r)).toBe('Nope');
    expect(mutationFailure({ data: { r: { success: true } } }, (d) => d.r)).toBeNull();
    expect(mutationFailure({ data: null }, () => null)).toBe(FALLBACK_MESSAGE);
  });
});

describe('server sort variable', () => {
  const fields = { added: 'createdAt', name: 'name' } as const;
  it('maps a header to its server field and direction, and no sort or an unknown column to the default order', () => {
    expect(toSortInput({ columnId: 'added', direction: 'desc' }, fields)).toEqual({ field: 'createdAt', direction: 'DESC' });
    expect(toSortInput({ columnId: 'name', direction: 'asc' }, fields)).toEqual({ field: 'name', direction: 'ASC' });
    expect(toSortInput({ columnId: 'status', direction: 'asc' }, fields)).toBeNull();
    expect(toSortInput(null, fields)).toBeNull();
  });
});
