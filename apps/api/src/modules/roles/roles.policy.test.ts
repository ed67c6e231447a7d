import { describe, expect, it } from 'vitest';
import {
  administratorRemovalRefusal,
  canSeeRole,
  isReservedRoleName,
  missingGrants,
  roleDeletionRefusal,
  roleEditRefusal,
} from './roles.policy.ts';
import { primaryRoleKey } from '../../lib/identity/system-roles.ts';

const system = { name: 'Viewer', scope: 'system', organizationId: null, key: 'viewer' };
const custom = (organizationId: string) => ({ name: 'Auditor', scope: 'organization', organizationId, key: null });

describe('role rules', () => {
  it('shows system roles to everyone and custom roles to their own organization only', () => {
    expect(canSeeRole({ organizationId: 'o1' }, system)).toBe(true);
    expect(canSeeRole({ organizationId: 'o1' }, custom('o1'))).toBe(true);
    expect(canSeeRole({ organizationId: 'o1' }, custom('o2'))).toBe(false);
    expect(canSeeRole({ organizationId: 'o1' }, { scope: 'system', organizationId: 'o1' })).toBe(false);
  });

  it('refuses to edit or delete a system role, naming it', () => {
    expect(roleEditRefusal(system)).toMatch(/"Viewer" is a system role/);
    expect(roleEditRefusal(custom('o1'))).toBeNull();
    expect(roleDeletionRefusal(system, 0)).toMatch(/system role/);
  });

  it('refuses to delete a role that users hold, saying how many', () => {
    expect(roleDeletionRefusal(custom('o1'), 0)).toBeNull();
    expect(roleDeletionRefusal(custom('o1'), 1)).toMatch(/held by 1 user;/);
    expect(roleDeletionRefusal(custom('o1'), 3)).toMatch(/held by 3 users;/);
  });

  it('reserves the names and keys of system roles, in any case', () => {
    expect(isReservedRoleName(' viewer ')).toBe(true);
    expect(isReservedRoleName('Organization Administrator')).toBe(true);
    expect(isReservedRoleName('organization_admin')).toBe(true);
    expect(isReservedRoleName('Auditor')).toBe(false);
  });

  it('lists the permissions a caller would grant without holding them', () => {
    const held = new Set(['roles:read', 'uploads:read']);
    expect(missingGrants(held, ['uploads:read'])).toEqual([]);
    expect(missingGrants(held, ['users:delete', 'uploads:read', 'audit-logs:read', 'users:delete'])).toEqual([
      'audit-logs:read',
      'users:delete',
    ]);
  });

  it('derives users.role from the most privileged system role held', () => {
    expect(primaryRoleKey(['viewer', 'organization_admin'], false)).toBe('organization_admin');
    expect(primaryRoleKey(['viewer', 'contributor'], true)).toBe('contributor');
    expect(primaryRoleKey([null], true)).toBe('custom');
    expect(primaryRoleKey([], false)).toBe('none');
  });
});

describe('administrator rules', () => {
  it('refuses an administrator removing their own administrator role', () => {
    expect(administratorRemovalRefusal({ actorUserId: 'a', administratorUserIds: ['a', 'b'], losingUserIds: ['a'] })).toMatch(
      /your own administrator role/,
    );
  });

  it('refuses removing the last active administrator', () => {
    expect(administratorRemovalRefusal({ actorUserId: 'x', administratorUserIds: ['a'], losingUserIds: ['a'] })).toMatch(
      /last administrator/,
    );
    expect(administratorRemovalRefusal({ actorUserId: 'x', administratorUserIds: ['a', 'b'], losingUserIds: ['a', 'b'] })).toMatch(
      /last administrator/,
    );
  });

  it('allows removing an administrator while another one stays, or one who is not active', () => {
    expect(administratorRemovalRefusal({ actorUserId: 'a', administratorUserIds: ['a', 'b'], losingUserIds: ['b'] })).toBeNull();
    expect(administratorRemovalRefusal({ actorUserId: 'a', administratorUserIds: ['a'], losingUserIds: ['pending-invitee'] })).toBeNull();
    expect(administratorRemovalRefusal({ actorUserId: 'a', administratorUserIds: ['a'], losingUserIds: [] })).toBeNull();
  });
});
