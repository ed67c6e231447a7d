import { describe, expect, it } from 'vitest';
import { userRoleChanges } from './user-roles-dialog.tsx';
import { roleLabel, userStatus } from './user-status.ts';

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
